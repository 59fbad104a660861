// "Check my code" in the real built app (dist/cli.js) in a real terminal (tmux), by keys, against
// the fake Ollama server over HTTP: a wrong-by-one program opened with `o`, judged, explained at
// the right line; `T` holds the explanation's simulation against the real run; `f` asks for the
// fix, which is judged on every test. Skipped only where tmux is missing (CI installs it).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { checkStage, RANGE_SUMS, startCheckModel, WRONG_BY_ONE } from '../fakes/checkModel.js';

const term = tmuxTerminal('check', 'check');
const { keys, until } = term;

let server: FakeServer | undefined;
afterAll(async () => {
  // Only the tmux server this test started (its own socket).
  term.close();
  await server?.close();
});

/** The built app's `check --problem` in a new tmux session of its own name; returns its home. */
function launch(model: FakeServer, name: string, extraEnv: Record<string, string> = {}): string {
  return launchCli(term, {
    session: name,
    args: ['check', '--problem', join(ROOT, RANGE_SUMS), '--host', model.url, '--model', 'fake-coder:7b'],
    cols: 110,
    rows: 40,
    env: extraEnv,
  });
}

describe.skipIf(!HAS_TMUX)('check my code in the built app', () => {
  it('o opens a wrong-by-one program; the explanation names line 8; T shows the real run; f fixes it; the fix is accepted', async () => {
    server = await startCheckModel();
    const home = launch(server, 'check');

    const first = await until(/Your program\s+your decision/, 'the step that takes the program');
    expect(first).toContain('o  open a file');
    expect(first).toMatch(/check\s+range-sums · python/);
    keys('o');
    await until(/program file to check:/, 'the file prompt');
    keys('-l', join(ROOT, WRONG_BY_ONE));
    keys('Enter');

    // Judged on the samples (wrong), then explained: the line, and idea vs implementation.
    const why = await until(/Why it fails\s+your decision/, 'the explanation');
    expect(why).toMatch(/goes wrong at\s+line 8\s+print\(prefix\[r\] - prefix\[l\]\)/);
    expect(why).toContain('the idea is right; the implementation is wrong');
    expect(why).toMatch(/f fix it/);
    // Predict, then see is offered at the explanation, at 80×24.
    expect(why).toMatch(/v predict/);
    expect(server.chatBodies().map(checkStage)).toEqual(['explain']);

    keys('T');
    const real = await until(
      /The simulation held against the real run[\s\S]*(no difference|✗)/,
      'the real run beside the simulation',
    );
    expect(real).toContain('no difference: the real run agrees with all');
    expect(real).toMatch(/✓ line 7: l = 1, r = 5\s+│ 7: l=1 r=5 n=5/);
    keys('Escape');
    await until(/Why it fails\s+your decision/, 'the explanation again');

    keys('f');
    await until(/Fix \(asked for\)\s+your decision/, 'the fix, asked for');
    expect(server.chatBodies().map(checkStage)).toEqual(['explain', 'fix']);
    keys('a');
    const end = await until(/Accepted — 8\/8 tests/, 'the fix judged on every test');
    expect(end).not.toMatch(/Submit/);
    keys('q');
    await until(/exit=\d+/, 'the app to exit');

    const dir = join(home, 'data', 'simcoach', 'sessions');
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
    expect(files).toHaveLength(1);
    const lines = readFileSync(join(dir, files[0]!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ type: 'session', flow: 'check' });
    // The program and the fix request are the person's decisions, kept for replay.
    expect(lines.find((e) => e.type === 'decision' && e.step === 0)).toMatchObject({
      decision: { kind: 'edit' },
      by: 'person',
      value: { source: readFileSync(join(ROOT, WRONG_BY_ONE), 'utf8') },
    });
    expect(
      lines.find((e) => e.type === 'decision' && (e.value as { fixWanted?: boolean } | undefined)?.fixWanted === true),
    ).toBeDefined();
    expect(lines.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 8, total: 8, hidden: 6 } },
    });
  });

  it('E writes the program in $EDITOR; the explanation follows', async () => {
    await server?.close();
    server = await startCheckModel();
    // An "editor" that writes the wrong-by-one program into the file it is given.
    launch(server, 'editor', { EDITOR: `cp ${join(ROOT, WRONG_BY_ONE)}` });
    await until(/Your program\s+your decision/, 'the step that takes the program');
    keys('E');
    const why = await until(/Why it fails\s+your decision/, 'the explanation');
    expect(why).toMatch(/goes wrong at\s+line 8/);
    keys('q');
    await until(/exit=\d+/, 'the app to exit');
  });
});
