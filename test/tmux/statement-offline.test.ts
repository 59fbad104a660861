// `simcoach practice` on a Competitive Companion save (samples and limits, no statement) with no
// model server, in the built app in tmux at 80×24: no statement is asked for (nothing would plan
// from it), the turn is on screen at once, and `p` still shows the problem with its contest link.
// The save as `listen` keeps it (markdown) and as the extension sends it (JSON), with no --file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import { closedPort } from '../helpers/net.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('statement-offline', 'offline');
const { keys, until } = term;
let host = '';

beforeAll(async () => {
  host = `http://127.0.0.1:${await closedPort()}`;
});
afterAll(() => term.close());

const SAVE = JSON.stringify({
  name: 'Splitting Melons',
  group: 'Codeforces - Beta Round 4',
  url: 'https://codeforces.com/contest/4/problem/A',
  interactive: false,
  timeLimit: 1000,
  memoryLimit: 64,
  tests: [{ input: '8\n', output: 'YES\n' }],
  testType: 'single',
  input: { type: 'stdin' },
  output: { type: 'stdout' },
});

describe.skipIf(!HAS_TMUX)('practice on a Companion save with no statement, the model off', () => {
  it.each([
    ['markdown', 'melons.md'],
    ['json', 'melons.json'],
  ])(
    '%s: straight to the turn, no paste prompt',
    async (kind, name) => {
      const dir = tempDir('simcoach-statement-offline-');
      const payload = parseCompanion(SAVE);
      if (!payload.ok) throw new Error(payload.reason);
      writeFileSync(join(dir, name), kind === 'json' ? SAVE : companionToMarkdown(payload.value));
      launchCli(term, {
        session: kind,
        args: ['practice', join(dir, name), '--host', host],
        cols: 80,
        rows: 24,
        cwd: dir,
      });
      const shown = await until(/Your turn\s+your decision|paste it here/, 'the turn or the statement prompt');
      expect(shown).not.toContain('paste it here');
      expect(shown).toMatch(/model off/);
      keys('p');
      await until(/codeforces\.com\/contest\/4\/problem\/A/, 'the problem screen with the contest link');
      keys('Escape');
      await until(/Your turn\s+your decision/, 'back at the turn');
      keys('q');
      await until(/exit=0/, 'q to quit with 0');
    },
    30_000,
  );
});
