// The manual in docs/, as a reader uses it: docs/commands.md shows exactly what each command's
// --help prints (scripts/commands-doc.mjs writes it from the built CLI), and each help names every
// flag of the command's table (test/helpers/help-flags.ts: each --help runs here, once); every
// `simcoach` line of a ```sh block in docs/*.md runs in the checkout to a clear outcome, and every
// link between the README and the pages lands on a file that exists.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './problems/cli-helpers.js';
import { expectHelpListsFlags, expectTopHelpListsFlags } from './helpers/help-flags.js';
import { argsOf, DOCS, docPages, examples, exampleEnv as env, expectClearOutcome } from './helpers/examples.js';

const pages = docPages();
const read = (file: string): string => readFileSync(file, 'utf8');

// Commands that serve until ctrl-c: their --help is the outcome a test can wait for.
const SERVES = new Set(['listen', 'watch']);

describe('docs/commands.md', () => {
  const page = read(join(DOCS, 'commands.md'));

  it('has a section for every command `simcoach --help` lists, and the top help itself', async () => {
    const top = await runCli(['--help'], { ...env(), NO_COLOR: '1' });
    expect(top.code).toBe(0);
    expect(top.stderr).toBe('');
    expectTopHelpListsFlags(top.stdout);
    const names = [
      ...top.stdout
        .slice(top.stdout.indexOf('Commands:'))
        .split('\n\n')[0]!
        .matchAll(/^ {2}(\S+) {2,}/gm),
    ].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(15);
    for (const n of names) expect(page, `docs/commands.md has no section for ${n}`).toContain(`\n## ${n}\n`);
    expect(page, 'run `npm run build && node scripts/commands-doc.mjs`').toContain(
      `\`\`\`text\n${top.stdout.trimEnd()}\n\`\`\``,
    );
  });

  const sections = [...page.matchAll(/^## (\S+)$/gm)].map((m) => m[1]!).filter((n) => n !== 'simcoach');
  it.each(sections)(
    'the %s section shows its --help exactly',
    async (name) => {
      const r = await runCli([name, '--help'], { ...env(), NO_COLOR: '1' });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expectHelpListsFlags(name, r.stdout);
      expect(page, 'run `npm run build && node scripts/commands-doc.mjs`').toContain(
        `\`\`\`text\n${r.stdout.trimEnd()}\n\`\`\``,
      );
      expect(
        examples(join(DOCS, 'commands.md')).some((l) => argsOf(l)[0] === name),
        `an example of ${name}`,
      ).toBe(true);
    },
    60_000,
  );
});

describe('the examples in docs/', () => {
  const all = pages.flatMap((p) => examples(p).map((line) => [line, argsOf(line)] as const));

  it('finds the examples', () => {
    expect(all.length).toBeGreaterThan(20);
  });

  it.each(all.filter(([, args]) => !SERVES.has(args[0] ?? '')))(
    '`%s` runs to a clear outcome',
    async (_line, args) => {
      expectClearOutcome(await runCli(args, env()));
    },
    120_000,
  );

  it.each(all.filter(([, args]) => SERVES.has(args[0] ?? '')))(
    '`%s` (serves until ctrl-c): its flags parse',
    async (_line, args) => {
      const r = await runCli([...args, '--help'], env());
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: simcoach/);
    },
    60_000,
  );
});

describe('the README and the pages link to each other', () => {
  const readme = join(ROOT, 'README.md');

  it('the README is a front door: at most 300 lines, and it links every page of docs/', () => {
    const text = read(readme);
    expect(text.split('\n').length).toBeLessThanOrEqual(300);
    for (const p of pages) expect(text).toContain(`docs/${p.slice(DOCS.length + 1)}`);
  });

  it.each([readme, ...pages].map((f) => [f.slice(ROOT.length + 1), f]))(
    'every relative link of %s lands on a file',
    (_name, file) => {
      const links = [...read(file).matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((l) => !/^[a-z]+:/.test(l));
      const broken = links.filter((l) => !existsSync(resolve(dirname(file), l)));
      expect(broken).toEqual([]);
    },
  );
});
