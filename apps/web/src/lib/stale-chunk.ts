import type * as NewVersion from './new-version';

/**
 * The entry's small part of the deploy guard (new-version.tsx holds the rest, in its own chunk).
 * That chunk is fetched once the page has loaded, so it is at hand when, after a deploy, a chunk of
 * the build this tab runs is gone from the server.
 */
let newVersion: Promise<typeof NewVersion> | undefined;
const loadNewVersion = () =>
  (newVersion ??= import('./new-version').catch((err: unknown) => {
    newVersion = undefined;
    throw err;
  }));

export function keepNewVersionAtHand(): void {
  const soon = () => setTimeout(() => void loadNewVersion().catch(() => undefined), 3000);
  if (document.readyState === 'complete') soon();
  else addEventListener('load', soon, { once: true });
}

/** For `lazy()`: a chunk of an old build reloads the page once, then says a new version is available. */
export function orNewVersion<T>(load: Promise<{ default: T }>): Promise<{ default: T }> {
  return load.catch((err: unknown) =>
    loadNewVersion().then(
      (m) => m.afterFailedChunk<T>(err),
      () => Promise.reject(err instanceof Error ? err : new Error(String(err))),
    ),
  );
}
