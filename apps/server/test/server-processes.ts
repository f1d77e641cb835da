import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * The server as real processes, for the tests that run it as production does: a free port, one
 * build per test file, a process per role with its own DATA_DIR, readiness, its output, and stopping.
 */
const require = createRequire(import.meta.url);
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerProcess {
  child: ChildProcess;
  /** The API base, or the metrics base for a worker. */
  url: string;
  port: number;
  dataDir: string;
  /** Everything written to stdout and stderr so far. */
  output: () => string;
  /** Resolves with the exit code (null when ended by a signal). */
  exited: Promise<number | null>;
}

export interface StartOptions {
  role?: 'api' | 'worker' | 'all';
  /** The variables of this process, over the test's own environment. */
  env: Record<string, string>;
  /** A directory built by `buildServer()`; without it, `src/main.ts` runs through tsx. */
  buildDir?: string;
  /**
   * What "started" means: `health` (liveness answers), `ready` (readiness answers 200), or
   * `metrics` (the metrics port answers, for a worker; `metricsToken` is sent).
   */
  waitFor?: 'health' | 'ready' | 'metrics';
  metricsToken?: string;
  timeoutMs?: number;
  /** Reuse this port (a process started again in place of one that was stopped). */
  port?: number;
}

const children = new Set<ChildProcess>();
const dataDirs: string[] = [];
const buildDirs: string[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let building: Promise<string> | null = null;

/**
 * Builds the server once (as production runs it) into a directory below test/, so the build finds
 * ../../migrations and node_modules as dist/ does. Later calls get the same directory.
 */
export function buildServer(): Promise<string> {
  building ??= new Promise((resolve, reject) => {
    const buildDir = path.join(serverDir, 'test', `.dist-${randomBytes(4).toString('hex')}`);
    buildDirs.push(buildDir);
    const pkg = require.resolve('tsup/package.json');
    const bin = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { bin: Record<string, string> }).bin.tsup!;
    const tsup = spawn(process.execPath, [path.join(path.dirname(pkg), bin), '--silent', '--out-dir', buildDir], {
      cwd: serverDir,
      stdio: 'pipe',
    });
    let output = '';
    tsup.stdout.on('data', (d: Buffer) => (output += d.toString()));
    tsup.stderr.on('data', (d: Buffer) => (output += d.toString()));
    tsup.once('exit', (code) =>
      code === 0 ? resolve(buildDir) : reject(new Error(`build failed (${String(code)}):\n${output}`)),
    );
  });
  return building;
}

/** Resolves once `probe` answers 2xx; rejects after `timeoutMs`. */
export async function waitUntilAnswers(
  probe: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<number> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let last = 'nothing';
  while (Date.now() < deadline) {
    const res = await fetch(probe, { headers, signal: AbortSignal.timeout(3000) }).catch((err: unknown) => {
      last = String((err as { cause?: { code?: string } }).cause?.code ?? err);
      return null;
    });
    if (res?.ok) {
      await res.arrayBuffer();
      return Date.now() - started;
    }
    if (res) last = `${res.status} ${(await res.text().catch(() => '')).slice(0, 500)}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${probe} did not answer 2xx within ${timeoutMs} ms (last: ${last})`);
}

/** The URL that says a process of this kind is up. */
export function probeUrl(proc: Pick<ServerProcess, 'url'>, waitFor: 'health' | 'ready' | 'metrics'): string {
  if (waitFor === 'metrics') return `${proc.url}/metrics`;
  return waitFor === 'ready' ? `${proc.url}/api/v1/health/ready` : `${proc.url}/api/v1/health`;
}

/**
 * Starts the server in a role and resolves once it is up (see `waitFor`); an API listens on
 * `PORT`, a worker on `METRICS_PORT`. Fails early, with its output, if it exits first.
 */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const role = options.role ?? 'api';
  const waitFor = options.waitFor ?? (role === 'worker' ? 'metrics' : 'health');
  const timeoutMs = options.timeoutMs ?? 45_000;
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `atelier-${role}-`));
  dataDirs.push(dataDir);
  const args = options.buildDir
    ? [path.join(options.buildDir, 'main.js')]
    : ['--import', 'tsx', path.join(serverDir, 'src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      ROLE: role,
      HOST: '127.0.0.1',
      ...(role === 'worker' ? { METRICS_PORT: String(port), PORT: '0' } : { PORT: String(port) }),
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const headers: Record<string, string> =
    waitFor === 'metrics' && options.metricsToken ? { authorization: `Bearer ${options.metricsToken}` } : {};
  const ready = waitUntilAnswers(probeUrl({ url }, waitFor), timeoutMs, headers).catch((err: Error) => {
    throw new Error(`${role} on ${url} not ready within ${timeoutMs / 1000} s (${err.message}):\n${output}`);
  });
  await Promise.race([
    ready,
    exited.then((code) => {
      throw new Error(`${role} exited early (${String(code)}):\n${output}`);
    }),
  ]);
  return { child, url, port, dataDir, output: () => output, exited };
}

/** Sends `signal` (SIGKILL after `killAfterMs` if it is still running) and resolves with the exit code. */
export async function stopServerProcess(
  proc: Pick<ServerProcess, 'child' | 'exited'>,
  signal: NodeJS.Signals = 'SIGTERM',
  killAfterMs = 15_000,
): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill(signal);
    const timer = setTimeout(() => proc.child.kill('SIGKILL'), killAfterMs);
    await proc.exited;
    clearTimeout(timer);
  }
  return proc.exited;
}

/**
 * Stops every process still running (with `signal`, SIGKILL after `killAfterMs`) and removes their
 * data directories and the build.
 */
export async function stopAllServerProcesses(signal: NodeJS.Signals = 'SIGKILL', killAfterMs = 5000): Promise<void> {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      await gone;
      clearTimeout(timer);
    }),
  );
  for (const dir of [...dataDirs.splice(0), ...buildDirs.splice(0)]) fs.rmSync(dir, { recursive: true, force: true });
  building = null;
}
