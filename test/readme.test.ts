// The README's tour, as a newcomer pastes it: every command there runs (in the checkout, through
// the built CLI) to a clear outcome — its help, and the command itself — with no stack trace.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempEnv } from './problems/cli-helpers.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The lines of the first sh block under "A short tour", comments cut off. */
function tour(): { line: string; args: string[] }[] {
  const section = README.slice(README.indexOf('## A short tour'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.replace(/\s+#.*$/, '').trim())
    .filter((l) => l !== '')
    .map((line) => ({ line, args: line.split(/\s+/).slice(1) }));
}

const STACK = /^\s+at .+[:(].*\d+:\d+\)?$/m;
// No model server answers here: the commands that want one must say so, not hang or crash.
const env = (): NodeJS.ProcessEnv => ({ ...tempEnv(), OLLAMA_HOST: 'http://127.0.0.1:1', SIMCOACH_PROBE_MS: '500' });

describe('the README tour', () => {
  it('says how to get `simcoach` on the PATH after npm ci', () => {
    const intro = README.slice(
      README.indexOf('## A short tour'),
      README.indexOf('```sh', README.indexOf('## A short tour')),
    );
    expect(intro).toContain('npm link');
    expect(intro).toContain('node dist/cli.js');
    expect(tour().length).toBeGreaterThanOrEqual(8);
    for (const { line } of tour()) expect(line).toMatch(/^simcoach( |$)/);
  });

  it.each(tour().map((t) => [t.line, t.args] as const))(
    '`%s --help` prints its usage',
    async (_line, args) => {
      const r = await runCli([...args.slice(0, 1), '--help'], env());
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: simcoach/);
      expect(r.stderr).toBe('');
    },
    60_000,
  );

  // `listen` serves until ctrl-c: its help above is the outcome a test can wait for.
  it.each(
    tour()
      .filter((t) => t.args[0] !== 'listen')
      .map((t) => [t.line, t.args] as const),
  )(
    '`%s` runs to a clear outcome',
    async (_line, args) => {
      const r = await runCli(args, env());
      expect([0, 1, 2, 3]).toContain(r.code);
      const all = `${r.stdout}\n${r.stderr}`;
      expect(all.trim()).not.toBe('');
      expect(all).not.toMatch(STACK);
      expect(all).not.toContain('internal error');
      // A failure says what failed before anything else (guidance may follow).
      if (r.code !== 0) expect(all.trim().split('\n')[0]).toMatch(/\w/);
    },
    120_000,
  );
});
