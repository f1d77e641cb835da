import type { FastifyInstance } from 'fastify';

/** One step of a process's shutdown, with the longest it may take. */
export interface ShutdownStep {
  name: string;
  run(): Promise<unknown>;
  timeoutMs: number;
}

/**
 * Runs every step in order, each for at most its own time: a step that fails or hangs is logged
 * and the next one runs anyway, so a reply stuck on a connection cannot keep the queue, the
 * database and the presence rows from being closed and handed back. Returns the steps that did not
 * finish cleanly.
 */
export async function runShutdown(
  steps: readonly ShutdownStep[],
  log: { error(obj: object, msg?: string): void },
): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        step.run(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`did not finish within ${step.timeoutMs} ms`)), step.timeoutMs);
        }),
      ]);
    } catch (err) {
      failed.push(step.name);
      log.error({ err, step: step.name }, 'shutdown step did not finish; going on with the next');
    } finally {
      clearTimeout(timer);
    }
  }
  return failed;
}

/**
 * Closes the listener and lets the requests in flight finish their replies. Node closes only the
 * connections idle at the moment close() is called: a kept-alive connection whose reply was still
 * being written stays open after it (Fastify keeps them 72 s), and close() waits for it. Such
 * connections are closed as soon as they fall idle, and any still open after `graceMs` are cut.
 */
export async function closeHttp(app: FastifyInstance, graceMs: number): Promise<void> {
  const server = app.server;
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(idle);
    clearTimeout(cut);
  }
}
