import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts once its reply has been sent (so its duration cannot show in the reply's
 * timing). Closing the app waits for it; tests can wait for it with `idle()`.
 */
export class AfterReply {
  private readonly pending = new Set<Promise<void>>();

  run(task: () => Promise<void>, log: Pick<FastifyBaseLogger, 'error'>, what: string): void {
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => log.error({ err }, what))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    afterReply: AfterReply;
  }
}
