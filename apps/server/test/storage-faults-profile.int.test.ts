import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/modules/auth/auth.schema.js';
import type { Storage } from '../src/platform/storage/storage.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

// An avatar or a résumé that storage does not take (an S3 outage) is not a bad file: 503, try again.
let t: TestContext;
const down = { media: false, private: false };
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });

function failWhileDown(storage: Storage, which: keyof typeof down) {
  const put = storage.put.bind(storage);
  const get = storage.get.bind(storage);
  storage.put = async (...args) => {
    if (down[which]) throw refused();
    return put(...args);
  };
  storage.get = async (...args) => {
    if (down[which]) throw refused();
    return get(...args);
  };
}

beforeAll(async () => {
  t = await createTestApp();
  failWhileDown(t.deps.storage, 'media');
  failWhileDown(t.deps.privateStorage, 'private');
});
afterEach(() => {
  down.media = false;
  down.private = false;
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function multipart(fields: Record<string, string>, file: { field: string; name: string; data: Buffer; type: string }) {
  const boundary = '----atelier' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const unavailable = { statusCode: 503, message: 'Storage is unavailable, try again' };

describe('an avatar upload while storage is unavailable', () => {
  it('answers 503 with Retry-After, changes nothing, and works once storage is back', async () => {
    const ann = await createUser(t.deps);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer();
    const patch = () => {
      const form = multipart({ location: 'Porto' }, { field: 'avatar', name: 'me.png', data: png, type: 'image/png' });
      return t.app.inject({ method: 'PATCH', url: api('/users/profile'), headers: { ...ann.headers, ...form.headers }, payload: form.payload });
    };

    down.media = true;
    const res = await patch();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject(unavailable);
    const [row] = await t.deps.database.db.select().from(users).where(eq(users.id, ann.id));
    expect(row).toMatchObject({ avatar: null, location: null });

    down.media = false;
    const ok = await patch();
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.user.avatar).toMatch(/\/media\/avatars\//);
  });
});

describe('a résumé while storage is unavailable', () => {
  async function postJob(owner: TestUser): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/jobs'),
      headers: owner.headers,
      payload: { title: 'Editor', company: 'Loop', location: 'Remote', employmentType: 'contract', description: 'Cut clips.' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  }

  it('answers 503 to an application with a résumé and stores no application; it goes through once storage is back', async () => {
    const owner = await createUser(t.deps);
    const bob = await createUser(t.deps);
    const jobId = await postJob(owner);
    const apply = () => {
      const form = multipart(
        { jobId, name: bob.fullName, email: bob.email, coverLetter: 'Hello' },
        { field: 'resume', name: 'cv.pdf', data: PDF, type: 'application/pdf' },
      );
      return t.app.inject({ method: 'POST', url: api('/applications'), headers: { ...bob.headers, ...form.headers }, payload: form.payload });
    };

    down.private = true;
    const res = await apply();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject(unavailable);

    // Nothing half-done: applying again is not "already applied".
    down.private = false;
    const ok = await apply();
    expect(ok.statusCode).toBe(201);
    const applicationId = ok.json().data.id as string;

    // Reading it back while storage is away is a 503 too, not a missing file.
    down.private = true;
    const read = await t.app.inject({ method: 'GET', url: api(`/applications/${applicationId}/resume`), headers: owner.headers });
    expect(read.statusCode).toBe(503);
    expect(read.json()).toMatchObject(unavailable);
    down.private = false;
    const back = await t.app.inject({ method: 'GET', url: api(`/applications/${applicationId}/resume`), headers: owner.headers });
    expect(back.statusCode).toBe(200);
  });
});
