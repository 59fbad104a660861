import type { LlmErrorCode } from './types.js';

/**
 * Every backend failure ends up as one of these: a code the engine can act on, a message a
 * person can act on, and (for bad answers) the raw text the model produced, kept for display.
 */
export class LlmError extends Error {
  constructor(
    readonly code: LlmErrorCode,
    message: string,
    readonly options: { hint?: string; status?: number; retryAfterMs?: number; raw?: string } = {},
  ) {
    super(message);
    this.name = 'LlmError';
  }

  get hint(): string | undefined {
    return this.options.hint;
  }

  /** The HTTP status the server answered with, when there was one. */
  get status(): number | undefined {
    return this.options.status;
  }
}

export const isLlmError = (err: unknown): err is LlmError => err instanceof LlmError;
