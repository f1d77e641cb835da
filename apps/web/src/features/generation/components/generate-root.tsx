import { RealtimeProvider } from '../../realtime/realtime-provider';
import { GenerateDialog } from './generate-dialog';
import { GenerationLiveUpdates } from './generation-live-updates';
import { SupportChat } from '../../messaging/components/support-chat';

/**
 * Mounted once in the layout: the realtime connection for the signed-in person, the live generation
 * updates it carries, and the global Generate dialog.
 */
export function GenerateRoot() {
  return (
    <RealtimeProvider>
      <GenerationLiveUpdates />
      <GenerateDialog />
      <SupportChat />
    </RealtimeProvider>
  );
}
