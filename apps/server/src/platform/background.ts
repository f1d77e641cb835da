/** The kinds of process (config ROLE): `all` runs both, one process doing everything. */
export type ProcessKind = 'api' | 'worker';
export type ProcessRole = ProcessKind | 'all';

export interface Running {
  stop(): Promise<void>;
}

/**
 * Work a process runs besides answering requests: a queue worker, a timer, a one-off job at start.
 * Declared in one list (src/background.ts) and started by ROLE in one place (startTasks).
 */
export interface BackgroundTask<D, L> {
  name: string;
  /** The kinds of process that run it. */
  roles: readonly ProcessKind[];
  /** Off for this configuration when it answers false (e.g. under NODE_ENV=test); on when absent. */
  isEnabled?(deps: D): boolean;
  start(deps: D, log: L): Promise<Running>;
}

export interface RunningTasks extends Running {
  /** The names of the tasks that run, in the order they started. */
  readonly names: readonly string[];
}

/** The tasks a process of this role runs with these deps, in list order. */
export function tasksFor<D, L>(tasks: readonly BackgroundTask<D, L>[], role: ProcessRole, deps: D): BackgroundTask<D, L>[] {
  return tasks.filter((task) => (role === 'all' || task.roles.includes(role)) && (task.isEnabled?.(deps) ?? true));
}

/**
 * Starts the role's tasks in list order; stop() stops them in reverse order, every one of them even
 * when one fails, and then reports the first failure. A task that fails to start stops the ones
 * already started, and its error is thrown.
 */
export async function startTasks<D, L>(
  tasks: readonly BackgroundTask<D, L>[],
  role: ProcessRole,
  deps: D,
  log: L,
): Promise<RunningTasks> {
  const started: { name: string; running: Running }[] = [];
  const stopAll = async () => {
    const failures: unknown[] = [];
    for (const { running } of started.splice(0).reverse()) {
      try {
        await running.stop();
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length > 0) throw failures[0];
  };
  try {
    for (const task of tasksFor(tasks, role, deps)) started.push({ name: task.name, running: await task.start(deps, log) });
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
  return { names: started.map((s) => s.name), stop: stopAll };
}
