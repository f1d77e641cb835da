import pg from 'pg';

/** Small helpers shared by the benchmark scenarios: bounded concurrency, latency percentiles, load from a child process. */

export interface Sample {
  latenciesMs: number[];
  wallMs: number;
}

/** Runs `count` operations with at most `concurrency` in flight; returns each latency and the wall time. */
export async function runPool(count: number, concurrency: number, op: (i: number) => Promise<void>): Promise<Sample> {
  const latenciesMs: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t0 = performance.now();
      await op(i);
      latenciesMs.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { latenciesMs, wallMs: performance.now() - started };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export function summarise(name: string, s: Sample) {
  return {
    scenario: name,
    operations: s.latenciesMs.length,
    perSecond: Number(((s.latenciesMs.length / s.wallMs) * 1000).toFixed(1)),
    p50Ms: Number(percentile(s.latenciesMs, 50).toFixed(2)),
    p95Ms: Number(percentile(s.latenciesMs, 95).toFixed(2)),
    p99Ms: Number(percentile(s.latenciesMs, 99).toFixed(2)),
  };
}

export interface LoadOptions {
  /** Absolute http:// URL on 127.0.0.1; anything else is refused. */
  url: string;
  connections: number;
  durationMs: number;
  /** Hard cap on requests, whatever the duration. */
  maxRequests?: number;
  /** Per-request timeout; a request that takes longer counts as an error. */
  timeoutMs?: number;
  /** POST sends `body` (JSON); GET by default. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Headers of each connection's requests: connection i sends `headers[i % headers.length]`. */
  headers?: Record<string, string>[];
}

export interface LoadResult extends Sample {
  ok: number;
  /** Non-2xx answers, by status. */
  statuses: Record<string, number>;
  errors: number;
  bytes: number;
}

/**
 * Closed-loop HTTP load: `connections` keep-alive connections, each sending its next request as
 * soon as the previous answer is read, until `durationMs` has passed or `maxRequests` were sent.
 * Only 127.0.0.1 is allowed, so a typo cannot point it at another machine.
 */
export async function loadFor(opts: LoadOptions): Promise<LoadResult> {
  const http = await import('node:http');
  const target = new URL(opts.url);
  if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1')
    throw new Error(`load target must be http://127.0.0.1, got ${opts.url}`);
  const connections = Math.max(1, Math.min(opts.connections, 256));
  const durationMs = Math.max(100, Math.min(opts.durationMs, 120_000));
  const maxRequests = Math.min(opts.maxRequests ?? 1_000_000, 1_000_000);
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const result: LoadResult = { latenciesMs: [], wallMs: 0, ok: 0, statuses: {}, errors: 0, bytes: 0 };
  let sent = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  const method = opts.method ?? 'GET';
  const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
  const headersOf = (connection: number): Record<string, string> => ({
    ...(opts.headers && opts.headers.length > 0 ? opts.headers[connection % opts.headers.length] : {}),
    ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
  });

  const once = (headers: Record<string, string>) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        { agent, method, headers, host: target.hostname, port: target.port, path: target.pathname + target.search, timeout: timeoutMs },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            result.bytes += chunk.length;
          });
          res.on('end', () => {
            result.latenciesMs.push(performance.now() - t0);
            const code = res.statusCode ?? 0;
            if (code >= 200 && code < 300) result.ok++;
            else result.statuses[code] = (result.statuses[code] ?? 0) + 1;
            resolve();
          });
          res.on('error', () => {
            result.errors++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        result.errors++;
        resolve();
      });
      req.end(body);
    });

  const connection = async (index: number) => {
    const headers = headersOf(index);
    while (performance.now() < deadline && sent < maxRequests) {
      sent++;
      await once(headers);
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => connection(i)));
  result.wallMs = performance.now() - started;
  agent.destroy();
  return result;
}

export function summariseLoad(name: string, r: LoadResult) {
  return {
    ...summarise(name, r),
    perSecond: Number(((r.ok / r.wallMs) * 1000).toFixed(1)),
    non2xx: Object.values(r.statuses).reduce((s, n) => s + n, 0),
    errors: r.errors,
  };
}

/**
 * A load client in a child process: the same script started with `--load-client`, so the load
 * does not share the measured servers' event loop. `load` sends it one `loadFor` run.
 */
export async function forkLoadClient(scriptUrl: string): Promise<{ load(opts: LoadOptions): Promise<LoadResult>; close(): void }> {
  const { fork } = await import('node:child_process');
  const { fileURLToPath } = await import('node:url');
  const child = fork(fileURLToPath(scriptUrl), ['--load-client'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return {
    load: (opts) =>
      new Promise((resolve, reject) => {
        child.once('error', reject);
        child.once('message', (r) => {
          child.off('error', reject);
          resolve(r as LoadResult);
        });
        child.send(opts);
      }),
    close: () => void child.kill(),
  };
}

/** A bench script's entry: the measurement in the parent, or the load client in the forked child. */
export function runBench(main: () => Promise<void>): void {
  if (process.argv[2] === '--load-client') {
    process.on('message', (msg: LoadOptions) => {
      void loadFor(msg).then((r) => process.send?.(r));
    });
    return;
  }
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/** `url` with its database name replaced: where a bench's throw-away database lives. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection (CREATE or DROP DATABASE, which cannot run in a pool's transaction). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
