import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/db.js';
import { createQueue, startMinuteSweep, type Queue } from '../src/platform/queue/queue.js';
import { openTestDatabase } from './app.js';
import { waitFor } from './factories.js';

const quiet = { error: () => undefined };

/**
 * The once-a-minute sweeps (billing, dashboard rollups, notification emails) run as a pg-boss
 * schedule: however many worker processes there are, each minute's sweep runs once.
 */
describe('a sweep scheduled once a minute', () => {
  let database: Database;
  const queues: Queue[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop({ timeoutMs: 2000 });
    await database.close();
  });

  it('runs on one of three worker processes per minute, and not from API processes alone', async () => {
    // An API process (no timekeeping) asks for the sweep too: alone, it never sends a tick.
    const api = createQueue({ database, log: quiet, pollingIntervalSeconds: 0.2 });
    queues.push(api);
    const runs: { process: number; minute: number }[] = [];
    await startMinuteSweep(api, 'test-sweep', async () => void runs.push({ process: 0, minute: Math.floor(Date.now() / 60_000) }), quiet.error);
    await new Promise((resolve) => setTimeout(resolve, 7000));
    expect(runs).toEqual([]);

    // Three worker processes keep the clock; one of them runs each minute's sweep.
    for (let p = 1; p <= 3; p++) {
      const worker = createQueue({ database, log: quiet, pollingIntervalSeconds: 0.2, timekeeping: true });
      queues.push(worker);
      await startMinuteSweep(worker, 'test-sweep', async () => void runs.push({ process: p, minute: Math.floor(Date.now() / 60_000) }), quiet.error);
    }
    await waitFor(async () => (runs.length > 0 ? true : undefined), 30_000, 'the first scheduled sweep');
    // Long enough for every process's clock to look again (pg-boss sends due ticks every 5 s).
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const perMinute = new Map<number, number>();
    for (const run of runs) perMinute.set(run.minute, (perMinute.get(run.minute) ?? 0) + 1);
    expect([...perMinute.values()].every((n) => n === 1)).toBe(true);
  }, 90_000);

  it('tells of a sweep that failed', async () => {
    const worker = createQueue({ database, log: quiet, pollingIntervalSeconds: 0.2, timekeeping: true });
    queues.push(worker);
    const errors: unknown[] = [];
    await startMinuteSweep(
      worker,
      'failing-sweep',
      async () => {
        throw new Error('the sweep broke');
      },
      (err) => errors.push(err),
    );
    // pg-boss's clock looks every 30 s, and sends what is due every 5 s.
    await waitFor(async () => (errors.length > 0 ? true : undefined), 60_000, 'the failed sweep to be told');
    expect(String(errors[0])).toContain('the sweep broke');
  }, 90_000);
});
