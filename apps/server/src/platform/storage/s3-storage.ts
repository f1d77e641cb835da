import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { MediaSigner } from './media-signing.js';
import { MEDIA_PREFIX, assertSafeKey, type Storage, type UrlOptions } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible store (MinIO, R2, …); AWS when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** A public base (CDN or public bucket) that serves `<base>/<objectKey>`; absent: /media/ redirects to presigned URLs. */
  publicUrl?: string;
  /** Prepended to every key (`private/` for files that must never be public). */
  keyPrefix?: string;
  /** Lifetime of presigned GET URLs. */
  presignSeconds?: number;
}

/** Media cached like the local /media route: long in a browser (keys are never rewritten), minutes in a CDN. */
const PUBLIC_CACHE = 'public, max-age=604800, s-maxage=300, immutable';
const PRIVATE_CACHE = 'private, no-store';

/**
 * Media in an S3 bucket through the official SDK: streaming multipart upload, presigned GETs, and
 * prefix deletion by listing. url(key) is the public base when configured, else the app's
 * /media/<key>, which redirects to a short-lived presigned URL.
 */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly publicUrl?: string;
  private readonly keyPrefix: string;
  readonly presignSeconds: number;

  constructor(
    opts: S3StorageOptions,
    readonly signer: MediaSigner,
    client?: S3Client,
  ) {
    const config: S3ClientConfig = {
      region: opts.region,
      ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      forcePathStyle: opts.forcePathStyle ?? false,
      // Checksums only where S3 requires them: S3-compatible stores differ in what they accept.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
    };
    this.client = client ?? new S3Client(config);
    this.bucket = opts.bucket;
    this.publicUrl = opts.publicUrl?.replace(/\/+$/, '');
    this.keyPrefix = opts.keyPrefix ?? '';
    this.presignSeconds = opts.presignSeconds ?? 300;
  }

  /** The object key in the bucket for a storage key. */
  objectKey(key: string): string {
    assertSafeKey(key.replace(/\/$/, ''));
    return `${this.keyPrefix}${key}`;
  }

  async put(key: string, data: Buffer, mimeType: string): Promise<void> {
    // lib-storage sends small bodies in one PUT and large ones as a multipart upload, part by part.
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentType: mimeType,
        CacheControl: this.keyPrefix ? PRIVATE_CACHE : PUBLIC_CACHE,
        // A bucket sends no Content-Security-Policy: an SVG opened from it directly is a download,
        // never a page of the bucket's origin. The app serves SVG itself (see url()).
        ...(mimeType === 'image/svg+xml' ? { ContentDisposition: 'attachment' } : {}),
      },
    });
    await upload.done();
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(keyOrPrefix: string): Promise<void> {
    const target = this.objectKey(keyOrPrefix);
    if (!keyOrPrefix.endsWith('/')) {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: target }));
      return;
    }
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: target, ContinuationToken: token, MaxKeys: 1000 }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length > 0) {
        const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        if (res.Errors && res.Errors.length > 0) {
          throw new Error(`could not delete ${res.Errors.length} objects under ${target}: ${res.Errors[0]?.Message ?? ''}`);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * The public URL of a key: the bucket's public base when there is one, else /media/. SVG always
   * goes through /media/, where the app serves it with the media headers (a CSP under which
   * nothing runs or loads) that a bucket cannot send.
   */
  url(key: string): string {
    const path = key.split('/').map(encodeURIComponent).join('/');
    return this.publicUrl && !servedByApp(key) ? `${this.publicUrl}/${this.objectKey(key).split('/').map(encodeURIComponent).join('/')}` : `${MEDIA_PREFIX}${path}`;
  }

  /**
   * A private key gets the app's own signed /media link, so every read is checked against the item
   * as it is now before /media redirects to a presigned GET; a public key gets url(key).
   */
  urlFor(key: string, opts: UrlOptions = {}): string {
    if (!opts.private) return this.url(key);
    const { exp, sig } = this.signer.sign(key, opts.expiresInSeconds);
    return `${MEDIA_PREFIX}${key.split('/').map(encodeURIComponent).join('/')}?exp=${exp}&sig=${sig}`;
  }

  /** Whether /media/<key> answers with the bytes itself instead of a redirect to the bucket. */
  servesItself(key: string): boolean {
    return servedByApp(key);
  }

  /** Where /media/<key> sends a browser: the public URL when there is one, else a presigned GET. */
  async redirectUrl(key: string): Promise<string> {
    if (this.publicUrl) return this.url(key);
    return this.presignedUrl(key);
  }

  /** A GET URL for one object that works for `expiresInSeconds` (default S3_PRESIGN_SECONDS). */
  async presignedUrl(key: string, expiresInSeconds = this.presignSeconds): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }), {
      expiresIn: expiresInSeconds,
    });
  }

  close(): void {
    this.client.destroy();
  }
}

/** Kinds of file the app serves itself from the bucket, with its own headers: SVG (a document). */
const servedByApp = (key: string) => key.toLowerCase().endsWith('.svg');
