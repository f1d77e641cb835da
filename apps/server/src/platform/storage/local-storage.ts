import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaSigner } from './media-signing.js';
import { MEDIA_PREFIX, assertSafeKey, type Storage, type UrlOptions } from './storage.js';

/** The characters encodeURIComponent leaves as they are, and the slashes between segments. */
const PLAIN_KEY = /^[A-Za-z0-9\-_.!~*'()/]*$/;

/**
 * Media on this machine's disk under DATA_DIR/media, served by the app at /media/ (media-routes.ts),
 * which checks who may read each key.
 */
export class LocalDiskStorage implements Storage {
  constructor(
    readonly root: string,
    readonly signer: MediaSigner,
  ) {}

  private pathOf(key: string): string {
    assertSafeKey(key.replace(/\/$/, ''));
    return path.join(this.root, ...key.split('/').filter(Boolean));
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file and a crash leaves no torn one.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(tmp, data);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    await fs.rm(this.pathOf(keyOrPrefix), { recursive: true, force: true });
  }

  url(key: string): string {
    // Keys are almost always plain (ids, names, slashes): those need no escaping at all.
    if (PLAIN_KEY.test(key)) return `${MEDIA_PREFIX}${key}`;
    return `${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}`;
  }

  urlFor(key: string, opts: UrlOptions = {}): string {
    if (!opts.private) return this.url(key);
    const { exp, sig } = this.signer.sign(key, opts.expiresInSeconds);
    return `${this.url(key)}?exp=${exp}&sig=${sig}`;
  }
}
