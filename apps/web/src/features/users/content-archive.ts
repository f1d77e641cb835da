import { API_BASE, pathOf, usersEndpoints } from '@atelier/shared';
import { tokenStore } from '../../lib/token-store';

export const ARCHIVE_FAILED = 'Failed to download your content';
const ARCHIVE_PATH = `${API_BASE}${pathOf(usersEndpoints.contentArchive)}`;

export interface ArchiveProgress {
  /** Bytes received so far; the zip is built while it is sent, so the total is not known ahead. */
  received: number;
}

function fileNameOf(res: Response): string {
  const match = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '');
  return match?.[1] ?? 'atelier-content.zip';
}

const fetchArchive = () => {
  const token = tokenStore.access();
  return fetch(ARCHIVE_PATH, { headers: token ? { authorization: `Bearer ${token}` } : {} });
};

async function readWithProgress(res: Response, onProgress: (p: ArchiveProgress) => void): Promise<Blob> {
  const reader = res.body?.getReader();
  if (!reader) return res.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress({ received });
  }
  return new Blob(chunks, { type: res.headers.get('content-type') ?? 'application/zip' });
}

/**
 * Downloads the signed-in user's archive and hands it to the browser as a file. It needs the bearer
 * token, so it is fetched rather than linked; `refreshSession` renews an expired access token (the
 * app's API layer knows how) before the one retry.
 */
export async function downloadContentArchive(opts: {
  onProgress: (p: ArchiveProgress) => void;
  refreshSession: () => Promise<void>;
}): Promise<string> {
  let res = await fetchArchive();
  if (res.status === 401) {
    await opts.refreshSession();
    res = await fetchArchive();
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof body?.message === 'string' && body.message ? body.message : ARCHIVE_FAILED);
  }
  const blob = await readWithProgress(res, opts.onProgress);
  const fileName = fileNameOf(res);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by now; the URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return fileName;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
