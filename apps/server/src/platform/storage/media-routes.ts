import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundReply } from '../http/error-handler.js';
import { LocalDiskStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { MEDIA_PREFIX, assertSafeKey, type Storage } from './storage.js';

/**
 * Serves media at /media/. Local disk: the files themselves. Keys are never rewritten (a re-run
 * writes the same bytes for the same key), so browsers may cache them for long. S3: a 302 to the
 * public URL (S3_PUBLIC_URL) or to a short-lived presigned URL, so every /media/ URL keeps working.
 */
export async function registerMediaRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
  if (storage instanceof S3Storage) {
    app.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
      const raw = (request.params as { '*': string })['*'];
      let key: string;
      try {
        key = decodeURIComponent(raw);
        assertSafeKey(key);
        // Private files share the bucket under private/; they are never media.
        if (key.startsWith('private/')) throw new Error('not media');
      } catch {
        return reply.status(404).send(notFoundReply(request.method, request.url.split('?')[0] ?? ''));
      }
      const target = await storage.redirectUrl(key);
      // A presigned URL expires: the redirect itself must not outlive it in a cache.
      const cache = /[?&]X-Amz-Signature=/.test(target) ? 'private, no-store' : 'public, max-age=3600';
      return reply.header('cache-control', cache).redirect(target, 302);
    });
    return;
  }
  if (!(storage instanceof LocalDiskStorage)) return;
  await fs.mkdir(storage.root, { recursive: true });
  await app.register(async (media) => {
    // Media is never a page: an SVG opened directly must not run script or load anything.
    media.addHook('onSend', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
    });
    await media.register(fastifyStatic, {
      root: storage.root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      maxAge: '7d',
      immutable: true,
    });
  });
}
