import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';

let t: TestContext;
let user: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.deps, { credits: 100 });
  admin = await createUser(t.deps, { role: 'admin' });
});
afterAll(async () => t.close());

const B = 'edge-boundary';
const part = (name: string, value: string, filename?: string) =>
  [
    `--${B}`,
    `Content-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}`,
    ...(filename ? ['Content-Type: application/octet-stream'] : []),
    '',
    value,
  ].join('\r\n');

/** Bodies a broken or hostile client might send as multipart/form-data. */
const MALFORMED: { name: string; contentType: string; payload: string | Buffer; readsAsEmpty?: boolean }[] = [
  { name: 'no boundary', contentType: 'multipart/form-data', payload: `${part('title', 'x')}\r\n--${B}--\r\n` },
  {
    name: 'cut off inside a file',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: part('file', 'abc'.repeat(50), 'a.png'),
  },
  {
    name: 'cut off inside a field',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: part('title', 'unfinished'),
  },
  {
    name: 'a part without headers',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\n\r\n\r\nzzz\r\n--${B}--\r\n`,
    readsAsEmpty: true,
  },
  {
    name: 'garbage',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: Buffer.from([0xff, 0x00, 0x13, 0x37, 0x0d, 0x0a, 0x2d, 0x2d]),
  },
  { name: 'empty', contentType: `multipart/form-data; boundary=${B}`, payload: '', readsAsEmpty: true },
  {
    name: 'a broken part header',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `--${B}\r\nContent-Disposition: form-data; name="fi\r\n\r\nx\r\n--${B}--\r\n`,
    readsAsEmpty: true,
  },
  {
    name: 'two files',
    contentType: `multipart/form-data; boundary=${B}`,
    payload: `${part('file', 'a', 'a.png')}\r\n${part('file', 'b', 'b.png')}\r\n--${B}--\r\n`,
  },
];

const ROUTES = [
  { method: 'POST' as const, url: '/api/v1/content/generate', who: () => user },
  { method: 'PATCH' as const, url: '/api/v1/users/profile', who: () => user },
  { method: 'POST' as const, url: '/api/v1/content', who: () => user },
  { method: 'POST' as const, url: '/api/v1/category/import', who: () => admin },
  { method: 'POST' as const, url: '/api/v1/applications', who: () => user },
];

describe.each(ROUTES)('malformed multipart on $method $url', (route) => {
  it.each(MALFORMED)('answers 400, 413 or 415 with a message: $name', async (c) => {
    const res = await t.app.inject({
      method: route.method,
      url: route.url,
      payload: c.payload,
      headers: { ...route.who().headers, 'content-type': c.contentType },
    });
    // A form whose parts carry no usable field reads as an empty form: a profile update with no
    // changes is fine; every other route says what is missing.
    if (c.readsAsEmpty && route.url.endsWith('/users/profile')) {
      expect(res.statusCode).toBe(200);
      return;
    }
    expect([400, 413, 415], `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    const body = res.json();
    expect(body.statusCode).toBe(res.statusCode);
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(5);
  });
});
