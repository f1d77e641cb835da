import { RealtimeProvider } from '../../realtime/realtime-provider';
import { GenerateDialog } from './generate-dialog';
import { GenerationLiveUpdates } from './generation-live-updates';
import { SupportChat } from '../../messaging/components/support-chat';
import { ApplicationUpdates } from '../../jobs/components/application-updates';

/**
 * Mounted once in the layout: the realtime connection for the signed-in person, the live updates it
 * carries (generations, application status changes), the support chat and the global Generate dialog.
 */
export function GenerateRoot() {
  return (
    <RealtimeProvider>
      <GenerationLiveUpdates />
      <GenerateDialog />
      <SupportChat />
      <ApplicationUpdates />
    </RealtimeProvider>
  );
}
