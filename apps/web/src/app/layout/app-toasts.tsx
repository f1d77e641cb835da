import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { LIMITS } from '@atelier/shared';

const TOAST_POSITION = 'bottom-right';

/**
 * Alt+T moves keyboard focus to the notifications (spec §2 "Other UI"): for a signed-in person the
 * bell's list (it listens itself), for a visitor the latest messages here.
 */
const isToastHotKey = (event: KeyboardEvent) =>
  event.altKey && event.code === 'KeyT' && !document.querySelector('.notification-bell');

/**
 * The one toast area of the app: bottom right (across the bottom on a phone), closes after 5 s,
 * light theme. At the bottom it never covers a dialog's title on a phone or the header's credits
 * pill on a desktop.
 */
export function AppToasts() {
  return (
    <ToastContainer
      position={TOAST_POSITION}
      autoClose={LIMITS.toastAutoCloseMs}
      theme="light"
      hotKeys={isToastHotKey}
      aria-label="Notifications Alt+T"
      newestOnTop
    />
  );
}
