// Every flag a command accepts is in its --help, with a description: both come from one table
// (src/flags/flagTable.ts), which `parse` reads by the command's name. These tests check the built
// CLI's help against that table, and that no command can parse flags from anywhere else.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/flags/args.js';
import { FLAGS, flagLabel } from '../../src/flags/flagTable.js';
import { budgetFlags } from '../../src/commands/shared/headless.js';
import { commands } from '../../src/commands/registry.js';
import { UsageError } from '../../src/system/errors.js';
import { cli, cliEnv } from './helpers.js';

const squash = (s: string): string => s.replace(/\s+/g, ' ');

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

  it.each(Object.keys(commands))('%s --help lists each of its flags with a description', async (name) => {
    const r = await cli([name, '--help'], cliEnv());
    expect(r.code).toBe(0);
    const help = squash(r.stdout);
    for (const [table, flags] of Object.entries(FLAGS).filter(([n]) => n === name || n.startsWith(`${name} `))) {
      for (const [flag, f] of Object.entries(flags)) {
        expect(f.doc.length, `--${flag} of ${table}`).toBeGreaterThan(10);
        expect(help, `${name} --help names --${flag} of ${table}`).toContain(`${flagLabel(flag, f)} ${squash(f.doc)}`);
      }
    }
    expect(help).toContain('-h, --help show this help');
    // The commands that take a flow's budget flags list every one of them too.
    if (commands[name]!.flows)
      for (const flag of Object.keys(budgetFlags))
        expect(help, `${name} --help names --${flag}`).toContain(`--${flag}`);
  });

  it("simcoach --help lists the tutor's own flags with their descriptions", async () => {
    const help = squash((await cli(['--help'], cliEnv())).stdout);
    for (const [flag, f] of Object.entries(FLAGS[''])) expect(help).toContain(`${flagLabel(flag, f)} ${squash(f.doc)}`);
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
