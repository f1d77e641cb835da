import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS } from '@atelier/shared';
import { errorResponse, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { DownloadArchiveButton } from './download-archive-button';

const zipBytes = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);

let clicked: HTMLAnchorElement[];
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access-1');
  clicked = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:archive'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Download all my content', () => {
  it('fetches the archive with the bearer token, shows it is busy, and saves it under the server’s file name', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = mockServer({
      'GET /users/content/archive': async () => {
        await held;
        return new Response(zipBytes, {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="atelier-content-2026-01-02.zip"',
          },
        });
      },
    });
    const { user } = renderWithStore(<DownloadArchiveButton />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: /download all my content/i }));
    expect(await screen.findByText(/preparing archive/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /download all my content/i })).toBeDisabled();
    release();
    expect(await screen.findByText('Your content archive is downloading')).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/content/archive')[0]?.authorization).toBe('Bearer access-1');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('atelier-content-2026-01-02.zip');
    expect(clicked[0]!.href).toBe('blob:archive');
    await waitFor(() => expect(screen.getByRole('button', { name: /download all my content/i })).toBeEnabled());
    expect(screen.queryByText(/preparing archive/i)).not.toBeInTheDocument();
  });

  it('shows the server’s message in a toast when the download is refused', async () => {
    mockServer({
      'GET /users/content/archive': () => errorResponse(403, 'Archives are paused for maintenance'),
    });
    const { user } = renderWithStore(<DownloadArchiveButton />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: /download all my content/i }));
    expect(await screen.findByText('Archives are paused for maintenance')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });

  it('renews an expired session once and retries', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    let archiveCalls = 0;
    const server = mockServer({
      'GET /users/content/archive': () => {
        archiveCalls += 1;
        return archiveCalls === 1
          ? errorResponse(401, 'Your session has ended, please sign in again')
          : new Response(zipBytes, { status: 200, headers: { 'content-type': 'application/zip' } });
      },
      'GET /users/stats': (call) =>
        call.authorization === 'Bearer access-2'
          ? new Response(JSON.stringify({ data: { stats: {} } }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : errorResponse(401),
      'POST /auth/refresh-token': () =>
        new Response(JSON.stringify({ data: { accessToken: 'access-2', refreshToken: 'refresh-2' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderWithStore(<DownloadArchiveButton />, { preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: /download all my content/i }));
    expect(await screen.findByText('Your content archive is downloading')).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/content/archive').map((c) => c.authorization)).toEqual([
      'Bearer access-1',
      'Bearer access-2',
    ]);
    expect(clicked[0]!.download).toBe('atelier-content.zip');
  });
});
