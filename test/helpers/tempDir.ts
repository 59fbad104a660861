// Every temp folder a test makes, removed when its file ends (test/setup/remove-temp.ts): a whole
// `npm test` made ~480 of them, ~350 MB, and left them all in the machine's /tmp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A fresh folder `<tmpdir>/<prefix>XXXXXX`, removed when the test file that made it ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes the folders made so far (a process the test left may still write in one: best effort). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      /* still in use by a process the test left behind: the next run's /tmp is not ours to sweep */
    }
  }
}
