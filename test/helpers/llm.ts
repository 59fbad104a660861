// Assertions shared by the backend tests.
import { expect } from 'vitest';
import { LlmError } from '../../src/llm/errors.js';

/** The LlmError a call rejects with (fails the test when it resolves or throws anything else). */
export async function failure(p: Promise<unknown>): Promise<LlmError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}
