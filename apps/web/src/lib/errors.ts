import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';

/** The server's message when it sent one, else the spec's default text for the call. */
export function errorMessage(error: unknown, fallback: string): string {
  const e = error as FetchBaseQueryError | SerializedError | undefined;
  if (e && 'status' in e) {
    const data = e.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
    return fallback;
  }
  return fallback;
}
