// `practice --file NEW` at 80×24 (#49): the new file is written from the person's own template at
// once, and the turn shows that template, not a placeholder comment, within the 80 columns. The
// real built app in tmux; the model is the fake Ollama server over loopback HTTP.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('practice-template', 'template');
let server: FakeServer | undefined;

afterAll(async () => {
  term.close();
  await server?.close();
});

const TEMPLATE =
  '// my own template\n#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n  ios::sync_with_stdio(false);\n}\n';

describe.skipIf(!HAS_TMUX)('practice on a new file', () => {
  it("writes the person's template at once and shows it on the turn, at 80×24", async () => {
    server = await stagedModel({});
    const home = tempDir('simcoach-tmux-');
    const templates = join(xdgDirs(home).XDG_CONFIG_HOME, 'simcoach', 'templates');
    mkdirSync(templates, { recursive: true, mode: 0o700 });
    writeFileSync(join(templates, 'solution.cpp'), TEMPLATE, { mode: 0o600 });
    const work = tempDir('simcoach-work-');
    launchCli(term, {
      session: 'template',
      home,
      args: ['practice', 'sum-two', '--file', 'new.cpp', '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
      cwd: work,
    });
    const screen = await term.until(/Your turn\s+your decision[\s\S]*my own template/, 'the turn on the template');
    expect(screen).not.toMatch(/your solution here|WA on the samples/);
    expect(screen).toMatch(/ios::sync_with_stdio\(false\);/);
    expect(readFileSync(join(work, 'new.cpp'), 'utf8')).toBe(TEMPLATE);
    term.keys('q');
    await term.until(/exit=0/, 'the app to exit 0');
  });
});
