import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { createTestApp, type TestContext } from './app.js';
import { createUser, type TestUser } from './factories.js';
import { COUNT_CACHE } from '../src/modules/content/content-feed-pages.repository.js';

/*
 * Search ranks its matches in content_search, a narrow copy of the searchable items kept by
 * triggers (migrations/0027). These tests hold it to the ranking search always had: ts_rank over
 * content.search_vector for the ready, public items, then newest, then id, on a gallery with the
 * skew of real prompts (common and rare subjects, words in titles, tags, descriptions and prompts,
 * equal ranks and equal timestamps), and after the changes that move an item in or out.
 */

let t: TestContext;
let makers: TestUser[];

interface Page {
  data: Content[];
  pagination: { page: number; pageSize: number; total: number; totalPages: number };
  nextCursor: string | null;
}

const SUBJECTS = ['castle', 'dragon', 'forest', 'ocean', 'mountain', 'cat', 'robot', 'lighthouse', 'garden', 'owl', 'glacier', 'temple'];
const ADJECTIVES = ['misty', 'golden', 'neon', 'ancient', 'serene', 'dark', 'cozy', 'stormy'];
const STYLES = ['watercolor', 'oil painting', 'cinematic', 'pixel art', 'ink sketch', 'low poly'];
const TYPES = ['photo', 'illustration', 'video', 'gif', 'vector', 'loops'] as const;

/** A small deterministic generator, so every run ranks the same gallery. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function get(path: string): Promise<Page> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every match of `q` in the order search has always given: rank over content, newest, id. */
async function reference(q: string, type?: string): Promise<string[]> {
  const rows = await t.deps.database.query<{ id: string }>(
    `SELECT id FROM content
     WHERE status = 'ready' AND is_private = false AND search_vector @@ websearch_to_tsquery('english', $1)
       AND ($2::text IS NULL OR content_type = $2)
     ORDER BY ts_rank(search_vector, websearch_to_tsquery('english', $1)) DESC, created_at DESC, id DESC`,
    [q, type ?? null],
  );
  return rows.rows.map((r) => r.id);
}

/** All results of a search, page after page by cursor. */
async function walk(path: string): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let reply = await get(path);
  for (let n = 0; ; n++) {
    ids.push(...reply.data.map((c) => c.id));
    totals.push(reply.pagination.total);
    if (!reply.nextCursor) break;
    expect(n).toBeLessThan(200);
    reply = await get(`${path}&cursor=${reply.nextCursor}`);
  }
  return { ids, totals };
}

const QUERIES = [
  'castle',
  'dragon',
  'misty castle',
  'castle or dragon',
  '"golden dragon"',
  'castle -dragon',
  'watercolor',
  'pixel art',
  'cat',
  'owl',
  'nothingmatchesthis',
];

let seq = 0;
async function insertItem(fields: Record<string, unknown>): Promise<string> {
  seq += 1;
  const row = {
    user_id: makers[seq % makers.length]!.id,
    title: `Item ${seq}`,
    description: null,
    prompt: 'plain words',
    content_type: 'photo',
    status: 'ready',
    is_private: false,
    tags: [] as string[],
    created_at: '2026-01-01T00:00:00.000000Z',
    ...fields,
  };
  const res = await t.deps.database.query<{ id: string }>(
    `INSERT INTO content (user_id, title, description, prompt, model, content_type, status, is_private, seed, cost, tags, created_at)
     VALUES ($1, $2, $3, $4, 'stable-diffusion-xl', $5, $6, $7, $8, 0, $9::text[], $10::timestamptz) RETURNING id`,
    [row.user_id, row.title, row.description, row.prompt, row.content_type, row.status, row.is_private, seq, row.tags, row.created_at],
  );
  return res.rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  makers = [await createUser(t.deps), await createUser(t.deps), await createUser(t.deps)];
  const next = random(15);
  const pick = <T>(list: readonly T[], skew = 1) => list[Math.floor(list.length * next() ** skew)]!;
  for (let i = 0; i < 420; i++) {
    const subject = pick(SUBJECTS, 2);
    const second = pick(SUBJECTS);
    const adjective = pick(ADJECTIVES);
    const style = pick(STYLES);
    const type = pick(TYPES);
    const roll = next();
    // A few seconds apart, and every ninth item shares its second with the one before it.
    const second_ = Math.floor(i - (i % 9 === 0 ? 1 : 0));
    const micros = String(Math.floor(next() * 3) * 250000).padStart(6, '0');
    await insertItem({
      title: `${adjective} ${subject}`.replace(/^./, (c) => c.toUpperCase()),
      description: i % 4 === 0 ? `A ${style} study of a ${second}` : null,
      prompt: `${adjective} ${subject} with a ${second}, ${style}, highly detailed`,
      content_type: type,
      status: roll < 0.04 ? 'failed' : roll < 0.07 ? 'processing' : 'ready',
      is_private: next() < 0.1,
      tags: i % 3 === 0 ? [subject, style.split(' ')[0]!, type] : [],
      created_at: new Date(Date.UTC(2026, 0, 1) + second_ * 1000).toISOString().replace(/\.\d{3}Z$/, `.${micros}Z`),
    });
  }
});
afterAll(async () => t.close());

describe('search ranking', () => {
  it('gives, for each query, the same items in the same order as ranking over content', async () => {
    let compared = 0;
    for (const q of QUERIES) {
      const expected = await reference(q);
      const path = `/content/search?q=${encodeURIComponent(q)}&pageSize=20`;
      const first = await get(path);
      expect(first.data.map((c) => c.id), q).toEqual(expected.slice(0, 20));
      expect(first.pagination.total, q).toBe(expected.length);
      const { ids, totals } = await walk(path);
      expect(ids, q).toEqual(expected);
      for (const total of totals) expect(total, q).toBe(expected.length);
      compared += expected.length;
    }
    // The gallery is large enough that the comparison means something.
    expect(compared).toBeGreaterThan(300);
    expect((await reference('castle')).length).toBeGreaterThan(40);
  });

  it('keeps the order by page number and with a type filter', async () => {
    for (const q of ['castle', 'dragon', 'castle or owl']) {
      const expected = await reference(q);
      for (const pageNo of [2, 3]) {
        const reply = await get(`/content/search?q=${encodeURIComponent(q)}&pageSize=7&page=${pageNo}`);
        expect(reply.data.map((c) => c.id), `${q} page ${pageNo}`).toEqual(expected.slice((pageNo - 1) * 7, pageNo * 7));
      }
      for (const type of ['photo', 'video']) {
        const typed = await reference(q, type);
        const { ids, totals } = await walk(`/content/search?q=${encodeURIComponent(q)}&type=${type}&pageSize=6`);
        expect(ids, `${q} ${type}`).toEqual(typed);
        expect(totals[0]).toBe(typed.length);
      }
    }
  });

  it('follows every change that moves an item in or out of search, or along it', async () => {
    const before = await reference('castle');
    const [top, second, third, fourth] = before;
    const db = t.deps.database;
    await db.query('UPDATE content SET is_private = true WHERE id = $1', [top]);
    await db.query(`UPDATE content SET status = 'processing' WHERE id = $1`, [second]);
    await db.query('DELETE FROM content WHERE id = $1', [third]);
    await db.query(`UPDATE content SET title = 'Quiet harbour', tags = '{}', description = NULL, prompt = 'a harbour' WHERE id = $1`, [fourth]);
    const risen = await insertItem({ title: 'Castle castle', tags: ['castle'], prompt: 'a castle', created_at: '2026-06-01T00:00:00.000000Z' });
    const unlisted = await insertItem({ title: 'Castle in progress', status: 'processing' });
    const older = before.at(-1)!;
    await db.query(`UPDATE content SET title = 'Castle castle', tags = '{castle}', prompt = 'a castle', created_at = '2026-05-01T00:00:00.123456Z' WHERE id = $1`, [older]);
    // Counters and progress do not change what search shows.
    await db.query('UPDATE content SET like_count = like_count + 5, play_count = play_count + 1, progress = 100 WHERE id = $1', [before[5]]);

    const after = await reference('castle');
    expect(after).not.toContain(top);
    expect(after).not.toContain(second);
    expect(after).not.toContain(third);
    expect(after).not.toContain(fourth);
    expect(after).not.toContain(unlisted);
    expect(after.slice(0, 2)).toEqual([risen, older]);
    const { ids, totals } = await walk('/content/search?q=castle&pageSize=20');
    expect(ids).toEqual(after);
    expect(totals[0]).toBe(after.length);

    // Back in: made public and ready again, the items return to their places.
    await db.query('UPDATE content SET is_private = false WHERE id = $1', [top]);
    await db.query(`UPDATE content SET status = 'ready' WHERE id = $1`, [second]);
    await db.query(`UPDATE content SET status = 'ready' WHERE id = $1`, [unlisted]);
    const again = await reference('castle');
    expect(again).toContain(top);
    expect(again).toContain(unlisted);
    expect((await walk('/content/search?q=castle&pageSize=20')).ids).toEqual(again);
  });

  it('holds exactly the ready, public items in its copy', async () => {
    const copy = await t.deps.database.query<{ id: string }>(
      `SELECT s.content_id AS id FROM content_search s JOIN content c ON c.id = s.content_id
       WHERE s.search_vector = c.search_vector AND s.created_at = c.created_at AND s.content_type = c.content_type
       ORDER BY 1`,
    );
    const all = await t.deps.database.query<{ n: number }>('SELECT count(*)::int AS n FROM content_search');
    const visible = await t.deps.database.query<{ id: string }>(
      `SELECT id FROM content WHERE status = 'ready' AND is_private = false ORDER BY 1`,
    );
    expect(copy.rows.map((r) => r.id)).toEqual(visible.rows.map((r) => r.id));
    expect(all.rows[0]!.n).toBe(visible.rows.length);
  });

  it('ranks the same when the total of a large search is already known', async () => {
    // A search counts its matches in the statement that ranks them; when a total of at least
    // COUNT_CACHE.floor was counted moments ago, it ranks alone. Lowering the floor reaches that
    // second statement on this small gallery.
    const floor = COUNT_CACHE.floor;
    COUNT_CACHE.floor = 1;
    try {
      for (const q of QUERIES.filter((query) => query !== 'nothingmatchesthis')) {
        const expected = await reference(q);
        const path = `/content/search?q=${encodeURIComponent(q)}&pageSize=20`;
        expect((await walk(path)).ids, q).toEqual(expected);
        const { ids, totals } = await walk(path);
        expect(ids, q).toEqual(expected);
        for (const total of totals) expect(total, q).toBe(expected.length);
        const typed = await reference(q, 'photo');
        expect((await walk(`${path}&type=photo`)).ids, `${q} photo`).toEqual(typed);
        expect((await walk(`${path}&type=photo`)).ids, `${q} photo`).toEqual(typed);
        const second = await get(`${path}&page=2`);
        expect(second.data.map((c) => c.id), `${q} page 2`).toEqual(expected.slice(20, 40));
      }
      // The known total is the one counted moments ago; the order is the ranking's as it is now.
      const counted = (await reference('castle')).length;
      const newcomer = await insertItem({ title: 'Castle castle castle', tags: ['castle'], prompt: 'a castle', created_at: '2026-07-01T00:00:00.000000Z' });
      // Written behind the app's back: the visitors' read cache hears of it through a notification
      // that may still be on its way; this test is about the ranking, so it does not wait for it.
      t.deps.publicReads?.invalidateLocal();
      const first = await get('/content/search?q=castle&pageSize=20');
      expect(first.data[0]!.id).toBe(newcomer);
      expect(first.data.map((c) => c.id)).toEqual((await reference('castle')).slice(0, 20));
      expect(first.pagination.total).toBe(counted);
    } finally {
      COUNT_CACHE.floor = floor;
    }
    // Back above the floor, the small total is counted again at once (another page size: the
    // visitors' read cache holds the reply above, whose total was the one counted before).
    expect((await get('/content/search?q=castle&pageSize=19')).pagination.total).toBe((await reference('castle')).length);
  });
});
