import { GenerationLiveUpdates } from '../../features/generation';
import { RealtimeProvider } from '../../features/realtime';

/**
 * The signed-in person's realtime connection (which also mirrors credit changes into the header) and
 * the generation events it carries. Its own chunk, with socket handling and the generation API,
 * mounted by GenerateRoot only while someone is signed in.
 */
export function LiveUpdates() {
  return (
    <RealtimeProvider>
      <GenerationLiveUpdates />
    </RealtimeProvider>
  );
}
