import { ProviderError, type ProviderCallOptions } from '../types.js';

/** Cancellation and progress for one provider call. */
export class CallContext {
  private last = -1;

  constructor(
    private readonly options: ProviderCallOptions,
    private readonly verb: 'Generation' | 'Edit',
  ) {}

  get signal(): AbortSignal {
    return this.options.signal;
  }

  /** Throws the call's ProviderError if it was aborted; called between steps and frames. */
  check(): void {
    if (this.options.signal.aborted) throw this.abortError();
  }

  abortError(): ProviderError {
    const reason = this.options.signal.reason as { name?: string } | undefined;
    return new ProviderError(reason?.name === 'TimeoutError' ? `${this.verb} timed out` : `${this.verb} was cancelled`);
  }

  /** Reports whole percentages, only ever upwards. */
  progress(percent: number): void {
    const value = Math.round(Math.min(100, Math.max(0, percent)));
    if (value <= this.last) return;
    this.last = value;
    this.options.onProgress?.(value);
  }
}
