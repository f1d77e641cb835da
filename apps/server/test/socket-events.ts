import type { Socket } from 'socket.io-client';

/**
 * Resolves with the next `event` on `socket` whose payload passes `match`, or rejects after
 * `timeoutMs` naming the event that never came.
 */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/**
 * Listens for `event` on `socket` from now on and keeps every payload, so a test can start what
 * causes the event before it knows which payload to wait for (an id the reply will carry) without
 * missing an event that arrives before the reply does.
 */
export function recordEvents<T>(socket: Socket, event: string): { next(match: (payload: T) => boolean, timeoutMs?: number): Promise<T> } {
  const seen: T[] = [];
  const waiting = new Set<(payload: T) => void>();
  socket.on(event, (payload: T) => {
    seen.push(payload);
    for (const waiter of [...waiting]) waiter(payload);
  });
  return {
    next(match, timeoutMs = 15_000) {
      const found = seen.find(match);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = (payload: T) => {
          if (!match(payload)) return;
          clearTimeout(timer);
          waiting.delete(waiter);
          resolve(payload);
        };
        const timer = setTimeout(() => {
          waiting.delete(waiter);
          reject(new Error(`no ${event} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiting.add(waiter);
      });
    },
  };
}
