import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db/db.js';
import { createQueue, type Queue } from '../src/platform/queue/queue.js';
import { waitFor } from './factories.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The database as the queue sees it, with an outage switched on and off by the test. */
function faultyDatabase(database: Database) {
  const state = { isDown: false };
  const refuse = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  return {
    state,
    database: {
      kind: database.kind,
      query: ((text: string, params?: unknown[]) => (state.isDown ? refuse() : database.query(text, params))) as Database['query'],
      exec: (text: string) => (state.isDown ? refuse() : database.exec(text)),
    },
  };
}

describe('the job queue when the database goes away', () => {
  let database: Database;
  let queue: Queue;
  const errors: string[] = [];
  const faulty = { state: { isDown: false } };

  beforeAll(async () => {
    database = await openDatabase({});
    const f = faultyDatabase(database);
    faulty.state = f.state;
    queue = createQueue({ database: f.database, log: { error: (_o, msg) => errors.push(msg ?? '') }, pollingIntervalSeconds: 0.1 });
    await queue.define({ name: 'outage', retryLimit: 2, retryDelaySeconds: 0, expireInSeconds: 60 });
    await queue.start();
  });
  afterAll(async () => {
    faulty.state.isDown = false;
    await queue.stop({ timeoutMs: 2000 });
    await database.close();
  });

  it('records the end of a job that finished during the outage once the database is back, and the process lives on', async () => {
    const ran: string[] = [];
    await queue.work<{ n: number }>('outage', { concurrency: 1 }, async (job) => {
      ran.push(job.id);
      // The database goes away while the handler runs: its end cannot be recorded yet.
      faulty.state.isDown = true;
    });
    const id = await queue.send('outage', { n: 1 });
    await waitFor(async () => (errors.some((e) => /could not record the end/.test(e)) ? true : undefined), 5000, 'the failed attempt to be logged');
    // Down for a while: attempts fail and are retried, none of them an unhandled rejection
    // (which fails this test file and, in a server, ended the process).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    faulty.state.isDown = false;
    await waitFor(async () => ((await queue.jobState('outage', id)) === 'completed' ? true : undefined), 10_000, 'the job to be completed');
    expect(ran).toEqual([id]);
    await queue.offWork('outage');
  });

  it('records a failed handler as failed, for pg-boss to retry, after an outage', async () => {
    let calls = 0;
    await queue.work<{ n: number }>('outage', { concurrency: 1 }, async () => {
      calls++;
      if (calls === 1) {
        faulty.state.isDown = true;
        throw new Error('the provider refused');
      }
    });
    const id = await queue.send('outage', { n: 2 });
    await waitFor(async () => (calls >= 1 ? true : undefined), 5000, 'the handler to run');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    faulty.state.isDown = false;
    // Failed, then retried (retryDelaySeconds 0) and completed by the second run.
    await waitFor(async () => ((await queue.jobState('outage', id)) === 'completed' ? true : undefined), 10_000, 'the retry to complete');
    expect(calls).toBe(2);
  });
});

describe('a promise rejection nothing handles', () => {
  it('is logged and the process keeps serving', () => {
    const script = `
      import { keepServingOnUnhandledRejection } from './src/platform/process-faults.ts';
      keepServingOnUnhandledRejection(process, { error: (o, msg) => console.log(msg, String(o.err)) });
      Promise.reject(new Error('complete() lost its database'));
      setTimeout(() => { console.log('still serving'); process.exit(0); }, 200);
    `;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).not.toContain('complete() lost its database');
    expect(child.stdout).toContain('a promise rejection was not handled; the process keeps serving Error: complete() lost its database');
    expect(child.stdout).toContain('still serving');
    expect(child.status).toBe(0);
  }, 30_000);
});
