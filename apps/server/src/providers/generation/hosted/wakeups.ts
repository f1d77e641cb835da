/**
 * Webhook wake-ups: a verified webhook for a vendor job wakes the call that is following that job,
 * which then reads the job's state from the vendor's API at once instead of at its next poll. The
 * webhook's body is never trusted for the result itself, so a forged or replayed delivery can at
 * most cause one extra status read. Wake-ups reach calls in this process; a worker in another
 * process finds the result at its next poll (polling is always on, only slower with webhooks).
 */
const waiting = new Map<string, Set<() => void>>();

const keyOf = (vendor: string, jobId: string) => `${vendor}:${jobId}`;

/** Wakes whoever follows this job; false when nobody in this process does. */
export function wakeJob(vendor: string, jobId: string): boolean {
  const set = waiting.get(keyOf(vendor, jobId));
  if (!set?.size) return false;
  for (const wake of [...set]) wake();
  return true;
}

/** Waits `ms`, or less when the job's webhook arrives or the signal fires. */
export function waitForJob(vendor: string, jobId: string, ms: number, signal: AbortSignal): Promise<'woken' | 'timer'> {
  return new Promise((resolve) => {
    const key = keyOf(vendor, jobId);
    let set = waiting.get(key);
    if (!set) waiting.set(key, (set = new Set()));
    const finish = (how: 'woken' | 'timer') => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      set.delete(wake);
      if (!set.size) waiting.delete(key);
      resolve(how);
    };
    const wake = () => finish('woken');
    const onAbort = () => finish('timer');
    const timer = setTimeout(() => finish('timer'), ms);
    set.add(wake);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
