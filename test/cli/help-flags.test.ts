// Every flag a command accepts is in its --help, with a description: both come from one table
// (src/flags/flagTable.ts), which `parse` reads by the command's name. The built CLI's help is
// checked against that table where test/docs.test.ts runs it (test/helpers/help-flags.ts); these
// tests check the tables, and that no command can parse flags from anywhere else.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/flags/args.js';
import { FLAGS } from '../../src/flags/flagTable.js';
import { budgetFlags } from '../../src/commands/shared/headless.js';
import { commands } from '../../src/commands/registry.js';
import { UsageError } from '../../src/system/errors.js';

describe('every flag a command parses is in its --help', () => {
  it('the flag table and the command table name the same commands', () => {
    expect(
      Object.keys(FLAGS)
        .filter((n) => n !== '' && !n.includes(' '))
        .sort(),
    ).toEqual(Object.keys(commands).sort());
    // A sub-command's table belongs to a command.
    for (const n of Object.keys(FLAGS).filter((x) => x.includes(' ')))
      expect(Object.keys(commands)).toContain(n.split(' ')[0]);
  });

  // Each command's --help, and the top one, run once in test/docs.test.ts, which checks them with
  // test/helpers/help-flags.ts (every flag of the table with its description) beside the page.
  it('every command has a section in docs/commands.md, whose --help test/docs.test.ts checks against its table', () => {
    const page = readFileSync(join(process.cwd(), 'docs', 'commands.md'), 'utf8');
    for (const name of Object.keys(commands)) expect(page, `a section for ${name}`).toContain(`\n## ${name}\n`);
  });

  it("parse accepts a command's own flags and nothing else", () => {
    expect(parse(['x', '--speed', '2', '--check'], 'demo').values).toMatchObject({ speed: '2', check: true });
    expect(() => parse(['--auto'], 'replay')).toThrow(UsageError);
    expect(() => parse(['--plans', '3'], 'resume')).toThrow(/resume: Unknown option '--plans'/);
    expect(parse(['p', '--plans', '3'], 'solve', { budgetFlags }).values.plans).toBe('3');
  });

  it("no command reads its arguments past the table: parseArgs is called in src/flags/args.ts alone, parse always by a command's name", () => {
    const dir = join(process.cwd(), 'src');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (f !== join('flags', 'args.ts')) expect(text, f).not.toMatch(/\bparseArgs\b/);
      for (const m of text.matchAll(/\bparse\(argv, ([^,)]+)/g))
        expect(m[1], `${f}: ${m[0]}`).toMatch(/^'[a-z ]*'$|^command$/);
    }
  });
});
