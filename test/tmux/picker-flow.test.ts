// The picker at 80×24 in a real terminal: the header names the flow, the key row offers ctrl-f
// whole (no key cut mid-word, nothing wider than the terminal), ctrl-f changes the flow and the
// problem opens in it.
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, quitWithCtrlC, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';

const term = tmuxTerminal('pickerflow', 'pickerflow');
let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

describe.skipIf(!HAS_TMUX)('ctrl-f in the picker at 80×24', () => {
  it(
    'shows the flow, offers ctrl-f in a key row that fits, and opens the problem in the chosen flow',
    { timeout: 120_000 },
    async () => {
      server = await stagedModel({ plan: PLAN });
      launchCli(term, {
        session: 'pickerflow',
        args: ['--host', server.url, '--model', 'fake-coder:7b'],
        cols: 80,
        rows: 24,
      });
      const picker = await term.until(/Pick a problem \d+ of \d+ · flow codesim/, 'the picker');
      // The language sessions start in, and where it came from.
      expect(picker).toMatch(/Pick a problem \d+ of \d+ · flow codesim · python \(from settings\)/);
      const lines = picker.split('\n').filter((l) => l.trim() !== '');
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
      const keys = lines.at(-1)!;
      expect(keys).toMatch(/^type filter · ↑↓ choose · enter open · ctrl-f flow · /);
      expect(keys.trimEnd().endsWith('·')).toBe(false);
      // Every key shown is whole: each "key label" pair is one of the picker's.
      for (const part of keys.trim().split(' · '))
        expect([
          'type filter',
          '↑↓ choose',
          'enter open',
          'ctrl-f flow',
          'ctrl-p practise it',
          'ctrl-o open a file',
          'tab settings',
          'esc quit',
        ]).toContain(part);
      term.keys('C-f');
      await term.until(/flow mapcoder/, 'the next flow');
      term.keys('sum-two');
      await term.until(/filter: sum-two/, 'the filter');
      term.keys('Enter');
      const session = await term.until(/^ mapcoder +sum-two/m, 'the session in mapcoder');
      expect(session).not.toContain('Pick a problem');
      await quitWithCtrlC(term);
    },
  );
});
