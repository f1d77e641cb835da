import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { createResumeStore } from '../src/modules/applications/resume-storage.js';
import { S3Storage } from '../src/platform/storage/s3-storage.js';
import { MediaSigner } from '../src/platform/storage/media-signing.js';

const signer = new MediaSigner('s3-test-secret', () => new Date());
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, pngBytes, waitFor, type TestUser } from './factories.js';
import { startLocalS3, type LocalS3 } from './s3-server.js';

let s3: LocalS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = new S3Storage(
    {
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    signer,
  );
});
afterAll(async () => {
  storage.close();
  await s3.close();
});

async function objectKeys(prefix = ''): Promise<string[]> {
  const page = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key as string).sort();
}

describe('S3Storage', () => {
  it('puts, gets and deletes one key; a missing key reads as nothing', async () => {
    const png = await pngBytes();
    await storage.put('content/one/original.png', png, 'image/png');
    expect((await storage.get('content/one/original.png'))?.equals(png)).toBe(true);
    expect(await storage.get('content/one/missing.png')).toBeNull();
    await storage.delete('content/one/original.png');
    expect(await storage.get('content/one/original.png')).toBeNull();
    // Deleting what is not there is not an error.
    await storage.delete('content/one/original.png');
  });

  it('deletes every key below a prefix and nothing else', async () => {
    for (const name of ['original.png', 'preview.png', 'thumbnail.png'])
      await storage.put(`content/a/${name}`, Buffer.from(name), 'image/png');
    await storage.put('content/ab/original.png', Buffer.from('neighbour'), 'image/png');
    await storage.delete('content/a/');
    expect(await objectKeys('content/a')).toEqual(['content/ab/original.png']);
    await storage.delete('content/ab/');
  });

  it('refuses keys that climb out of their place', async () => {
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe storage key/);
    await expect(storage.get('/absolute.png')).rejects.toThrow(/unsafe storage key/);
  });

  it('hands out presigned URLs that work, with the stored type, until they expire', async () => {
    const png = await pngBytes(4, 4);
    await storage.put('content/signed/original.png', png, 'image/png');
    const res = await fetch(await storage.presignedUrl('content/signed/original.png'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);

    const shortLived = await storage.presignedUrl('content/signed/original.png', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(shortLived);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });

  it('keeps private files under private/ and résumés there', async () => {
    const privateFiles = new S3Storage(
      { bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, keyPrefix: 'private/' },
      signer,
      storage.client,
    );
    const resumes = createResumeStore(privateFiles);
    const id = '11111111-2222-4333-8444-555555555555';
    await resumes.save(id, Buffer.from('%PDF-1.4 test'));
    expect(await objectKeys('private/')).toEqual([`private/resumes/${id}.pdf`]);
    expect((await resumes.open(id))?.toString()).toBe('%PDF-1.4 test');
    await resumes.remove([id]);
    expect(await resumes.open(id)).toBeNull();
  });

  it('gives a public base URL when one is configured', () => {
    const cdn = new S3Storage(
      { bucket: 'b', region: 'us-east-1', publicUrl: 'https://cdn.example.com/media/' },
      signer,
      storage.client,
    );
    expect(cdn.url('content/x y/original.png')).toBe('https://cdn.example.com/media/content/x%20y/original.png');
    expect(storage.url('content/x/original.png')).toBe('/media/content/x/original.png');
  });
});

describe('the app on STORAGE_DRIVER=s3', () => {
  let t: TestContext;
  let user: TestUser;
  const api = (path: string) => `/api/v1${path}`;

  beforeAll(async () => {
    t = await createTestApp(s3.env, { provider: fakeProvider('succeed'), worker: true });
    user = await createUser(t.deps, { credits: 20 });
  });
  afterAll(async () => t.close());

  it('stores a generation in the bucket and serves it through /media/ by a presigned redirect; deleting removes the objects', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/content/generate'),
      headers: user.headers,
      payload: { contentType: 'photo', prompt: 'A lighthouse in fog', model: 'flux-dev' },
    });
    expect(res.statusCode).toBe(201);
    const id = (res.json().data as Content).id;
    const done = await waitFor(async () => {
      const item = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json()
        .data as Content;
      return item.status === 'ready' || item.status === 'failed' ? item : undefined;
    });
    expect(done.status).toBe('ready');
    expect(done.mediaUrl).toBe(`/media/content/${id}/original.png`);
    expect(await objectKeys(`content/${id}/`)).toEqual([
      `content/${id}/original.png`,
      `content/${id}/preview.png`,
      `content/${id}/thumbnail.png`,
    ]);

    const media = await t.app.inject({ method: 'GET', url: done.mediaUrl! });
    expect(media.statusCode).toBe(302);
    expect(media.headers['cache-control']).toBe('private, no-store');
    const location = media.headers.location as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/content/${id}/original.png?`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    // Keys that are not media never get a URL.
    expect((await t.app.inject({ method: 'GET', url: '/media/private/resumes/x.pdf' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/%2e%2e/secret' })).statusCode).toBe(404);

    const archive = await t.app.inject({ method: 'GET', url: api('/users/content/archive'), headers: user.headers });
    expect(archive.statusCode).toBe(200);
    expect(archive.rawPayload.includes(Buffer.from(`items/`))).toBe(true);

    const deleted = await t.app.inject({ method: 'DELETE', url: api(`/content/${id}`), headers: user.headers });
    expect(deleted.statusCode).toBeLessThan(300);
    await waitFor(async () => ((await objectKeys(`content/${id}/`)).length === 0 ? true : undefined));
  });

  it("checks access before it redirects: a private item is reached only through the owner's signed link", async () => {
    const id = await generateReady(t, user);
    const plain = `/media/content/${id}/original.png`;
    const made = await t.app.inject({
      method: 'PUT',
      url: api(`/content/${id}`),
      headers: user.headers,
      payload: { isPrivate: true },
    });
    expect(made.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: plain })).statusCode).toBe(404);
    const own = (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json()
      .data as Content;
    expect(own.mediaUrl).toMatch(/\?exp=\d+&sig=/);
    const signed = await t.app.inject({ method: 'GET', url: own.mediaUrl! });
    expect(signed.statusCode).toBe(302);
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect((await fetch(signed.headers.location as string)).status).toBe(200);
  });

  it('redirects to the public base when S3_PUBLIC_URL is set, so old /media/ URLs keep working', async () => {
    const cdn = await createTestApp(
      { ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com' },
      { provider: fakeProvider('succeed'), worker: true },
    );
    try {
      const maker = await createUser(cdn.deps, { credits: 20 });
      const id = await generateReady(cdn, maker);
      const res = await cdn.app.inject({ method: 'GET', url: `/media/content/${id}/original.png` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`https://cdn.example.com/content/${id}/original.png`);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(
        (await cdn.app.inject({ method: 'GET', url: '/media/content/no-such-item/original.png' })).statusCode,
      ).toBe(404);
    } finally {
      await cdn.close();
    }
  });

  it('serves an uploaded SVG itself, with the media headers, even when the bucket has a public base', async () => {
    const cdn = await createTestApp({ ...s3.env, S3_PUBLIC_URL: 'https://cdn.example.com' });
    try {
      const maker = await createUser(cdn.deps);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#369"/></svg>');
      const boundary = 'atelier-svg-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA square\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="contentType"\r\n\r\nvector\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.svg"\r\nContent-Type: image/svg+xml\r\n\r\n`),
        svg,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await cdn.app.inject({
        method: 'POST',
        url: '/api/v1/content',
        headers: { ...maker.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const item = res.json().data as Content;
      expect(item.mediaUrl).toBe(`/media/content/${item.id}/original.svg`);
      const media = await cdn.app.inject({ method: 'GET', url: item.mediaUrl! });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(media.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
      expect(media.body).toContain('<rect');
      // Opened from the bucket directly, it is a download, not a page.
      const head = await storage.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `content/${item.id}/original.svg` }));
      expect(head.ContentDisposition).toBe('attachment');
    } finally {
      await cdn.close();
    }
  });

  it('refuses to start without a bucket', async () => {
    await expect(createTestApp({ STORAGE_DRIVER: 's3' })).rejects.toThrow(
      /S3_BUCKET: required when STORAGE_DRIVER is s3/,
    );
  });
});

/** Generates a public photo as `who` and waits until it is ready. */
async function generateReady(ctx: TestContext, who: TestUser): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/content/generate',
    headers: who.headers,
    payload: { contentType: 'photo', prompt: 'A harbour at dawn', model: 'flux-dev' },
  });
  expect(res.statusCode).toBe(201);
  const id = (res.json().data as Content).id;
  await waitFor(async () => {
    const item = (await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${id}`, headers: who.headers })).json()
      .data as Content;
    return item.status === 'ready' ? item : undefined;
  });
  return id;
}
