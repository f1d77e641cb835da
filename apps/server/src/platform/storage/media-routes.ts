import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from './local-storage.js';
import { MEDIA_PREFIX, type Storage } from './storage.js';

/**
 * Serves local media at /media/. Keys are never rewritten (a re-run writes the same bytes for
 * the same key), so browsers may cache them for long. A remote store serves its own URLs.
 */
export async function registerMediaRoutes(app: FastifyInstance, storage: Storage): Promise<void> {
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
