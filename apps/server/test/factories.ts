import { randomBytes, randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Role } from '@atelier/shared';
import { sessions, users } from '../src/modules/auth/auth.schema.js';
import type { AppDeps } from '../src/platform/http/types.js';
import { grantSignupCredits } from '../src/modules/credits/credits.service.js';
import {
  ProviderError,
  type GenerationOutput,
  type GenerationProvider,
  type ProviderCallOptions,
} from '../src/providers/generation/types.js';

let counter = 0;

export interface UserOverrides {
  role?: Role;
  /** Starting balance, granted through the ledger so balance and ledger agree. */
  credits?: number;
  username?: string;
  email?: string;
  fullName?: string;
  isVerified?: boolean;
  avatar?: string | null;
}

export interface TestUser {
  id: string;
  role: Role;
  username: string;
  email: string;
  fullName: string;
  sessionId: string;
  /** A valid access token for a live session of this user. */
  token: string;
  /** `{ authorization: 'Bearer …' }` for app.inject. */
  headers: { authorization: string };
}

/** Inserts a user and a live session directly (no API calls) and signs an access token for it. */
export async function createUser(deps: Pick<AppDeps, 'database' | 'tokens' | 'clock'>, overrides: UserOverrides = {}): Promise<TestUser> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  const db = deps.database.db;
  const role = overrides.role ?? 'user';
  const [user] = await db
    .insert(users)
    .values({
      fullName: overrides.fullName ?? `Factory Person ${counter}`,
      username: overrides.username ?? `maker_${tag}`,
      email: overrides.email ?? `maker.${tag}@example.com`,
      role,
      isVerified: overrides.isVerified ?? true,
      avatar: overrides.avatar ?? null,
      referralCode: `F${tag}`.toUpperCase().slice(0, 16),
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  if (overrides.credits && overrides.credits > 0) await grantSignupCredits(db, user.id, overrides.credits);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      familyId: randomUUID(),
      refreshTokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(deps.clock().getTime() + 30 * 24 * 3600 * 1000),
    })
    .returning();
  if (!session) throw new Error('session insert returned nothing');
  const token = await deps.tokens.signAccess({ id: user.id, role, sessionId: session.id });
  return {
    id: user.id,
    role,
    username: user.username,
    email: user.email,
    fullName: user.fullName,
    sessionId: session.id,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A small real PNG, for reference-image uploads and fake outputs. */
export async function pngBytes(width = 8, height = 8, colour = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

export type FakeMode = 'succeed' | 'fail' | 'retryable' | 'hang';

export interface FakeProvider extends GenerationProvider {
  /** Every call, in order: which method and the content it was for (by prompt). */
  readonly calls: { method: 'generate' | 'edit'; prompt?: string; operation?: string; hadReference: boolean }[];
  mode: FakeMode;
  /** Resolves the next call to a pending `hang` (tests that need a run held open). */
  release(): void;
}

function waitForAbort(signal: AbortSignal, held: { release?: () => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    held.release = resolve;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/**
 * A provider with a chosen behaviour: `succeed` makes small PNGs (original, preview, thumbnail),
 * `fail` throws a ProviderError, `retryable` throws a retryable one, `hang` waits for its signal.
 */
export function fakeProvider(mode: FakeMode = 'succeed'): FakeProvider {
  const held: { release?: () => void } = {};
  const render = async (opts: ProviderCallOptions, size: number): Promise<GenerationOutput> => {
    if (provider.mode === 'fail') throw new ProviderError('The model could not render this prompt');
    if (provider.mode === 'retryable') throw new ProviderError('The model is busy, try again later', true);
    if (provider.mode === 'hang') await waitForAbort(opts.signal, held);
    for (const p of [25, 50, 75]) opts.onProgress?.(p);
    const original = await pngBytes(size, size);
    return {
      width: size,
      height: size,
      assets: [
        { role: 'original', mimeType: 'image/png', ext: 'png', data: original },
        { role: 'preview', mimeType: 'image/png', ext: 'png', data: await pngBytes(4, 4) },
        { role: 'thumbnail', mimeType: 'image/png', ext: 'png', data: await pngBytes(2, 2) },
      ],
    };
  };
  const provider: FakeProvider = {
    name: 'fake',
    mode,
    calls: [],
    release: () => held.release?.(),
    async generate(input, opts) {
      provider.calls.push({ method: 'generate', prompt: input.prompt, hadReference: Boolean(input.referenceImage) });
      return render(opts, 16);
    },
    async edit(input, opts) {
      provider.calls.push({ method: 'edit', prompt: input.prompt, operation: input.operation, hadReference: false });
      return render(opts, input.operation === 'upscale' ? 32 : 16);
    },
  };
  return provider;
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * A decompression bomb: a valid PNG header that claims `width` × `height` pixels, with one tiny
 * compressed row. A few hundred bytes, but gigabytes for a decoder that believes it.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
