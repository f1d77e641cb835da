import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content, LedgerEntry } from '@atelier/shared';
import { applyCredits } from '../src/modules/credits/credits.service.js';
import { ledgerKeys } from '../src/modules/credits/ledger-keys.js';
import { ledgerSum } from '../src/modules/credits/credits.repository.js';
import { GENERATION_QUEUE, generationDeps } from '../src/modules/generation/generation.deps.js';
import { insertRequested } from '../src/modules/content/content-requests.repository.js';
import { DEFAULT_STALE_AFTER_MS, MAX_ATTEMPTS, ORPHAN_GRACE_MS, STALE_MARGIN_MS, runGeneration, startGenerationWorker } from '../src/modules/generation/generation.worker.js';
import { createTestApp, type TestContext } from './app.js';
import { createUser, fakeProvider, waitFor, type TestUser } from './factories.js';

// What a crash leaves behind, and what a (re)starting worker does about it. Workers are started
// by the tests themselves, as a process restart would.
const provider = fakeProvider('succeed');
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({}, { provider });
});
afterAll(async () => t.close());

const api = (path: string) => `/api/v1${path}`;
const TIMEOUT_MS = 300_000;

async function show(user: TestUser, id: string): Promise<Content> {
  return (await t.app.inject({ method: 'GET', url: api(`/content/${id}`), headers: user.headers })).json().data;
}

async function balanceOf(user: TestUser): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/balance'), headers: user.headers })).json().data.credits;
}

async function ledger(user: TestUser): Promise<LedgerEntry[]> {
  return (await t.app.inject({ method: 'GET', url: api('/credits/history?pageSize=100'), headers: user.headers })).json().data;
}

async function generate(user: TestUser, prompt: string): Promise<Content> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('/content/generate'),
    headers: user.headers,
    payload: { contentType: 'photo', prompt, model: 'flux-dev' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

const statusIs = (user: TestUser, id: string, status: Content['status']) =>
  waitFor(async () => {
    const item = await show(user, id);
    return item.status === status ? item : undefined;
  }, 15_000, `content ${id} to be ${status}`);

/** Moves the app clock to `ms` after a database timestamp (row times come from the database). */
async function advancePast(id: string, column: 'created_at' | 'enqueued_at', ms: number): Promise<void> {
  const row = (await t.deps.database.query<{ at: Date }>(`SELECT ${column} AS at FROM content WHERE id = $1`, [id])).rows[0];
  const target = new Date(row!.at).getTime() + ms;
  const now = t.clock.now().getTime();
  if (target > now) t.clock.advance(target - now);
}

describe('worker start heals what a crash left', () => {
  it('fails and refunds an item stuck in processing past its deadline, once', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Claimed by a worker that then died');
    const startedAt = new Date(t.clock.now().getTime() - TIMEOUT_MS - STALE_MARGIN_MS - 1000);
    await t.deps.database.query("UPDATE content SET status = 'processing', run_id = $2, started_at = $3 WHERE id = $1", [
      item.id,
      randomUUID(),
      startedAt,
    ]);

    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      expect(await show(user, item.id)).toMatchObject({
        status: 'failed',
        failureReason: 'Generation timed out after 300 seconds',
        refunded: 5,
      });
      expect(await balanceOf(user)).toBe(10);
      // Its original job is still in the queue; running it now finds nothing to do.
      await waitFor(async () => {
        const rows = await t.deps.database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'contentId' = $2 AND state IN ('created', 'retry', 'active')",
          [GENERATION_QUEUE, item.id],
        );
        return rows.rows[0]?.n === 0 ? true : undefined;
      });
      expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
      expect((await show(user, item.id)).status).toBe('failed');
    } finally {
      await worker.stop();
    }
  });

  it('enqueues an item committed just before a crash that lost its enqueue', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const id = randomUUID();
    // The request's transaction, committed, with the process gone before it could enqueue.
    await t.deps.database.db.transaction(async (tx) => {
      await insertRequested(tx, {
        id,
        userId: user.id,
        title: 'Generated Photo',
        prompt: 'Orphaned by a crash',
        model: 'flux-dev',
        contentType: 'photo',
        seed: 7,
        cost: 5,
        charged: 5,
      });
      await applyCredits(tx, { userId: user.id, delta: -5, kind: 'generation_charge', contentId: id, idempotencyKey: ledgerKeys.generationCharge(id) });
    });
    await advancePast(id, 'created_at', ORPHAN_GRACE_MS + 1000);

    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      const done = await statusIs(user, id, 'ready');
      expect(done.mediaUrl).toBe(`/media/content/${id}/original.png`);
      expect(await balanceOf(user)).toBe(5);
      expect((await ledger(user)).map((e) => e.kind)).toEqual(['generation_charge', 'signup_grant']);
    } finally {
      await worker.stop();
    }
  });

  it('hands running items back to the queue on shutdown; the next worker finishes them without a second charge', async () => {
    provider.mode = 'hang';
    const user = await createUser(t.deps, { credits: 10 });
    const first = await startGenerationWorker(generationDeps(t.deps));
    const item = await generate(user, 'Interrupted by a deploy');
    try {
      await statusIs(user, item.id, 'processing');
    } finally {
      await first.stop();
    }
    expect(await show(user, item.id)).toMatchObject({ status: 'queued', refunded: 0 });
    expect(await balanceOf(user)).toBe(5);

    provider.mode = 'succeed';
    await advancePast(item.id, 'enqueued_at', ORPHAN_GRACE_MS + 1000);
    const second = await startGenerationWorker(generationDeps(t.deps));
    try {
      await statusIs(user, item.id, 'ready');
    } finally {
      await second.stop();
    }
    const attempts = await t.deps.database.query<{ attempts: number }>('SELECT attempts FROM content WHERE id = $1', [item.id]);
    expect(attempts.rows[0]?.attempts).toBe(2);
    expect(await balanceOf(user)).toBe(5);
    expect(await ledgerSum(t.deps.database.db, user.id)).toBe(5);
    expect((await ledger(user)).filter((e) => e.kind === 'generation_charge')).toHaveLength(1);
    // Two workers start and stop, each waited for up to 15 s (statusIs names what never happened):
    // the file's 30 s default would cut the second wait short on a loaded machine.
  }, 60_000);

  it('hands back at once an item claimed after its worker began stopping', async () => {
    provider.mode = 'hang';
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Claimed during shutdown');
    const active = new Map<string, AbortController>();
    // Would hang with this provider were the stop not seen right after the claim.
    await runGeneration(generationDeps(t.deps), item.id, { active, isStopping: () => true });
    expect(active.size).toBe(0);
    expect(await show(user, item.id)).toMatchObject({ status: 'queued', refunded: 0 });
    expect(await balanceOf(user)).toBe(5);
    provider.mode = 'succeed';
  });
});

describe('a job fetched by a worker that died before it claimed the item', () => {
  /** What a fetch leaves in pg-boss: the job active since `secondsAgo` (by the app's clock), its item still queued. */
  async function fetchedAgo(id: string, secondsAgo: number): Promise<string> {
    const jobId = (await t.deps.database.query<{ job_id: string }>('SELECT job_id FROM content WHERE id = $1', [id])).rows[0]!.job_id;
    await t.deps.database.query(`UPDATE pgboss.job SET state = 'active', started_on = $2 WHERE id = $1`, [
      jobId,
      new Date(t.clock.now().getTime() - secondsAgo * 1000),
    ]);
    return jobId;
  }

  it('queues the item again after GENERATION_STALE_AFTER_MS and it finishes ready, charged once', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Fetched, then the worker was killed');
    await advancePast(item.id, 'enqueued_at', ORPHAN_GRACE_MS + 1000);
    const lostJob = await fetchedAgo(item.id, DEFAULT_STALE_AFTER_MS / 1000 + 1);
    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      expect(await statusIs(user, item.id, 'ready')).toMatchObject({ refunded: 0 });
      expect(await balanceOf(user)).toBe(5);
      expect((await ledger(user)).map((e) => e.kind)).toEqual(['generation_charge', 'signup_grant']);
      const jobId = (await t.deps.database.query<{ job_id: string }>('SELECT job_id FROM content WHERE id = $1', [item.id])).rows[0]!.job_id;
      expect(jobId).not.toBe(lostJob);
    } finally {
      await worker.stop();
    }
  });

  it('with a short GENERATION_STALE_AFTER_MS, queues it again within that time plus one sweep', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Fetched under a short stale time, then the worker was killed');
    // 6 s on: past a 5 s stale time, well inside the 30 s an unfetched orphan is given.
    await advancePast(item.id, 'enqueued_at', 6000);
    const lostJob = await fetchedAgo(item.id, 6);
    const worker = await startGenerationWorker({ ...generationDeps(t.deps), staleAfterMs: 5000 });
    try {
      expect(await statusIs(user, item.id, 'ready')).toMatchObject({ refunded: 0 });
      expect(await balanceOf(user)).toBe(5);
      const jobId = (await t.deps.database.query<{ job_id: string }>('SELECT job_id FROM content WHERE id = $1', [item.id])).rows[0]!.job_id;
      expect(jobId).not.toBe(lostJob);
    } finally {
      await worker.stop();
    }
  });

  it('leaves an item whose job was fetched moments ago to the worker that fetched it', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Fetched just now by a live worker');
    await advancePast(item.id, 'enqueued_at', ORPHAN_GRACE_MS + 1000);
    const fetched = await fetchedAgo(item.id, 1);
    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      const row = (await t.deps.database.query<{ job_id: string; status: string }>('SELECT job_id, status FROM content WHERE id = $1', [item.id])).rows[0]!;
      expect(row).toEqual({ job_id: fetched, status: 'queued' });
    } finally {
      await worker.stop();
      await t.deps.database.query("UPDATE content SET status = 'failed' WHERE id = $1", [item.id]);
    }
  });
});

describe('a run whose worker stopped beating', () => {
  /** What a worker killed mid-run leaves: processing, its last heartbeat long ago, well before its deadline. */
  async function silentRun(id: string, attempts: number): Promise<void> {
    const lastBeat = new Date(t.clock.now().getTime() - DEFAULT_STALE_AFTER_MS - 1000);
    await t.deps.database.query(
      "UPDATE content SET status = 'processing', run_id = $2, started_at = $3, heartbeat_at = $3, attempts = $4 WHERE id = $1",
      [id, randomUUID(), lastBeat, attempts],
    );
  }

  it('is queued again by the next worker and finishes ready, charged once', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Its worker was killed');
    await silentRun(item.id, 1);
    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      expect(await statusIs(user, item.id, 'ready')).toMatchObject({ refunded: 0 });
      expect(await balanceOf(user)).toBe(5);
      expect((await ledger(user)).map((e) => e.kind)).toEqual(['generation_charge', 'signup_grant']);
    } finally {
      await worker.stop();
    }
  });

  it('leaves a run that is still beating alone', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Its worker is alive');
    await t.deps.database.query(
      "UPDATE content SET status = 'processing', run_id = $2, started_at = $3, heartbeat_at = $4 WHERE id = $1",
      [item.id, randomUUID(), new Date(t.clock.now().getTime() - DEFAULT_STALE_AFTER_MS - 1000), t.clock.now()],
    );
    const worker = await startGenerationWorker(generationDeps(t.deps));
    try {
      expect((await show(user, item.id)).status).toBe('processing');
    } finally {
      await worker.stop();
      await t.deps.database.query("UPDATE content SET status = 'failed', run_id = NULL WHERE id = $1", [item.id]);
    }
  });

  it('is failed and refunded exactly once after too many lost runs', async () => {
    const user = await createUser(t.deps, { credits: 10 });
    const item = await generate(user, 'Kills its worker every time');
    await silentRun(item.id, MAX_ATTEMPTS);
    const first = await startGenerationWorker(generationDeps(t.deps));
    await first.stop();
    const second = await startGenerationWorker(generationDeps(t.deps));
    await second.stop();
    expect(await show(user, item.id)).toMatchObject({ status: 'failed', refunded: 5 });
    expect(await balanceOf(user)).toBe(10);
    expect((await ledger(user)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });
});
