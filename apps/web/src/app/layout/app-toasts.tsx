import { ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import { LIMITS } from '@atelier/shared';

/**
 * Alt+T moves keyboard focus to the notifications (spec §2 "Other UI"): for a signed-in person the
 * bell's list (it listens itself), for a visitor the latest messages here.
 */
const isToastHotKey = (event: KeyboardEvent) =>
  event.altKey && event.code === 'KeyT' && !document.querySelector('.notification-bell');

/** The one toast area of the app: top right, closes after 5 s, light theme. */
export function AppToasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={LIMITS.toastAutoCloseMs}
      theme="light"
      hotKeys={isToastHotKey}
      aria-label="Notifications Alt+T"
      newestOnTop
    />
  );
}
