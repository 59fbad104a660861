// The setup every flow test file shares, apart from harness.ts so that the bench (which imports
// the harness outside vitest) does not load vitest.
import { afterEach, beforeAll } from 'vitest';
import type { FakeServer } from '../fakes/ollama.js';
import { fakeModel, tempXdg, type Answers } from './harness.js';

/**
 * Registers a flow test file's hooks: its sessions go under temp XDG dirs, and the fake model
 * a test starts with `serve` is closed after that test.
 */
export function flowSuite(): { serve: (answers: Answers) => Promise<FakeServer> } {
  let open: FakeServer | undefined;
  beforeAll(tempXdg);
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return { serve: async (answers) => (open = await fakeModel(answers)) };
}
