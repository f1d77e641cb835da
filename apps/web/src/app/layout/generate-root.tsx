import { lazy, Suspense } from 'react';
import { useAppSelector, useOnceTrue } from '../hooks';
import { GenerationLiveUpdates } from '../../features/generation';
import { RealtimeProvider } from '../../features/realtime';

// Their own chunks, reached by path like the router's pages, fetched the first time they are needed: the dialog when it is first opened, the
// application updates when someone is signed in (the server sends events to nobody else), the
// support chat when someone who may use it is.
const ApplicationUpdates = lazy(() =>
  import('../../features/jobs/components/application-updates').then((m) => ({ default: m.ApplicationUpdates })),
);
const GenerateDialog = lazy(() =>
  import('../../features/generation/components/generate-dialog').then((m) => ({ default: m.GenerateDialog })),
);
const SupportChat = lazy(() =>
  import('../../features/messaging/components/support-chat').then((m) => ({ default: m.SupportChat })),
);

/**
 * Mounted once in the layout: the realtime connection for the signed-in person, the live updates it
 * carries (generations, application status changes), the support chat and the global Generate dialog.
 */
export function GenerateRoot() {
  const wantsDialog = useOnceTrue(useAppSelector((s) => s.ui.modelDialog.isOpen));
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const wantsChat = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user?.role === 'user');
  return (
    <RealtimeProvider>
      <GenerationLiveUpdates />
      <Suspense fallback={null}>
        {isSignedIn && <ApplicationUpdates />}
        {wantsDialog && <GenerateDialog />}
        {wantsChat && <SupportChat />}
      </Suspense>
    </RealtimeProvider>
  );
}
