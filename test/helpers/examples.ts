// The shell examples a reader pastes, and what "runs to a clear outcome" means for one: shared by
// test/docs.test.ts (every example of docs/) and test/readme.test.ts (the README's tour), so that a
// line both show is run once, by docs.test.ts, with every check either file makes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT, tempEnv } from '../problems/cli-helpers.js';

export const DOCS = join(ROOT, 'docs');

/** The pages of docs/, as paths. */
export const docPages = (): string[] =>
  readdirSync(DOCS)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(DOCS, f));

/** The `simcoach` lines of every ```sh block of a page, comments cut off. */
export function examples(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)]
    .flatMap((m) => m[1]!.split('\n'))
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l.startsWith('simcoach'));
}

/** Arguments as a shell would split them (the examples quote nothing). */
export const argsOf = (line: string): string[] => line.split(/\s+/).slice(1);

// No model server answers here: the commands that want one must say so, not hang or crash.
export const exampleEnv = (): NodeJS.ProcessEnv => ({
  ...tempEnv(),
  OLLAMA_HOST: 'http://127.0.0.1:1',
  SIMCOACH_PROBE_MS: '500',
});

const STACK = /^\s+at .+[:(].*\d+:\d+\)?$/m;

/** An example's run: a known exit code, something said, no stack, and a failure says what failed first. */
export function expectClearOutcome(r: { code: number | null; stdout: string; stderr: string }): void {
  expect([0, 1, 2, 3]).toContain(r.code);
  const out = `${r.stdout}\n${r.stderr}`;
  expect(out.trim()).not.toBe('');
  expect(out).not.toMatch(STACK);
  expect(out).not.toContain('internal error');
  // A failure says what failed before anything else (guidance may follow).
  if (r.code !== 0) expect(out.trim().split('\n')[0]).toMatch(/\w/);
}
