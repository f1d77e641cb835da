import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { pngBytes, waitFor } from './factories.js';
import { withDatabase } from './global-setup.js';
import { startServerProcess, stopAllServerProcesses } from './server-processes.js';

/**
 * The public-read cache across two real server processes (`src/main.ts` twice, ROLE=api, one
 * PostgreSQL database): a visitor's first pages are cached in each, and a write through one
 * process (or straight into the database, as the generation worker finishes an item) is seen by
 * the very next read through the other, with Redis as their shared second level when
 * TEST_REDIS_URL is set. Runs only in the PostgreSQL leg (vitest.config.ts).
 */
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbName = `atelier_t_${randomBytes(6).toString('hex')}`;
const jwtSecret = randomBytes(32).toString('hex');
let databaseCreated = false;
let dbUrl = '';

interface Proc {
  url: string;
  output: () => string;
}
interface Person {
  id: string;
  token: string;
}

let p1: Proc;
let p2: Proc;
let maker: Person;
let fan: Person;

/** Starts `src/main.ts` and resolves once it answers health checks; fails early if it exits. */
async function startServer(databaseUrl: string): Promise<Proc> {
  const proc = await startServerProcess({
    role: 'api',
    env: {
      DATABASE_URL: databaseUrl,
      // Both processes must accept each other's tokens, as a load-balanced deployment does.
      JWT_SECRET: jwtSecret,
      RATE_LIMIT_DISABLED: 'true',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // With Redis (CI sets it), the processes also share their caches' second level through it.
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
    },
  });
  return { url: proc.url, output: proc.output };
}

async function signUp(proc: Proc, name: string): Promise<Person> {
  const tag = `${name}${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${proc.url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: name, username: tag, email: `${tag}@example.test`, password: 'Processes123' }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { data } = (await res.json()) as { data: { accessToken: string; user: { id: string } } };
  return { id: data.user.id, token: data.accessToken };
}

/** A ready public item written straight into the database, as the worker finishes one. */
async function insertReadyItem(ownerId: string, title: string): Promise<string> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO content (user_id, title, prompt, model, content_type, status, seed, cost)
       VALUES ($1, $2, 'plain words', 'stable-diffusion-xl', 'photo', 'ready', 1, 0) RETURNING id`,
      [ownerId, title],
    );
    return rows[0]!.id;
  } finally {
    await client.end();
  }
}

const visit = async (proc: Proc, path: string) => {
  const res = await fetch(`${proc.url}/api/v1${path}`);
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    body: (await res.json()) as { data: Content[] } & { data: Content },
  };
};
const ids = (body: { data: Content[] }) => body.data.map((c) => c.id);

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${dbName}`);
    databaseCreated = true;
  } finally {
    await admin.end();
  }
  dbUrl = withDatabase(baseUrl, dbName);
  p1 = await startServer(dbUrl);
  p2 = await startServer(dbUrl);
  maker = await signUp(p1, 'Maker');
  fan = await signUp(p2, 'Fan');
}, 120_000);

afterAll(async () => {
  await stopAllServerProcesses('SIGTERM');
  if (!databaseCreated) return;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}, 30_000);

describe('public reads across two server processes', () => {
  let itemId: string;

  it('a new item shows in the next read through the other process', async () => {
    itemId = await insertReadyItem(maker.id, 'First light');
    // Both processes now hold the gallery and the item in their caches.
    for (const proc of [p1, p2]) {
      expect(ids((await visit(proc, '/content')).body)).toContain(itemId);
      expect((await visit(proc, `/content/${itemId}`)).body.data.likeCount).toBe(0);
      await visit(proc, '/content');
    }
    // An upload through p1: the very next read through p2 shows it.
    const form = new FormData();
    form.set('title', 'Second light');
    form.set('contentType', 'photo');
    form.set('file', new Blob([new Uint8Array(await pngBytes(16, 16))], { type: 'image/png' }), 'light.png');
    const uploaded = await fetch(`${p1.url}/api/v1/content`, {
      method: 'POST',
      headers: { authorization: `Bearer ${maker.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fresh = ((await uploaded.json()) as { data: Content }).data.id;
    expect(ids((await visit(p2, '/content')).body)).toContain(fresh);
    expect(ids((await visit(p1, '/content')).body)).toContain(fresh);
  });

  it('an item the worker finishes (written straight into the database) reaches both caches', async () => {
    const finished = await insertReadyItem(maker.id, 'Third light');
    // No reply to wait on here: the commit's NOTIFY reaches each process within moments.
    for (const proc of [p1, p2])
      await waitFor(
        async () => (ids((await visit(proc, '/content')).body).includes(finished) ? true : undefined),
        3000,
        'the finished item',
      );
  });

  it('a like through one process shows in the next read through the other, every time', async () => {
    for (let round = 0; round < 5; round += 1) {
      const liked = round % 2 === 0;
      const res = await fetch(`${p1.url}/api/v1/content/${itemId}/like`, {
        method: liked ? 'POST' : 'DELETE',
        headers: { authorization: `Bearer ${fan.token}` },
      });
      expect(res.status).toBe(200);
      expect((await visit(p2, `/content/${itemId}`)).body.data.likeCount).toBe(liked ? 1 : 0);
      const page = (await visit(p2, '/content')).body;
      expect(page.data.find((c) => c.id === itemId)?.likeCount).toBe(liked ? 1 : 0);
      // The fan's own read of the page a visitor just filled carries their like.
      const own = await fetch(`${p2.url}/api/v1/content`, { headers: { authorization: `Bearer ${fan.token}` } });
      const mine = ((await own.json()) as { data: Content[] }).data.find((c) => c.id === itemId);
      expect(mine?.isLiked).toBe(liked);
      expect(mine?.likeCount).toBe(liked ? 1 : 0);
      // And read again through p2 so the next round starts from a cached reply there.
      await visit(p2, `/content/${itemId}`);
    }
  });

  it('a privacy change through one process takes the item out of the other at once', async () => {
    const res = await fetch(`${p2.url}/api/v1/content/${itemId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${maker.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ isPrivate: true }),
    });
    expect(res.status).toBe(200);
    expect((await visit(p1, `/content/${itemId}`)).status).toBe(404);
    expect(ids((await visit(p1, '/content')).body)).not.toContain(itemId);
  });
});
