// The tutor's questions in practice (issue 46, items 3-5) in the real built app (dist/cli.js), in
// a real terminal of 80×24 (tmux), driven by keys against the stand-in server: a wrong program
// from $EDITOR, then `v`: the model's question, the person's value typed on its line, the real
// run's answer; then the right program, Accepted, and the one question after it (skipped with
// enter). The new keys are in the key row at 80 columns and in `?`.
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('tutor', 'tutor');
const { keys, until } = term;

const BUGGY = 'a, b = map(int, input().split())\ns = a\ns = s - b\nprint(s)\n';
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const QUESTION = '## Line\n3\n## Variable\ns\n## Question\nWhat value does `s` hold after line 3 runs on sample 1?';

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

describe.skipIf(!HAS_TMUX)("the tutor's questions at 80×24 in tmux", () => {
  it('v: a question, a typed prediction, where it parts from the real run; enter skips the question after the solve', async () => {
    server = await stagedModel({ predict: QUESTION });
    const home = tempDir('simcoach-tmux-');
    // $EDITOR writes the buggy program first, the right one the second time.
    const editor = join(home, 'editor.sh');
    writeFileSync(join(home, 'p1.py'), BUGGY);
    writeFileSync(join(home, 'p2.py'), RIGHT);
    writeFileSync(
      editor,
      `#!/bin/sh\nif [ -e '${join(home, 'once')}' ]; then cp '${join(home, 'p2.py')}' "$1"; else touch '${join(home, 'once')}'; cp '${join(home, 'p1.py')}' "$1"; fi\n`,
    );
    chmodSync(editor, 0o755);
    const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
    launchCli(term, {
      session: 'predict',
      home,
      args: ['practice', problem, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
      env: { EDITOR: editor },
    });
    const turn = await until(/Your turn\s+your decision/, "the person's turn");
    expect(turn).toMatch(/v predict · I idea/);
    keys('v');
    await until(/predict asks about a failing test: submit your program first/, 'v refused before a failure');
    keys('E');
    await until(/last\s+WA on the samples/, 'the turn after the wrong program');
    keys('v');
    const asked = await until(/Predict, then see\s+your decision/, "the model's question");
    expect(asked).toMatch(/predict\s+line 3 · s/);
    expect(asked).toContain('What value does `s` hold after line 3 runs on sample 1?');
    keys('a');
    const value = await until(/enter types your prediction/, 'the prediction step');
    expect(value).toMatch(/enter type prediction/);
    keys('Enter');
    await until(/your prediction:/, 'the prediction line');
    keys('3', 'Enter');
    const seen = await until(/Your prediction and the real run\s+your decision/, 'the real run');
    expect(seen).toContain('you said 3, the program has -1');
    keys('a');
    await until(/Your turn\s+your decision/, 'back at the turn');
    keys('?');
    await until(/Keys\s+lines 1-/, 'the key list');
    keys('PageDown');
    const help = await until(/predict, then see/, 'v in the key list');
    expect(help).toMatch(/^v\s+practice, after a failed submission: predict, then see/m);
    keys('Escape');
    await until(/Your turn\s+your decision/, 'back from the key list');
    keys('E');
    const after = await until(/What was the bug, in one line\?/, 'the question after the solve');
    expect(after).toMatch(/e answer · enter skip/);
    keys('Enter');
    await until(/Accepted/, 'the verdict');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    const dir = join(home, 'data', 'simcoach', 'sessions');
    const file = readdirSync(dir).find((f) => f.endsWith('.jsonl'))!;
    const agents = readFileSync(join(dir, file), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; agent?: string })
      .filter((l) => l.type === 'step-start')
      .map((l) => l.agent);
    expect(agents).toEqual(expect.arrayContaining(['predict-ask', 'predict-value', 'predict-see', 'after-solve']));
  });
});
