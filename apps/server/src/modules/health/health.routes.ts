import { healthContracts } from '@atelier/shared';
import { ping } from '../../platform/db/db.js';
import { latestAppliedMigration, latestMigrationName } from '../../platform/db/migrate.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';

/** Readiness answers within this, whatever the database does: a load balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 2000;

/** What a check says in the reply: its state only. Why it failed goes to the log. */
type CheckState = 'ok' | 'failing' | 'timeout' | 'behind' | 'stopped';

class CheckFailed extends Error {
  constructor(
    readonly state: CheckState,
    message: string,
  ) {
    super(message);
  }
}

async function check(run: () => Promise<void>): Promise<{ state: CheckState; reason?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new CheckFailed('timeout', `no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { state: 'ok' };
  } catch (err) {
    return { state: err instanceof CheckFailed ? err.state : 'failing', reason: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: AppModule = (app, { database, queue, lifecycle }) => {
  // Liveness: the process answers. It never waits for the database, so an outage or a full pool
  // makes the API unready (readiness) without getting the process restarted.
  app.route({
    ...fromContract(healthContracts.live),
    handler: async () => ({ data: { status: 'ok' as const, database: database.kind } }),
  });

  app.route({
    ...fromContract(healthContracts.ready),
    handler: async (request, reply) => {
      const expected = latestMigrationName();
      const [db, migrations] = await Promise.all([
        check(() => ping(database.db)),
        check(async () => {
          const applied = await latestAppliedMigration(database);
          if (applied !== expected) throw new CheckFailed('behind', `latest applied is ${applied ?? 'none'}, this build needs ${expected}`);
        }),
      ]);
      const queueState: CheckState = queue.isRunning() ? 'ok' : 'stopped';
      const checks = { database: db.state, migrations: migrations.state, queue: queueState, draining: lifecycle.draining };
      const failed = [
        ...(['database', 'migrations', 'queue'] as const).filter((k) => checks[k] !== 'ok'),
        ...(lifecycle.draining ? ['draining'] : []),
      ];
      reply.header('cache-control', 'no-store');
      if (failed.length === 0) return { data: { status: 'ready' as const, checks } };
      const reasons = { database: db.reason, migrations: migrations.reason, queue: queueState === 'ok' ? undefined : 'the job queue is not running' };
      request.log.warn({ checks, reasons }, 'not ready');
      return reply.status(503).send({
        statusCode: 503 as const,
        code: 'NOT_READY' as const,
        error: 'Service Unavailable',
        message: `Not ready: ${failed.join(', ')}`,
        checks,
      });
    },
  });
};
