import type { LedgerKind } from '@atelier/shared';
import { applyCredits } from '../src/modules/credits/credits.service.js';
import { ledgerKeys } from '../src/modules/credits/ledger-keys.js';
import type { TestContext } from './app.js';
import { createUser, type TestUser, type UserOverrides } from './factories.js';

/** A user whose signup time is chosen. */
export async function userAt(t: TestContext, createdAt: string, overrides: UserOverrides = {}): Promise<TestUser> {
  const user = await createUser(t.deps, overrides);
  await t.deps.database.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [user.id, createdAt]);
  return user;
}

export interface ContentSeed {
  createdAt: string;
  contentType?: string;
  model?: string;
  status?: 'queued' | 'processing' | 'ready' | 'failed';
  likes?: number;
  comments?: number;
  plays?: number;
  cost?: number;
  charged?: number;
  refunded?: number;
  title?: string;
}

export async function contentAt(t: TestContext, userId: string, c: ContentSeed): Promise<string> {
  const { rows } = await t.deps.database.query<{ id: string }>(
    `INSERT INTO content (user_id, title, prompt, model, content_type, status, seed, cost, charged, refunded,
                          like_count, comment_count, play_count, created_at, updated_at)
     VALUES ($1, $2, 'a prompt', $3, $4, $5, 1, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [
      userId,
      c.title ?? `Piece ${c.createdAt}`,
      c.model ?? 'photo-a',
      c.contentType ?? 'photo',
      c.status ?? 'ready',
      c.cost ?? 10,
      c.charged ?? c.cost ?? 10,
      c.refunded ?? 0,
      c.likes ?? 0,
      c.comments ?? 0,
      c.plays ?? 0,
      c.createdAt,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('content insert returned nothing');
  return id;
}

/** A ledger row through the real credits service, then moved to the chosen time. */
export async function ledgerAt(
  t: TestContext,
  userId: string,
  createdAt: string,
  delta: number,
  kind: LedgerKind,
  extra: { actorId?: string; reason?: string } = {},
): Promise<void> {
  const db = t.deps.database.db;
  const { entry } = await db.transaction((tx) =>
    applyCredits(tx, { userId, delta, kind, idempotencyKey: ledgerKeys.unique('seed'), ...extra }),
  );
  await t.deps.database.query(`UPDATE credit_ledger SET created_at = $2 WHERE id = $1`, [entry.id, createdAt]);
}
