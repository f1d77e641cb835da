import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalDiskStorage } from './local-storage.js';
import type { MediaSigner } from './media-signing.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export interface Storages {
  /** Media people see (generated files, uploads, avatars): served at /media/ or a public base. */
  media: Storage;
  /** Files only the app hands out after checking who asks (résumés); never under /media/. */
  private: Storage;
  close(): void;
}

/** The storages STORAGE_DRIVER asks for: DATA_DIR on this machine, or one bucket shared by every process. */
export function createStorages(config: Config, signer: MediaSigner): Storages {
  if (config.STORAGE_DRIVER === 's3') {
    const base = {
      bucket: config.S3_BUCKET as string,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      presignSeconds: config.S3_PRESIGN_SECONDS,
    };
    const media = new S3Storage({ ...base, publicUrl: config.S3_PUBLIC_URL }, signer);
    // Same bucket and client, under private/: keep that prefix out of any public bucket policy.
    const privateFiles = new S3Storage({ ...base, keyPrefix: 'private/' }, signer, media.client);
    return { media, private: privateFiles, close: () => media.close() };
  }
  return {
    media: new LocalDiskStorage(path.join(config.dataDir, 'media'), signer),
    // DATA_DIR/resumes/<id>.pdf, where résumés have always been.
    private: new LocalDiskStorage(config.dataDir, signer),
    close: () => undefined,
  };
}
