import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { supervisorBinary } from '../src/runners/supervisor.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The launcher built once for the run (test/helpers/launcher.ts seeds fresh caches with it), or null. */
    launcher: string | null;
  }
}

// Tests spawn the built CLI as a person would; build it once so they never meet a stale bundle.
// The launcher too is built once: the suite makes ~180 fresh caches, and each would build its own.
export default async function setup(project: TestProject): Promise<() => void> {
  execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  const root = mkdtempSync(join(tmpdir(), 'simcoach-test-launcher-'));
  project.provide('launcher', await supervisorBinary(join(root, 'simcoach')));
  return () => rmSync(root, { recursive: true, force: true });
}
