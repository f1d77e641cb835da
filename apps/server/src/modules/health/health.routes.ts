import { z } from 'zod';
import { ping } from '../../platform/db/db.js';
import { latestMigrationName } from '../../platform/db/migrate.js';
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

const checksSchema = z.object({
  database: z.string(),
  migrations: z.string(),
  queue: z.string(),
  draining: z.boolean(),
});

export const healthRoutes: AppModule = (app, { database, queue, lifecycle }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: {
          200: z.object({ data: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }),
        },
      },
    },
    async () => {
      await ping(database.db);
      return { data: { status: 'ok' as const, database: database.kind } };
    },
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness for a load balancer: database reachable, migrations applied, queue running, not draining',
        response: {
          200: z.object({ data: z.object({ status: z.literal('ready'), checks: checksSchema }) }),
          503: z.object({
            statusCode: z.literal(503),
            code: z.literal('NOT_READY'),
            error: z.string(),
            message: z.string(),
            checks: checksSchema,
          }),
        },
      },
    },
    async (_request, reply) => {
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
  );
};
