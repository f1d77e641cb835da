import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.js';
import { LocalDiskStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import { MEDIA_PREFIX, type Storage } from './storage.js';

/** Who may read a key right now: anyone, only holders of a signed link, or nobody (gone). */
export type MediaVisibility = 'public' | 'private' | null;

/** Each kind of media says, per request, whether its key is public, private or gone. */
export interface MediaAccessRule {
  prefix: string;
  visibility(key: string): Promise<MediaVisibility>;
}

/** Avatars are part of every public profile. */
export const avatarMedia: MediaAccessRule = { prefix: 'avatars/', visibility: async () => 'public' };

/**
 * A year in the reader's own browser (keys are never rewritten), five minutes in a shared cache (a
 * CDN in front): an item made private, deleted or hidden by moderation must leave it within minutes.
 */
export const PUBLIC_MEDIA_CACHE = 'public, max-age=31536000, s-maxage=300, immutable';

// Keys are made by the server from ids and fixed names; anything else is not a key.
const KEY_SHAPE = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

const MEDIA_NOT_FOUND = 'Not found';

function keyOf(request: FastifyRequest): string | null {
  const [pathname = ''] = request.raw.url?.split('?') ?? [];
  if (!pathname.startsWith(MEDIA_PREFIX)) return null;
  try {
    const key = decodeURI(pathname.slice(MEDIA_PREFIX.length));
    return KEY_SHAPE.test(key) && !key.split('/').includes('..') ? key : null;
  } catch {
    return null;
  }
}

/**
/**
 * Serves media at /media/, checking every request against the item's current state: public media to
 * anyone with a long cache; private media only through a signed link the API handed its owner (or an
 * admin), never cached as public; a key whose item is gone or was made private answers 404 at once.
 * Local disk: the files themselves (public ones with PUBLIC_MEDIA_CACHE). S3: after the same check, a 302 to the public URL (S3_PUBLIC_URL) or a short-lived
 * presigned URL, so every /media/ URL keeps working.
 */
export async function registerMediaRoutes(app: FastifyInstance, storage: Storage, rules: MediaAccessRule[]): Promise<void> {
  if (!(storage instanceof LocalDiskStorage) && !(storage instanceof S3Storage)) return;
  const signer = storage.signer;
  if (storage instanceof LocalDiskStorage) await fs.mkdir(storage.root, { recursive: true });
  await app.register(async (media) => {
    const cacheOf = new WeakMap<FastifyRequest, string>();
    const privateReads = new WeakSet<FastifyRequest>();
    media.addHook('onRequest', async (request) => {
      const key = keyOf(request);
      const rule = key ? rules.find((r) => key.startsWith(r.prefix)) : undefined;
      if (!key || !rule) throw notFound(MEDIA_NOT_FOUND);
      const visibility = await rule.visibility(key);
      if (visibility === 'public') {
        cacheOf.set(request, PUBLIC_MEDIA_CACHE);
        return;
      }
      const query = request.query as { exp?: string; sig?: string };
      const left = visibility === 'private' ? signer.verify(key, query.exp, query.sig) : null;
      // A stranger cannot tell a private item from a missing one.
      if (left === null) throw notFound(MEDIA_NOT_FOUND);
      privateReads.add(request);
      cacheOf.set(request, `private, max-age=${Math.min(left, signer.defaultLifeSeconds)}`);
    });
    media.addHook('onSend', async (request, reply) => {
      // Media is never a page: an SVG opened directly must not run script or load anything.
      reply.header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      const cache = cacheOf.get(request);
      if (!reply.getHeader('cache-control')) reply.header('cache-control', cache && reply.statusCode < 400 ? cache : 'no-store');
    });
    if (storage instanceof S3Storage) {
      media.get(`${MEDIA_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
        const key = keyOf(request) as string; // checked by the onRequest hook
        if (storage.servesItself(key)) {
          // SVG is a document: served here, under the media CSP the onSend hook sets.
          const data = await storage.get(key);
          if (!data) throw notFound(MEDIA_NOT_FOUND);
          return reply.type('image/svg+xml').header('x-content-type-options', 'nosniff').send(data);
        }
        // A private read, or a bucket without a public base, goes to a presigned URL: it expires, so
        // the redirect itself must not outlive it in a cache.
        const target = privateReads.has(request) ? await storage.presignedUrl(key) : await storage.redirectUrl(key);
        const cache = /[?&]X-Amz-Signature=/.test(target) ? 'private, no-store' : 'public, max-age=3600';
        return reply.header('cache-control', cache).redirect(target, 302);
      });
      return;
    }
    await media.register(fastifyStatic, {
      root: storage.root,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      cacheControl: false,
    });
  });
}
