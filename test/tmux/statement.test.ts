// The built app in tmux on a problem that came without its statement: it asks for the statement
// before the first model step, keeps the pasted text in the problem file, plans from it, and the
// problem screen shows it rendered (math in Unicode). Skipped only where tmux is missing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, tmuxTerminal } from './terminal.js';
import { companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';

const term = tmuxTerminal('statement', 'paste');
const { tmux, keys, until } = term;

const PLAN = `## Understanding\nSplit the melon.\n\n## Plan\n1. Read w.\n2. Print YES if w is even and over 2.`;

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

describe.skipIf(!HAS_TMUX)('a problem without its statement, in the built app', () => {
  it('asks for it, keeps the paste in the file, plans from it, and shows it rendered', async () => {
    server = await stagedModel({ plan: PLAN });
    const home = mkdtempSync(join(tmpdir(), 'simcoach-tmux-paste-'));
    const payload = parseCompanion(JSON.stringify({ name: 'Splitting Melons', group: 'Some Judge', url: 'http://127.0.0.1:1/problem', timeLimit: 1000, memoryLimit: 64, tests: [{ input: '8\n', output: 'YES\n' }] }));
    if (!payload.ok) throw new Error(payload.reason);
    const file = join(home, 'melons.md');
    writeFileSync(file, companionToMarkdown(payload.value));
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, TERM: 'xterm-256color', XDG_CONFIG_HOME: join(home, 'c'), XDG_DATA_HOME: join(home, 'd'), XDG_CACHE_HOME: join(home, 'x'), NO_COLOR: '1' };
    const cmd = [process.execPath, join(ROOT, 'dist', 'cli.js'), 'solve', file, '--host', server.url, '--model', 'fake-coder:7b'].map((a) => `'${a}'`).join(' ');
    writeFileSync(join(home, 'run.sh'), `clear\nenv -i ${Object.entries(env).map(([k, v]) => `${k}='${v}'`).join(' ')} ${cmd}\necho "exit=$?"\n`);
    tmux('new-session', '-d', '-s', term.session, '-x', '80', '-y', '24', 'sh');
    keys(`. ${join(home, 'run.sh')}`, 'Enter');

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
