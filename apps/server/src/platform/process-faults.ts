import { unhandledRejections } from './observability/metrics.js';

/**
 * What a process does with a promise rejection nothing handled. Node's default ends the process,
 * and with it every request in flight, the sockets and the worker's runs. Each such rejection is a
 * defect (a call that was not awaited), but it fails only the work that made it: the log says what
 * it was and `atelier_unhandled_rejections_total` counts it, and the process goes on serving.
 * Uncaught exceptions still end the process (Node's default): after one, its state is unknown.
 */
export function keepServingOnUnhandledRejection(
  proc: Pick<NodeJS.EventEmitter, 'on'>,
  log: { error(obj: object, msg?: string): void },
): void {
  proc.on('unhandledRejection', (reason: unknown) => {
    unhandledRejections.inc();
    log.error({ err: reason }, 'a promise rejection was not handled; the process keeps serving');
  });
}
