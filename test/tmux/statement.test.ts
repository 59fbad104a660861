// The built app in tmux on a problem that came without its statement: it asks for the statement
// before the first model step, keeps the pasted text in the problem file, plans from it, and the
// problem screen shows it rendered (math in Unicode). Skipped only where tmux is missing.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('statement', 'paste');
const { keys, until } = term;

const PLAN = `## Understanding\nSplit the melon.\n\n## Plan\n1. Read w.\n2. Print YES if w is even and over 2.`;

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

describe.skipIf(!HAS_TMUX)('a problem without its statement, in the built app', () => {
  it('asks for it, keeps the paste in the file, plans from it, and shows it rendered', async () => {
    server = await stagedModel({ plan: PLAN });
    const home = tempDir('simcoach-tmux-paste-');
    const payload = parseCompanion(
      JSON.stringify({
        name: 'Splitting Melons',
        group: 'Some Judge',
        url: 'http://127.0.0.1:1/problem',
        timeLimit: 1000,
        memoryLimit: 64,
        tests: [{ input: '8\n', output: 'YES\n' }],
      }),
    );
    if (!payload.ok) throw new Error(payload.reason);
    const file = join(home, 'melons.md');
    writeFileSync(file, companionToMarkdown(payload.value));
    launchCli(term, {
      session: 'paste',
      home,
      args: ['solve', file, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });

    const ask = await until(/enter paste it here/, 'the request for the statement');
    expect(ask).toContain('no statement');
    expect(server.chatBodies()).toHaveLength(0);
    keys('Enter');
    await until(/Paste the statement/, 'the editor');
    keys('-l', 'Cut a melon of $w$ kilos ($1 \\le w \\le 100$) into two even parts.');
    keys('C-s');
    await until(/Plan\s+your decision/, 'the plan, after the statement');
    expect(readFileSync(file, 'utf8')).toContain('Cut a melon of $w$ kilos ($1 \\le w \\le 100$) into two even parts.');
    expect(JSON.stringify(server.chatBodies()[0]?.messages)).toContain('Cut a melon of $w$ kilos');
    keys('p');
    const shown = await until(/Problem[\s\S]*1 ≤ w ≤ 100/, 'the statement rendered in the problem screen');
    expect(shown).not.toContain('\\le');
    keys('Escape');
    await until(/Plan\s+your decision/, 'back at the gate');
    keys('q');
    await until(/exit=\d+/, 'the app to exit');
  }, 60_000);
});
