import { healthContracts } from '@atelier/shared';
import { ping } from '../../platform/db/db.js';
import { latestMigrationName } from '../../platform/db/migrate.js';
import { fromContract } from '../../platform/http/contract-route.js';
import type { AppModule } from '../../platform/http/types.js';

const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | string;

async function check(run: () => Promise<void>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: AppModule = (app, { database, queue, lifecycle }) => {
  app.route({
    ...fromContract(healthContracts.live),
    handler: async () => {
      await ping(database.db);
      return { data: { status: 'ok' as const, database: database.kind } };
    },
  });

  app.route({
    ...fromContract(healthContracts.ready),
    handler: async (_request, reply) => {
      const expected = latestMigrationName();
      const [db, migrations] = await Promise.all([
        check(() => ping(database.db)),
        check(async () => {
          const { rows } = await database.query<{ name: string | null }>('SELECT max(name) AS name FROM schema_migrations');
          const applied = rows[0]?.name ?? null;
          if (applied !== expected) throw new Error(`latest applied is ${applied ?? 'none'}, this build needs ${expected}`);
        }),
      ]);
      const checks = {
        database: db,
        migrations,
        queue: queue.isRunning() ? 'ok' : 'the job queue is not running',
        draining: lifecycle.draining,
      };
      const failed = [
        ...(['database', 'migrations', 'queue'] as const).filter((k) => checks[k] !== 'ok'),
        ...(lifecycle.draining ? ['draining'] : []),
      ];
      reply.header('cache-control', 'no-store');
      if (failed.length === 0) return { data: { status: 'ready' as const, checks } };
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
