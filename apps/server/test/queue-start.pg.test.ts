import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/db.js';
import { createQueue } from '../src/platform/queue/queue.js';
import { withDatabase } from './global-setup.js';

const baseUrl = process.env.TEST_DATABASE_URL!;
const quiet = { error: () => undefined };

describe('processes starting together on an empty database', () => {
  it('create their job queues without a deadlock, whatever order each defines them in', async () => {
    const names = ['generation', 'webhooks', 'third', 'fourth'];
    for (let round = 0; round < 3; round++) {
      const name = `atelier_q_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = withDatabase(baseUrl, name);
      const databases = await Promise.all([openDatabase({ databaseUrl: url }), openDatabase({ databaseUrl: url })]);
      try {
        // Two processes, each defining the same queues in the opposite order, starting at once:
        // pg-boss attaches a partition per queue, and two of those at once can deadlock.
        const queues = databases.map((database) => createQueue({ database, connectionString: url, log: quiet }));
        await Promise.all(
          queues.map((queue, i) =>
            Promise.all(
              (i === 0 ? names : [...names].reverse()).map((n) =>
                queue.define({ name: n, retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60 }),
              ),
            ),
          ),
        );
        const started = await Promise.allSettled(queues.map((queue) => queue.start()));
        expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started']);
        await Promise.all(queues.map((queue) => queue.stop({ timeoutMs: 1000 })));
      } finally {
        await Promise.all(databases.map((d) => d.close()));
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }, 90_000);
});
