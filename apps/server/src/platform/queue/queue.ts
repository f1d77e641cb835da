import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { pgTimeoutOptions, type Database, type DatabaseTimeouts } from '../db/db.js';

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
  /**
   * Puts one job on `name` at each tick of `cron` (5 fields, UTC), however many processes ask: the
   * processes made with `timekeeping` take turns at the clock, and a tick is sent once. The queue
   * must be defined first; `work(name, …)` runs the jobs.
   */
  schedule(name: string, cron: string): Promise<void>;
  jobState(name: string, id: string): Promise<JobState | null>;
  /** A job's state and when a worker last fetched it (null when no worker has). */
  job(name: string, id: string): Promise<{ state: JobState; startedOn: Date | null } | null>;
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
  /** The same bounded waits as the app's pool, for pg-boss's own pool. */
  timeouts?: DatabaseTimeouts;
  log: { error(obj: object, msg?: string): void };
  /** How often an idle worker looks for jobs; a send in this process wakes it at once. */
  pollingIntervalSeconds?: number;
  /** This process keeps the clock of `schedule` (worker processes: ROLE worker or all). */
  timekeeping?: boolean;
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

/** One worker slot of this process. */
interface WorkerLoop {
  name: string;
  /** The job its handler is running, until its end is recorded. */
  currentJobId: string | null;
  /** Settles when the loop has ended (after stop(), once the running job's end is recorded). */
  done: Promise<void>;
  wake(): void;
  stop(): void;
}

const RECORD_RETRY_BASE_MS = 250;
const RECORD_RETRY_MAX_MS = 5000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** As pg-boss's workers do: a handler past its job's expiry frees its slot (pg-boss retries the job). */
async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`handler did not finish within ${seconds} s`)), Math.max(1, seconds) * 1000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** PostgreSQL's "deadlock detected" (SQLSTATE 40P01): the transaction was aborted and may be retried. */
export function isDeadlock(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '40P01' || (err instanceof Error && /deadlock detected/i.test(err.message));
}

export function createQueue(opts: QueueOptions): Queue {
  const schema = 'pgboss';
  const boss = new PgBoss({
    ...(opts.connectionString ? { connectionString: opts.connectionString, max: 4, ...pgTimeoutOptions(opts.timeouts) } : { db: sqlAdapter(opts.database) }),
    schema,
    // Keeps finished jobs queryable for a week, then pg-boss's maintenance removes them.
    deleteAfterDays: 7,
    // Only processes that take jobs keep the schedules' clock (pg-boss's timekeeper checks it every
    // 30 s and moves due ticks onto their queues every 5 s); an API process sends none.
    schedule: opts.timekeeping ?? false,
  });
  boss.on('error', (err) => opts.log.error({ err }, 'job queue error'));

  const definitions = new Map<string, QueueDefinition>();
  const loops = new Map<string, WorkerLoop[]>();
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
    for (const loop of loops.get(name) ?? []) loop.wake();
  }

  const pollingMs = (opts.pollingIntervalSeconds ?? 2) * 1000;
  const running = new Set<WorkerLoop>();
  /** Once stop() has waited its time: a job's end still not recorded is left to pg-boss's expiry. */
  let stopDeadline = Infinity;

  /**
   * Records a job's end, and keeps trying while the database is away: pg-boss's own workers call
   * complete/fail without waiting for them, so a database outage at that moment was an unhandled
   * rejection that ended the process. A job whose end cannot be recorded before the queue stops
   * stays active; pg-boss expires and retries it, and the handlers find their work already done.
   */
  async function recordEnd(name: string, jobId: string, failure: { err: unknown } | null): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (failure) await boss.fail(name, jobId, failure.err as object);
        else await boss.complete(name, jobId);
        return;
      } catch (err) {
        if (Date.now() >= stopDeadline) {
          opts.log.error({ err, queue: name, jobId }, 'job end not recorded before the queue stopped; pg-boss will expire and retry it');
          return;
        }
        if (attempt === 1 || attempt % 10 === 0) opts.log.error({ err, queue: name, jobId, attempt }, 'could not record the end of a job; trying again');
        await delay(Math.min(RECORD_RETRY_MAX_MS, RECORD_RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 10)));
      }
    }
  }

  /** One worker slot: fetches a job, runs it, waits for its end to be recorded, then the next. */
  function startLoop(name: string, handler: (job: QueueJob<object>) => Promise<void>): WorkerLoop {
    let isStopping = false;
    // A wake while the loop is busy fetching: it fetches again at once instead of sleeping first.
    let isWoken = false;
    let sleeping: { timer: NodeJS.Timeout; resolve: () => void } | null = null;
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        sleeping = { timer: setTimeout(resolve, ms), resolve };
      }).finally(() => {
        sleeping = null;
      });
    const loop: WorkerLoop = {
      name,
      currentJobId: null,
      done: Promise.resolve(),
      wake() {
        isWoken = true;
        if (sleeping) {
          clearTimeout(sleeping.timer);
          sleeping.resolve();
        }
      },
      stop() {
        isStopping = true;
        loop.wake();
      },
    };
    loop.done = (async () => {
      running.add(loop);
      try {
        while (!isStopping) {
          // pg-boss's fetch answers no jobs when the database cannot be reached.
          isWoken = false;
          const jobs = (await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true }).catch((err: unknown) => {
            opts.log.error({ err, queue: name }, 'could not fetch jobs');
            return [];
          })) as (PgBoss.JobWithMetadata<object> | undefined)[];
          const job = jobs[0];
          if (!job) {
            if (!isStopping && !isWoken) await sleep(pollingMs);
            continue;
          }
          loop.currentJobId = job.id;
          let failure: { err: unknown } | null = null;
          try {
            await withinSeconds(
              handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit }),
              job.expireInSeconds,
            );
          } catch (err) {
            failure = { err };
          }
          await recordEnd(name, job.id, failure);
          loop.currentJobId = null;
        }
      } finally {
        running.delete(loop);
      }
    })();
    return loop;
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
      const list = loops.get(name) ?? [];
      for (let i = 0; i < concurrency; i++) list.push(startLoop(name, handler as (job: QueueJob<object>) => Promise<void>));
      loops.set(name, list);
    },
    async schedule(name, cron) {
      await start();
      await boss.schedule(name, cron);
    },
    async offWork(name) {
      const list = loops.get(name) ?? [];
      loops.delete(name);
      for (const loop of list) loop.stop();
    },
    async jobState(name, id) {
      return (await this.job(name, id))?.state ?? null;
    },
    async job(name, id) {
      await start();
      const job = (await boss.getJobById(name, id, { includeArchive: true })) as { state: JobState; startedOn?: Date | string | null } | null;
      if (!job) return null;
      return { state: job.state, startedOn: job.startedOn ? new Date(job.startedOn) : null };
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
      const stopping = [...running];
      loops.clear();
      for (const loop of stopping) loop.stop();
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all(stopping.map((loop) => loop.done)), waited]);
      clearTimeout(timer);
      stopDeadline = Date.now();
      // Handlers still running: their jobs fail now, so pg-boss retries them (as its own stop does).
      for (const loop of stopping) {
        if (!loop.currentJobId) continue;
        await boss
          .fail(loop.name, loop.currentJobId, { message: 'the worker stopped while the job was active' })
          .catch((err: unknown) => opts.log.error({ err, queue: loop.name }, 'could not hand an active job back'));
      }
      await boss.stop({ graceful: true, timeout: 1000, wait: true });
    },
  };
}

/** A sweep's job: given up on after this long (the next minute's tick runs it again). */
const SWEEP_EXPIRY_SECONDS = 300;

/**
 * Runs `sweep` once a minute on one of the worker processes, however many there are: a pg-boss
 * schedule puts one job on `name` each minute and whichever worker fetches it runs it. Before, each
 * worker process ran its own timer, so N workers swept N times a minute. A sweep that throws is not
 * retried (the next minute's runs); `onError` hears of it.
 */
export async function startMinuteSweep(
  queue: Queue,
  name: string,
  sweep: () => Promise<void>,
  onError: (err: unknown) => void,
): Promise<{ stop(): Promise<void> }> {
  await queue.define({ name, retryLimit: 0, retryDelaySeconds: 0, expireInSeconds: SWEEP_EXPIRY_SECONDS });
  await queue.schedule(name, '* * * * *');
  await queue.work(name, { concurrency: 1 }, async () => {
    try {
      await sweep();
    } catch (err) {
      onError(err);
      throw err;
    }
  });
  return { stop: () => queue.offWork(name) };
}
