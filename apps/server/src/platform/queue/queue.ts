import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database } from '../db/db.js';

export interface QueueDefinition {
  name: string;
  /** Retries after a handler throws (a crash or an infrastructure error, not a provider refusal). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is failed by pg-boss and retried. */
  expireInSeconds: number;
}

export interface QueueJob<T> {
  id: string;
  data: T;
  retryCount: number;
  retryLimit: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface Queue {
  /** Declares a queue; safe to repeat. Applied on start, or at once when already started. */
  define(def: QueueDefinition): Promise<void>;
  /** Starts the engine (creating its schema on first use); later calls wait for the first. */
  start(): Promise<void>;
  send<T extends object>(name: string, data: T, opts?: { startAfterSeconds?: number }): Promise<string>;
  /**
   * A job for the caller's own statement, so it is queued in the same transaction as the change
   * that asks for it: `insert` is an INSERT … SELECT that adds a job (one row per row of `from`, a
   * CTE name of that statement, or once when omitted) and returns its id. Its id and data are
   * placeholders, so the statement can be built once: `values(data)` gives a new job's id and the
   * placeholders' values. Call `start()` first, and `wake(name)` after the commit. The job is the
   * one `send` would make. With `perRow`, each job's id and data are those expressions over the
   * row of `from` instead (several jobs in one statement), and `values` is not needed.
   */
  jobInsert(name: string, from?: string, perRow?: JobPerRow): { insert: SQL; values(data: object): { id: string; values: Record<string, unknown> } };
  /** Tells this process's idle workers for `name` that a job is waiting (after a `jobInsert` commits). */
  wake(name: string): void;
  /** Runs `handler` for jobs of `name`, `concurrency` at a time, in this process. */
  work<T extends object>(name: string, opts: { concurrency: number }, handler: (job: QueueJob<T>) => Promise<void>): Promise<void>;
  /** Stops this process's workers for `name` from fetching more jobs (running handlers go on). */
  offWork(name: string): Promise<void>;
  jobState(name: string, id: string): Promise<JobState | null>;
  /** Stops fetching; waits up to `timeoutMs` for running handlers. */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /** True between a successful start and stop (readiness reads it). */
  isRunning(): boolean;
  /** Jobs of `name` waiting to run (created or retry) and the age in seconds of the oldest one. */
  waiting(name: string): Promise<{ depth: number; oldestAgeSeconds: number }>;
}

/** SQL over the `from` row of a jobInsert: the job's id (uuid) and its data (jsonb). */
export interface JobPerRow {
  id: SQL;
  data: SQL;
}

export interface QueueOptions {
  database: Pick<Database, 'kind' | 'query' | 'exec'>;
  /** PostgreSQL: pg-boss opens its own pool, so queue polling never waits for API connections. */
  connectionString?: string;
  log: { error(obj: object, msg?: string): void };
  /** How often an idle worker looks for jobs; a send in this process wakes it at once. */
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss over the app's database connection. PGlite has one connection and no multi-statement
 * prepared queries, so parameterless scripts (pg-boss's locked migrations) go through `exec`.
 */
export function sqlAdapter(database: QueueOptions['database']): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return database.query(text, values);
      try {
        return await database.query(text);
      } catch (err) {
        if (!(err instanceof Error) || !/multiple commands/i.test(err.message)) throw err;
        await database.exec(text);
        return { rows: [] };
      }
    },
  };
}

/**
 * pg-boss's job row for a queue, as its `send` writes it with no per-job options (pg-boss 10): the
 * queue's retry, expiry, dead-letter and policy settings, kept for its default 14 days while
 * waiting. `test/queue-in-statement.int.test.ts` compares it column by column with a sent job, so a
 * pg-boss upgrade that changes the row fails there.
 */
function jobInsertSql(schema: string, name: string, from: string | undefined, perRow?: JobPerRow): SQL {
  const id = perRow ? perRow.id : sql`${sql.placeholder('job_id')}::uuid`;
  const data = perRow ? perRow.data : sql`${sql.placeholder('job_data')}::jsonb`;
  return sql`INSERT INTO ${sql.identifier(schema)}.job
      (id, name, data, priority, start_after, dead_letter, expire_in, keep_until, retry_limit, retry_delay, retry_backoff, policy)
    SELECT ${id}, q.name, ${data}, 0, now(), q.dead_letter,
      coalesce(q.expire_seconds * interval '1 second', interval '15 minutes'),
      now() + coalesce(q.retention_minutes * interval '1 minute', interval '14 days'),
      coalesce(q.retry_limit, 2), coalesce(q.retry_delay, 0), coalesce(q.retry_backoff, false), q.policy
    FROM ${sql.identifier(schema)}.queue q${from ? sql` CROSS JOIN ${sql.identifier(from)}` : sql``}
    WHERE q.name = ${name}
    RETURNING id`;
}

/** PostgreSQL's "deadlock detected" (SQLSTATE 40P01): the transaction was aborted and may be retried. */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '40P01' || (err instanceof Error && /deadlock detected/i.test(err.message));
}

export function createQueue(opts: QueueOptions): Queue {
  const schema = 'pgboss';
  const boss = new PgBoss({
    ...(opts.connectionString ? { connectionString: opts.connectionString, max: 4 } : { db: sqlAdapter(opts.database) }),
    schema,
    // Keeps finished jobs queryable for a week, then pg-boss's maintenance removes them.
    deleteAfterDays: 7,
    schedule: false,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));

  const definitions = new Map<string, QueueDefinition>();
  const workerIds = new Map<string, string[]>();
  let starting: Promise<void> | null = null;
  let isStarted = false;
  let isStopped = false;

  async function apply(def: QueueDefinition): Promise<void> {
    const options = {
      name: def.name,
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      expireInSeconds: def.expireInSeconds,
    };
    // Processes starting together on one database create their queues at the same moment, and
    // pg-boss's create_queue (a partition attached to its job table) can deadlock with another
    // process creating a different queue. PostgreSQL then aborts one of them; that one tries again.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(def.name, options);
        break;
      } catch (err) {
        if (attempt >= 5 || !isDeadlock(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
    await boss.updateQueue(def.name, options);
  }

  /** Wakes an idle local worker instead of waiting for its next poll. */
  function wake(name: string): void {
    for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
  }

  async function start(): Promise<void> {
    if (isStopped) throw new Error('the job queue has been stopped');
    starting ??= (async () => {
      await boss.start();
      for (const def of definitions.values()) await apply(def);
      isStarted = true;
    })();
    await starting;
  }

  return {
    async define(def) {
      definitions.set(def.name, def);
      if (isStarted) await apply(def);
    },
    start,
    async send(name, data, sendOpts) {
      await start();
      const id = await boss.send(name, data, sendOpts?.startAfterSeconds ? { startAfter: sendOpts.startAfterSeconds } : {});
      if (!id) throw new Error(`queue ${name} refused a job`);
      wake(name);
      return id;
    },
    jobInsert(name, from, perRow) {
      return {
        insert: jobInsertSql(schema, name, from, perRow),
        values(data) {
          const id = randomUUID();
          return { id, values: { job_id: id, job_data: JSON.stringify(data) } };
        },
      };
    },
    wake,
    async work(name, { concurrency }, handler) {
      await start();
      const ids = workerIds.get(name) ?? [];
      for (let i = 0; i < concurrency; i++) {
        ids.push(
          await boss.work<object>(
            name,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
            async ([job]) => {
              if (!job) return;
              await handler({ id: job.id, data: job.data as never, retryCount: job.retryCount, retryLimit: job.retryLimit });
            },
          ),
        );
      }
      workerIds.set(name, ids);
    },
    async offWork(name) {
      const ids = workerIds.get(name) ?? [];
      workerIds.delete(name);
      for (const id of ids) await boss.offWork({ id });
    },
    async jobState(name, id) {
      await start();
      const job = await boss.getJobById(name, id, { includeArchive: true });
      return job ? (job as { state: JobState }).state : null;
    },
    isRunning: () => isStarted && !isStopped,
    async waiting(name) {
      const res = await opts.database.query<{ depth: number; age: number | null }>(
        `SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_on))::float8 AS age
           FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')`,
        [name],
      );
      const row = res.rows[0];
      return { depth: row?.depth ?? 0, oldestAgeSeconds: Math.max(0, row?.age ?? 0) };
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      isStopped = true;
      if (!starting) return;
      await starting.catch(() => undefined);
      if (!isStarted) return;
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true });
    },
  };
}
