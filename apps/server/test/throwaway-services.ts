import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-processes.js';

/**
 * A PostgreSQL and a Redis of the test's own, in a temporary directory on free ports, that it may
 * stop and start again at will: the fault tests never touch the machine's shared services.
 * `initdb`, `pg_ctl` and `redis-server` must be on PATH (or REDIS_SERVER names the binary); a
 * missing one fails the test with its name, it is never skipped.
 */
const run = promisify(execFile);

/** initdb refuses to run as root: as root, PostgreSQL's commands run as this user instead. */
const POSTGRES_USER = 'postgres';

async function asPostgresUser(): Promise<{ prefix: string[]; uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number((await run('id', ['-u', POSTGRES_USER])).stdout.trim());
    const gid = Number((await run('id', ['-g', POSTGRES_USER])).stdout.trim());
    return { prefix: ['runuser', '-u', POSTGRES_USER, '--'], uid, gid };
  } catch {
    throw new Error(`running as root, and there is no "${POSTGRES_USER}" user to run initdb and pg_ctl as`);
  }
}

async function command(prefix: string[], file: string, args: string[]): Promise<string> {
  const [bin, ...rest] = [...prefix, file, ...args];
  try {
    const { stdout, stderr } = await run(bin!, rest, { timeout: 60_000 });
    return stdout + stderr;
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stdout?: string; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${bin} is not installed (or not on PATH): the fault tests need it`);
    throw new Error(`${[file, ...args].join(' ')} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
}

export interface ThrowawayPostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m fast`: every connection is cut. */
  stop(): Promise<void>;
  /** Starts it again on the same directory and port. */
  start(): Promise<void>;
  /** Stops it (if running) and removes its directory. */
  close(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const user = await asPostgresUser();
  const prefix = user?.prefix ?? [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let running = false;
  const ctl = (...args: string[]) => command(prefix, 'pg_ctl', ['-D', dataDir, ...args]);
  const start = async () => {
    // fsync off: a test's database need not survive the machine, only a stop and a start.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await ctl('start', '-w', '-t', '60', '-l', path.join(dir, 'log'), '-o', options);
    running = true;
  };
  try {
    await command(prefix, 'initdb', ['-A', 'trust', '-U', 'postgres', '-D', dataDir, '--no-sync']);
    await start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await ctl('stop', '-m', 'fast', '-w');
      running = false;
    },
    start,
    async close() {
      if (running) await ctl('stop', '-m', 'immediate', '-w').catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ThrowawayRedis {
  port: number;
  url: string;
  /** Kills it outright (SIGKILL): nothing is saved, every connection is cut. */
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const bin = process.env.REDIS_SERVER ?? 'redis-server';
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const failed = new Promise<never>((_, reject) => {
      proc.once('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'ENOENT' ? new Error(`${bin} is not installed (or not on PATH): the fault tests need it`) : err,
        ),
      );
      proc.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)}):\n${output}`)));
    });
    failed.catch(() => undefined);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await Promise.race([answers(port), failed]);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`redis-server not answering on ${port} within 10 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    child = proc;
  };
  const stop = async () => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const gone = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGKILL');
    await gone;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start, close: stop };
}
