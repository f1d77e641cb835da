import { lazy, Suspense } from 'react';
import { useAppSelector, useOnceTrue } from '../../lib/hooks';
import { orNewVersion } from '../../lib/stale-chunk';

// Their own chunks, reached by path like the router's pages, fetched the first time they are needed:
// the dialog when it is first opened, the realtime connection with its live updates and the
// application updates when someone is signed in (the server sends events to nobody else), the
// support chat when someone who may use it is.
const LiveUpdates = lazy(() => import('./live-updates').then((m) => ({ default: m.LiveUpdates })));
const ApplicationUpdates = lazy(() =>
  import('../../features/jobs/components/application-updates').then((m) => ({ default: m.ApplicationUpdates })),
);
const GenerateDialog = lazy(() =>
  orNewVersion(
    import('../../features/generation/components/generate-dialog').then((m) => ({ default: m.GenerateDialog })),
  ),
);
const SupportChat = lazy(() =>
  import('../../features/messaging/components/support-chat').then((m) => ({ default: m.SupportChat })),
);

/**
 * Mounted once in the layout: the realtime connection for the signed-in person, the live updates it
 * carries (generations, application status changes), the support chat and the global Generate dialog.
 * The parts that listen to the server sit outside the connection's provider and reach the same
 * connection through its context's default (features/realtime), so each can arrive on its own.
 */
export function GenerateRoot() {
  const wantsDialog = useOnceTrue(useAppSelector((s) => s.ui.modelDialog.isOpen));
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user !== null);
  const wantsChat = useAppSelector((s) => s.auth.isAuthenticated && s.auth.user?.role === 'user');
  return (
    <>
      {/* Its own boundary: the connection's chunk arriving after sign-in never hides an open dialog. */}
      <Suspense fallback={null}>{isSignedIn && <LiveUpdates />}</Suspense>
      <Suspense fallback={null}>
        {isSignedIn && <ApplicationUpdates />}
        {wantsDialog && <GenerateDialog />}
        {wantsChat && <SupportChat />}
      </Suspense>
    </>
  );
}
