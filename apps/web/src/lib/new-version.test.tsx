import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RELOAD_GUARD_MS, isStaleChunkError, reloadOnceForNewBuild } from './new-version';
import { orNewVersion } from './stale-chunk';

const gone = () =>
  new TypeError('Failed to fetch dynamically imported module: https://atelier.test/assets/gallery-page-OLD.js');

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

function stubReload() {
  const reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  return reload;
}

describe('a tab left open across a deploy', () => {
  it('knows a missing chunk from a chunk whose code failed', () => {
    expect(isStaleChunkError(gone())).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isStaleChunkError(new ReferenceError('x is not defined'))).toBe(false);
  });

  it('reloads once, and not again within the guard time', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewBuild(reload, 1_000)).toBe(true);
    expect(reloadOnceForNewBuild(reload, 2_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewBuild(reload, 1_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads to the new build when a page’s chunk is gone, keeping the placeholder meanwhile', async () => {
    const reload = stubReload();
    const Page = lazy(() => orNewVersion(Promise.reject<{ default: () => null }>(gone())));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('says a new version is available, with a reload button, when it already reloaded', async () => {
    const reload = stubReload();
    sessionStorage.setItem('atelier.reloadedForNewBuild', String(Date.now()));
    const Page = lazy(() => orNewVersion(Promise.reject<{ default: () => null }>(gone())));
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A new version is available — reload to continue.');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
