import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { generationDeps } from '../src/modules/generation/generation.deps.js';
import { STORAGE_FAILED_REASON, startGenerationWorker } from '../src/modules/generation/generation.worker.js';
import type { Storage } from '../src/platform/storage/storage.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';

// Storage that does not answer (an S3 outage) is not a bad file and not a bad render.
let t: TestContext;
let realPut: Storage['put'];
/** How many of the next puts fail as an unreachable store would. */
let failingPuts = 0;

beforeAll(async () => {
  t = await createTestApp({}, { provider: fakeProvider('succeed') });
  realPut = t.deps.storage.put.bind(t.deps.storage);
  t.deps.storage.put = async (...args) => {
    if (failingPuts > 0) {
      failingPuts--;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
    }
    return realPut(...args);
  };
});
afterEach(() => {
  failingPuts = 0;
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;

function form(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }) {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  chunks.push(file.data, Buffer.from('\r\n'), Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function show(user: TestUser, id: string): Promise<Content> {
  return (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data;
}
async function balanceOf(user: TestUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
}
async function generate(user: TestUser): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: user.headers,
    payload: { contentType: 'photo', prompt: 'A harbour during a storage outage', model: 'flux-dev' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}
const settled = (user: TestUser, id: string) =>
  waitFor(async () => {
    const item = await show(user, id);
    return item.status === 'ready' || item.status === 'failed' ? item : undefined;
  }, 20_000, `content ${id} to finish`);

describe('an upload while storage is unavailable', () => {
  it('answers 503 "Storage is unavailable, try again" with Retry-After, not 415, and works once storage is back', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#336699' } }).png().toBuffer();
    const body = () => form({ title: 'Harbour', contentType: 'photo' }, { data: png, name: 'harbour.png', type: 'image/png' });
    failingPuts = 10;
    const first = body();
    const res = await t.app.inject({ method: 'POST', url: api('/content'), headers: { ...user.headers, ...first.headers }, payload: first.payload });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ statusCode: 503, message: 'Storage is unavailable, try again' });

    failingPuts = 0;
    const again = body();
    const ok = await t.app.inject({ method: 'POST', url: api('/content'), headers: { ...user.headers, ...again.headers }, payload: again.payload });
    expect(ok.statusCode).toBe(201);
  });
});

describe('a generation whose files storage does not take at first', () => {
  it('tries the store again and finishes ready, charged once', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const worker = await startGenerationWorker({ ...generationDeps(t.deps), storeRetryDelaysMs: [50, 100, 200] });
    try {
      failingPuts = 2;
      const item = await generate(user);
      expect(await settled(user, item.id)).toMatchObject({ status: 'ready', refunded: 0 });
      expect(await balanceOf(user)).toBe(5);
    } finally {
      await worker.stop();
    }
  });

  it('fails and refunds once storage stays away through every retry, saying why', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const worker = await startGenerationWorker({ ...generationDeps(t.deps), storeRetryDelaysMs: [50, 100] });
    try {
      failingPuts = 1000;
      const item = await generate(user);
      expect(await settled(user, item.id)).toMatchObject({ status: 'failed', refunded: 5, failureReason: STORAGE_FAILED_REASON });
      expect(await balanceOf(user)).toBe(10);
    } finally {
      failingPuts = 0;
      await worker.stop();
    }
  });
});
