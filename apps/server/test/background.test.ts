import { describe, expect, it } from 'vitest';
import { BACKGROUND, startBackground, type BackgroundLog } from '../src/background.js';
import { loadConfig } from '../src/config.js';
import type { AppDeps } from '../src/platform/http/types.js';
import type { BackgroundTask, ProcessRole } from '../src/platform/background.js';

type Task = BackgroundTask<AppDeps, BackgroundLog>;

const log: BackgroundLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Only the configuration is read before a task starts; a production one turns every task on. */
const depsWith = (env: Record<string, string>) => ({ config: loadConfig(env) }) as AppDeps;
const production = depsWith({ NODE_ENV: 'production', SEED_DEMO: 'true' });

/** The real list with each start replaced by one that records its start and its stop. */
function recorded(tasks: readonly Task[], events: string[]): Task[] {
  return tasks.map((task) => ({
    ...task,
    start: async () => {
      events.push(`start ${task.name}`);
      return {
        stop: async () => {
          events.push(`stop ${task.name}`);
        },
      };
    },
  }));
}

async function started(role: ProcessRole, deps = production) {
  const events: string[] = [];
  const running = await startBackground(role, deps, log, recorded(BACKGROUND, events));
  return { running, events };
}

describe('background work by ROLE', () => {
  it('names each task once and gives it at least one kind of process', () => {
    const names = BACKGROUND.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const task of BACKGROUND) expect(task.roles.length).toBeGreaterThan(0);
  });

  it('starts only API work in an API process and only worker work in a worker; all of it under ROLE=all', async () => {
    const roles = new Map(BACKGROUND.map((t) => [t.name, t.roles]));
    const api = await started('api');
    const worker = await started('worker');
    const all = await started('all');

    expect(api.running.names).toEqual(['presence-heartbeat', 'demo-seed']);
    for (const name of api.running.names) expect(roles.get(name)).toContain('api');
    expect(worker.running.names).toEqual(['generation-worker', 'webhook-worker', 'notifications-worker', 'billing-sweeps', 'dashboard-rollups']);
    for (const name of worker.running.names) expect(roles.get(name)).toContain('worker');
    expect(all.running.names).toEqual(BACKGROUND.map((t) => t.name));

    for (const run of [api, worker, all]) await run.running.stop();
  });

  it('leaves out what the configuration turns off (the sweeps under test, the demo when SEED_DEMO=false)', async () => {
    const { running } = await started('all', depsWith({ NODE_ENV: 'test' }));
    expect(running.names).not.toContain('billing-sweeps');
    expect(running.names).not.toContain('dashboard-rollups');
    expect(running.names).not.toContain('demo-seed');
    expect((await started('api', depsWith({ NODE_ENV: 'production', SEED_DEMO: 'false' }))).running.names).toEqual([
      'presence-heartbeat',
    ]);
  });

  it('stops every task it started, in reverse order, once', async () => {
    const { running, events } = await started('all');
    await running.stop();
    await running.stop();
    const names = BACKGROUND.map((t) => t.name);
    expect(events).toEqual([...names.map((n) => `start ${n}`), ...[...names].reverse().map((n) => `stop ${n}`)]);
  });

  it('stops the others when one fails to stop, then reports the failure', async () => {
    const events: string[] = [];
    const tasks = recorded(BACKGROUND, events).map((task) =>
      task.name === 'webhook-worker'
        ? {
            ...task,
            start: async () => ({
              stop: async () => {
                throw new Error('stuck');
              },
            }),
          }
        : task,
    );
    const running = await startBackground('worker', production, log, tasks);
    await expect(running.stop()).rejects.toThrow('stuck');
    expect(events.filter((e) => e.startsWith('stop'))).toEqual([
      'stop dashboard-rollups',
      'stop billing-sweeps',
      'stop notifications-worker',
      'stop generation-worker',
    ]);
  });

  it('stops what already started when a task fails to start, and throws', async () => {
    const events: string[] = [];
    const tasks = recorded(BACKGROUND, events).map((task) =>
      task.name === 'webhook-worker'
        ? {
            ...task,
            start: async () => {
              throw new Error('queue down');
            },
          }
        : task,
    );
    await expect(startBackground('worker', production, log, tasks)).rejects.toThrow('queue down');
    expect(events).toEqual(['start generation-worker', 'stop generation-worker']);
  });
});
