import { useCallback, useRef } from 'react';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * An `Idempotency-Key` per submit attempt. Submitting the same request again after its answer was
 * lost (network, timeout, server fault) reuses the key, so the server charges once; a changed
 * request, a success or a definite refusal starts a new one.
 */
export function useRetryKey() {
  const pending = useRef<{ signature: string; key: string } | null>(null);

  const keyFor = useCallback((signature: string): string => {
    if (pending.current?.signature !== signature) pending.current = { signature, key: crypto.randomUUID() };
    return pending.current.key;
  }, []);

  const settle = useCallback((error?: unknown) => {
    const status = (error as FetchBaseQueryError | undefined)?.status;
    if (error === undefined || (typeof status === 'number' && status < 500)) pending.current = null;
  }, []);

  return { keyFor, settle };
}
