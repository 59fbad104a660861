// What a command's --help must say of its flags: every flag of its table (src/flags/flagTable.ts)
// with its description, and a flow command's budget flags. test/docs.test.ts runs each --help once
// and checks it with these; test/cli/help-flags.test.ts checks the tables themselves.
import { expect } from 'vitest';
import { FLAGS, flagLabel } from '../../src/flags/flagTable.js';
import { budgetFlags } from '../../src/commands/shared/headless.js';
import { commands } from '../../src/commands/registry.js';

const squash = (s: string): string => s.replace(/\s+/g, ' ');

/** `name --help`'s output lists each flag of the command (and its sub-commands) with a description. */
export function expectHelpListsFlags(name: string, stdout: string): void {
  const help = squash(stdout);
  for (const [table, flags] of Object.entries(FLAGS).filter(([n]) => n === name || n.startsWith(`${name} `))) {
    for (const [flag, f] of Object.entries(flags)) {
      expect(f.doc.length, `--${flag} of ${table}`).toBeGreaterThan(10);
      expect(help, `${name} --help names --${flag} of ${table}`).toContain(`${flagLabel(flag, f)} ${squash(f.doc)}`);
    }
  }
  expect(help).toContain('-h, --help show this help');
  // The commands that take a flow's budget flags list every one of them too.
  if (commands[name]!.flows)
    for (const flag of Object.keys(budgetFlags)) expect(help, `${name} --help names --${flag}`).toContain(`--${flag}`);
}

/** `simcoach --help` lists the tutor's own flags with their descriptions. */
export function expectTopHelpListsFlags(stdout: string): void {
  const help = squash(stdout);
  for (const [flag, f] of Object.entries(FLAGS[''])) expect(help).toContain(`${flagLabel(flag, f)} ${squash(f.doc)}`);
}
