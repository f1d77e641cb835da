import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryTreeNode, Content } from '@atelier/shared';
import { describeDemoSeed, isDemoSeedEnabled, seedDemoData } from '../src/modules/content/demo-seed.js';
import { createLocalProvider } from '../src/providers/generation/local/local-provider.js';
import { createTestApp, type TestContext } from './app.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const silent = { info: () => undefined, warn: () => undefined };

describe('demo seed', () => {
  it('is on by default, off in tests and when SEED_DEMO=false', () => {
    expect(isDemoSeedEnabled({ NODE_ENV: 'development', SEED_DEMO: undefined })).toBe(true);
    expect(isDemoSeedEnabled({ NODE_ENV: 'test', SEED_DEMO: undefined })).toBe(false);
    expect(isDemoSeedEnabled({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toBe(false);
    expect(isDemoSeedEnabled({ NODE_ENV: 'test', SEED_DEMO: 'true' })).toBe(true);
  });

  it('fills an empty database with a browsable gallery once, quickly', async () => {
    const deps = { db: t.deps.database.db, storage: t.deps.storage, provider: createLocalProvider(), clock: () => new Date(), log: silent };
    const result = await seedDemoData(deps);
    expect(result.skipped).toBeUndefined();
    expect(result.items).toBeGreaterThanOrEqual(24);
    expect(describeDemoSeed(result)).toMatch(/demo data: \d+ categories/);

    const list = (await t.app.inject({ method: 'GET', url: api('/content?pageSize=100') })).json();
    expect(list.pagination.total).toBe(result.items);
    const types = new Set((list.data as Content[]).map((c) => c.contentType));
    expect([...types].sort()).toEqual(['gif', 'illustration', 'loops', 'photo', 'vector', 'video']);
    expect((list.data as Content[]).every((c) => c.thumbnailUrl !== null && c.status === 'ready')).toBe(true);
    const trending = (await t.app.inject({ method: 'GET', url: api('/content?sort=trending&pageSize=8') })).json().data as Content[];
    expect(trending[0]!.likeCount + trending[0]!.playCount).toBeGreaterThan(0);

    const tree = (await t.app.inject({ method: 'GET', url: api('/category/tree') })).json().data as CategoryTreeNode[];
    expect(tree.find((n) => n.slug === 'nature')?.children.map((c) => c.slug).sort()).toEqual(['landscapes', 'oceans']);
    const cats = (await t.app.inject({ method: 'GET', url: api('/categories?pageSize=100') })).json().data as Category[];
    expect(cats.some((c) => c.contentCount > 0)).toBe(true);

    expect((await seedDemoData(deps)).skipped).toBe('not-empty');
  }, 180_000);
});
