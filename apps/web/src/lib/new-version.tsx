/**
 * After a deploy, a tab opened before it asks for chunks of the old build, which are gone. The
 * page then reloads once to the new build; if it reloaded for this very reason a moment ago (the
 * marker in sessionStorage), it does not loop but says a new version is available, with a button.
 */
const MARKER = 'atelier.reloadedForNewBuild';
export const RELOAD_GUARD_MS = 5 * 60 * 1000;

const STALE_CHUNK =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** Whether an import failed because its file is missing (or unreachable), not because its code threw. */
export function isStaleChunkError(err: unknown): boolean {
  return err instanceof Error && STALE_CHUNK.test(err.message);
}

/** Reloads the page, unless it already did so for a missing chunk within the guard time. */
export function reloadOnceForNewBuild(reload: () => void = () => window.location.reload(), now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(MARKER));
    if (last && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(MARKER, String(now));
  } catch {
    // Without storage there is no loop guard: say so instead of reloading.
    return false;
  }
  reload();
  return true;
}

export function NewVersionNotice() {
  return (
    <div className="new-version container" role="alert">
      <p>A new version is available — reload to continue.</p>
      {/* The kit's button classes without its module: this file rides in the entry chunk. */}
      <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

/**
 * What `orNewVersion` (stale-chunk.ts) does with a failed import: a chunk of an old build that is
 * gone reloads the page once (the placeholder stays until it does), and after that shows
 * `NewVersionNotice` in its place. Other failures pass through.
 */
export function afterFailedChunk<T>(err: unknown): Promise<{ default: T }> {
  if (!isStaleChunkError(err)) return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  if (reloadOnceForNewBuild()) return new Promise<never>(() => undefined);
  // The notice takes no props; it stands in for whatever the chunk held.
  return Promise.resolve({ default: NewVersionNotice as unknown as T });
}
