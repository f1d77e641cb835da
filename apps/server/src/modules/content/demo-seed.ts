import { randomBytes, randomUUID } from 'node:crypto';
import { MODELS_BY_TYPE, slugify, type ContentType } from '@atelier/shared';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db/db.js';
import type { Storage } from '../../platform/storage/storage.js';
import { tileStill } from '../../platform/images.js';
import type { GeneratedAsset, GenerationProvider } from '../../providers/generation/types.js';
import { findUserByEmail, insertUsersIfAbsent } from '../auth/index.js';
import { ensureCategory } from '../categories/index.js';
import { insertFollow } from '../users/index.js';
import {
  countAllContent,
  countAllLikes,
  hasTable,
  insertContent,
  insertDemoComment,
  insertDemoLike,
  insertDemoPlay,
  recountEngagement,
} from './content-items.repository.js';
import { contentKeyPrefix } from './content.view.js';

export interface DemoSeedDeps {
  db: Db;
  storage: Storage;
  provider: GenerationProvider;
  clock: () => Date;
  log: { info(obj: object | string, msg?: string): void; warn(obj: object | string, msg?: string): void };
}

export interface DemoSeedResult {
  skipped?: 'disabled' | 'not-empty';
  categories: number;
  users: number;
  items: number;
  likes: number;
  comments: number;
  follows: number;
  ms: number;
}

/** SEED_DEMO=false turns the demo off; unset means on, except in tests. */
export function isDemoSeedEnabled(config: Pick<Config, 'SEED_DEMO' | 'NODE_ENV'>): boolean {
  const v = config.SEED_DEMO;
  if (v === undefined || v === '') return config.NODE_ENV !== 'test';
  return v === 'true' || v === '1' || v === 'yes';
}

const CATEGORY_TREE: { name: string; description: string; children?: { name: string; description: string }[] }[] = [
  {
    name: 'Nature',
    description: 'The living world, wide and close',
    children: [
      { name: 'Landscapes', description: 'Mountains, valleys and open skies' },
      { name: 'Oceans', description: 'Waves, reefs and coastlines' },
    ],
  },
  { name: 'Urban', description: 'Cities, streets and neon nights' },
  { name: 'Abstract', description: 'Shape, colour and pattern for their own sake' },
  { name: 'Characters', description: 'Faces, creatures and mascots' },
  { name: 'Motion', description: 'Videos, loops and animations' },
  { name: 'Icons', description: 'Clean marks and symbols' },
];

const DEMO_USERS = [
  { username: 'mira_lumen', fullName: 'Mira Lumen', bio: 'Landscapes at golden hour' },
  { username: 'kofi_draws', fullName: 'Kofi Mensah', bio: 'Ink, halftone and bold colour' },
  { username: 'ines_motion', fullName: 'Inès Moreau', bio: 'Loops that never end' },
  { username: 'theo_vector', fullName: 'Theo Park', bio: 'Icons and tidy shapes' },
];

interface DemoItem {
  type: ContentType;
  title: string;
  prompt: string;
  category: string;
  tags: string[];
  by: number;
}

const ITEMS: DemoItem[] = [
  { type: 'photo', title: 'Sunset over the fjord', prompt: 'sunset over a quiet fjord, mountains, warm sky', category: 'landscapes', tags: ['sunset', 'mountains'], by: 0 },
  { type: 'photo', title: 'Morning forest mist', prompt: 'misty pine forest at dawn, soft light', category: 'landscapes', tags: ['forest', 'mist'], by: 0 },
  { type: 'photo', title: 'Desert dunes', prompt: 'wide panorama of desert dunes under a clear sky', category: 'landscapes', tags: ['desert', 'panorama'], by: 0 },
  { type: 'photo', title: 'Deep blue ocean', prompt: 'ocean waves rolling under a stormy sky', category: 'oceans', tags: ['ocean', 'waves'], by: 0 },
  { type: 'photo', title: 'Harbour lights at night', prompt: 'night harbour with stars and a moon over the sea', category: 'oceans', tags: ['night', 'harbour'], by: 2 },
  { type: 'photo', title: 'Neon alley', prompt: 'neon city alley at night, magenta light, rain', category: 'urban', tags: ['neon', 'city'], by: 2 },
  { type: 'photo', title: 'Rooftops at dusk', prompt: 'city rooftops at sunset, warm haze', category: 'urban', tags: ['city', 'sunset'], by: 1 },
  { type: 'photo', title: 'Snowy peaks', prompt: 'snowy mountain peaks, cold blue morning, portrait', category: 'landscapes', tags: ['snow', 'mountains'], by: 3 },
  { type: 'illustration', title: 'Fox under a mushroom', prompt: 'a fox reading under a mushroom in the forest', category: 'characters', tags: ['fox', 'storybook'], by: 1 },
  { type: 'illustration', title: 'Robot gardener', prompt: 'friendly robot watering flowers, bold colour', category: 'characters', tags: ['robot', 'garden'], by: 1 },
  { type: 'illustration', title: 'Lighthouse keeper', prompt: 'lighthouse keeper on the rocks by the ocean at night', category: 'characters', tags: ['lighthouse', 'ocean'], by: 1 },
  { type: 'illustration', title: 'Coral reef parade', prompt: 'coral reef with colourful fish, ocean, halftone', category: 'oceans', tags: ['reef', 'fish'], by: 3 },
  { type: 'illustration', title: 'Tram through the city', prompt: 'yellow tram through a busy city street', category: 'urban', tags: ['tram', 'city'], by: 1 },
  { type: 'illustration', title: 'Colour field', prompt: 'abstract colour field, overlapping circles, pastel', category: 'abstract', tags: ['circles', 'pastel'], by: 3 },
  { type: 'illustration', title: 'Owl astronomer', prompt: 'an owl with a telescope under the night sky and stars', category: 'characters', tags: ['owl', 'stars'], by: 0 },
  { type: 'vector', title: 'Mountain badge', prompt: 'square logo of mountains and a sun', category: 'icons', tags: ['logo', 'mountains'], by: 3 },
  { type: 'vector', title: 'Wave icon', prompt: 'square icon of an ocean wave, blue', category: 'icons', tags: ['icon', 'wave'], by: 3 },
  { type: 'vector', title: 'Leaf mark', prompt: 'square logo of a green leaf, forest', category: 'icons', tags: ['logo', 'leaf'], by: 3 },
  { type: 'vector', title: 'Geometric bloom', prompt: 'abstract geometric flower, triangles, magenta', category: 'abstract', tags: ['geometric', 'flower'], by: 1 },
  { type: 'vector', title: 'City skyline mark', prompt: 'wide city skyline silhouette, night', category: 'urban', tags: ['skyline', 'city'], by: 3 },
  { type: 'gif', title: 'Twinkling night', prompt: 'night sky with twinkling stars and a moon', category: 'motion', tags: ['stars', 'night'], by: 2 },
  { type: 'gif', title: 'Pulse of colour', prompt: 'abstract pulsing colour rings, neon', category: 'abstract', tags: ['neon', 'rings'], by: 2 },
  { type: 'loops', title: 'Neon grid run', prompt: 'neon grid floor with magenta light, endless', category: 'motion', tags: ['neon', 'grid'], by: 2 },
  { type: 'loops', title: 'Drifting clouds', prompt: 'soft clouds drifting over mountains, sunset', category: 'motion', tags: ['clouds', 'calm'], by: 2 },
  { type: 'video', title: 'Coastline flyover', prompt: 'coastline at sunset with ocean waves, cinematic', category: 'oceans', tags: ['coast', 'cinematic'], by: 2 },
  { type: 'video', title: 'Forest path', prompt: 'forest path in morning mist, slow pan', category: 'landscapes', tags: ['forest', 'cinematic'], by: 0 },
];

const COMMENTS = [
  'This is gorgeous — the colours are spot on.',
  'How did you get the light like that?',
  'Saving this for inspiration!',
  'Love the mood here.',
  'The composition is so calm.',
  'More of these please!',
];
const REPLIES = ['Thank you so much!', 'Mostly the prompt — try "golden hour".', 'Glad you like it!'];

async function upsertCategories(db: Db): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let order = 0;
  const put = async (name: string, description: string, parentId: string | null) => {
    const slug = slugify(name);
    order += 1;
    const id = await ensureCategory(db, { name, slug, description, parentId, sortOrder: order });
    if (id) ids.set(slug, id);
    return id;
  };
  for (const top of CATEGORY_TREE) {
    const id = await put(top.name, top.description, null);
    for (const child of top.children ?? []) await put(child.name, child.description, id);
  }
  return ids;
}

async function upsertUsers(db: Db): Promise<string[]> {
  const emails = DEMO_USERS.map((u) => `${u.username.replace('_', '.')}@demo.atelier.local`);
  await insertUsersIfAbsent(
    db,
    DEMO_USERS.map((u, i) => ({
      fullName: u.fullName,
      username: u.username,
      email: emails[i] as string,
      passwordHash: null,
      role: 'user' as const,
      isVerified: true,
      bio: u.bio,
      referralCode: `DEMO${randomBytes(5).toString('hex').toUpperCase()}`,
    })),
  );
  const rows = (await Promise.all(emails.map((email) => findUserByEmail(db, email)))).filter((r) => r !== undefined);
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  return emails.map((e) => byEmail.get(e)).filter((id): id is string => id !== undefined);
}

async function storeAssets(storage: Storage, id: string, assets: GeneratedAsset[]) {
  const keys = new Map<string, string>();
  for (const asset of assets) {
    if (keys.has(asset.role)) continue;
    const key = `${contentKeyPrefix(id)}${asset.role}.${asset.ext.replace(/[^a-z0-9]/gi, '')}`;
    await storage.put(key, asset.data, asset.mimeType);
    keys.set(asset.role, key);
  }
  const mediaKey = keys.get('original') ?? null;
  const previewKey = keys.get('preview') ?? mediaKey;
  // The 640 px tile still, as the generation worker makes it.
  let tileKey: string | null = null;
  for (const role of ['poster', 'preview', 'original'] as const) {
    const source = assets.find((a) => a.role === role);
    const tile = source ? await tileStill(source.data) : null;
    if (!tile) continue;
    tileKey = `${contentKeyPrefix(id)}tile.webp`;
    await storage.put(tileKey, tile, 'image/webp');
    break;
  }
  return { mediaKey, previewKey, thumbnailKey: keys.get('thumbnail') ?? previewKey, posterKey: keys.get('poster') ?? null, tileKey };
}

/**
 * A populated product on a fresh start: categories, a few demo makers (no password, so nobody can
 * sign in as them), a few dozen items rendered by the local renderer, likes, comments and follows.
 * Runs only when there is no content at all, so it never touches a database in real use.
 */
export async function seedDemoData(deps: DemoSeedDeps): Promise<DemoSeedResult> {
  const started = Date.now();
  const result: DemoSeedResult = { categories: 0, users: 0, items: 0, likes: 0, comments: 0, follows: 0, ms: 0 };
  if ((await countAllContent(deps.db)) > 0) return { ...result, skipped: 'not-empty' };

  const categoryIds = await upsertCategories(deps.db);
  result.categories = categoryIds.size;
  const makers = await upsertUsers(deps.db);
  result.users = makers.length;
  if (makers.length === 0) return { ...result, ms: Date.now() - started };

  const now = deps.clock().getTime();
  const itemIds: string[] = [];
  const seeded: DemoItem[] = [];
  const render = async (item: DemoItem, i: number) => {
    const model = MODELS_BY_TYPE[item.type][0]?.id ?? 'stable-diffusion-xl';
    const seed = 1000 + i * 37;
    try {
      const output = await deps.provider.generate(
        { contentType: item.type, model, prompt: item.prompt, seed, strength: 50 },
        { signal: AbortSignal.timeout(60_000) },
      );
      return { model, seed, output };
    } catch (err) {
      deps.log.warn({ err, title: item.title }, 'demo item could not be rendered; skipped');
      return null;
    }
  };
  // Two at a time: the renderer is mostly single-threaded, and the machine may have two cores.
  for (let start = 0; start < ITEMS.length; start += 2) {
    const batch = ITEMS.slice(start, start + 2);
    const rendered = await Promise.all(batch.map((item, k) => render(item, start + k)));
    for (const [k, done] of rendered.entries()) {
      const i = start + k;
      const item = batch[k];
      if (!done || !item) continue;
      const { model, seed, output } = done;
      const id = randomUUID();
      const keys = await storeAssets(deps.storage, id, output.assets);
      const original = output.assets.find((a) => a.role === 'original');
      // Spread over the last ten days, the first items oldest.
      const createdAt = new Date(now - (ITEMS.length - i) * 8 * 3600 * 1000);
      await insertContent(deps.db, {
        id,
        userId: makers[item.by % makers.length] as string,
        title: item.title,
        description: `Demo piece rendered by Atelier's local renderer from the prompt “${item.prompt}”.`,
        prompt: item.prompt,
        model,
        contentType: item.type,
        status: 'ready',
        progress: 100,
        seed,
        cost: 0,
        width: output.width,
        height: output.height,
        durationMs: output.durationMs === undefined ? null : Math.round(output.durationMs),
        ...keys,
        mimeType: original?.mimeType ?? null,
        categoryId: categoryIds.get(item.category) ?? null,
        tags: item.tags,
        createdAt,
        updatedAt: createdAt,
        completedAt: createdAt,
      });
      itemIds.push(id);
      seeded.push(item);
    }
  }
  result.items = itemIds.length;

  // Engagement: deterministic, uneven, recent enough for the trending row to mean something.
  for (const [i, contentId] of itemIds.entries()) {
    const likers = makers.filter((_, u) => (i * 7 + u * 3) % 5 < 3);
    for (const [u, userId] of likers.entries()) {
      await insertDemoLike(deps.db, { contentId, userId, createdAt: new Date(now - ((i + u) % 9) * 16 * 3600 * 1000) });
    }
    const kind = seeded[i]?.type;
    const plays = kind === 'video' || kind === 'loops' || kind === 'gif' ? 3 + ((i * 5) % 11) : (i * 3) % 6;
    for (let p = 0; p < plays; p += 1) {
      await insertDemoPlay(deps.db, { contentId, createdAt: new Date(now - ((p * 13 + i) % 160) * 3600 * 1000) });
    }
    if (i % 2 === 0) {
      const author = makers[(i + 1) % makers.length] as string;
      const top = await insertDemoComment(deps.db, {
        contentId,
        userId: author,
        body: COMMENTS[i % COMMENTS.length] as string,
        createdAt: new Date(now - (i % 6) * 10 * 3600 * 1000),
      });
      result.comments += 1;
      if (top && i % 4 === 0) {
        const owner = makers[(seeded[i]?.by ?? 0) % makers.length] as string;
        await insertDemoComment(deps.db, {
          contentId,
          userId: owner,
          parentId: top.id,
          body: REPLIES[i % REPLIES.length] as string,
          createdAt: new Date(now - (i % 6) * 10 * 3600 * 1000 + 3600 * 1000),
        });
        result.comments += 1;
      }
    }
  }
  await recountEngagement(deps.db, itemIds);
  result.likes = await countAllLikes(deps.db);

  if (await hasTable(deps.db, 'follows')) {
    for (const [a, follower] of makers.entries()) {
      for (const [b, following] of makers.entries()) {
        if (a === b || (a + b) % 3 === 0) continue;
        await insertFollow(deps.db, follower, following);
        result.follows += 1;
      }
    }
  }
  result.ms = Date.now() - started;
  return result;
}

/** One line for the log. */
export function describeDemoSeed(r: DemoSeedResult): string {
  if (r.skipped === 'not-empty') return 'demo data: skipped (the database already has content)';
  if (r.skipped === 'disabled') return 'demo data: off (SEED_DEMO=false)';
  return `demo data: ${r.categories} categories, ${r.users} makers, ${r.items} items, ${r.likes} likes, ${r.comments} comments, ${r.follows} follows in ${r.ms} ms`;
}
