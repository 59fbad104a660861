// The real built app (dist/cli.js) in a real terminal (tmux), driven by keys through one whole
// solve against the fake Ollama server over HTTP. Skipped only where tmux is missing (CI installs it).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { stageOf } from '../flows/harness.js';
import { SIM_FINE } from '../fakes/answers.js';

const term = tmuxTerminal('test', 'solve');
const { screen, keys, until } = term;

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

let server: FakeServer | undefined;
afterAll(async () => {
  // Only the tmux server this test started (its own socket).
  term.close();
  await server?.close();
});

/** The built app on sum-two in a new tmux session of its own name, against the fake server; returns its home. */
function launch(model: FakeServer, name: string, extraEnv: Record<string, string> = {}): string {
  const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
  return launchCli(term, {
    session: name,
    args: ['solve', problem, '--host', model.url, '--model', 'fake-coder:7b'],
    cols: 100,
    rows: 30,
    env: extraEnv,
  });
}

describe.skipIf(!HAS_TMUX)('the built app in tmux', () => {
  it('one whole solve by keys: plan, simulation, code, samples AC, Submit to the hidden tests → Accepted; q quits and the terminal is restored', async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
    const home = launch(server, 'solve');

    await until(/Plan\s+your decision/, 'the plan');
    expect(screen()).toContain('2. Print a + b.');
    expect(screen()).toMatch(/codesim\s+sum-two · python\s+step 1 Plan/);
    keys('p');
    // The statement is rendered, each section once; at 100×30 it fits, so no "lines a-b of n" is shown.
    const pane = await until(/Problem[\s\S]*Sum of Two[\s\S]*esc\/p back/, 'the problem pane');
    expect(pane).toContain('-10¹⁸ ≤ a, b ≤ 10¹⁸');
    keys('Escape');
    await until(/Plan\s+your decision/, 'the plan again');
    keys('a');
    await until(/Simulation\s+your decision/, 'the simulation');
    expect(screen()).toContain('plan is fine');
    keys('a');
    await until(/Code\s+your decision/, 'the code');
    expect(screen()).toContain('print(a + b)');
    keys('a');
    // The samples pass, then the hidden tests are judged as a Submit step: only then "Accepted".
    const end = await until(/Accepted — 11\/11 tests/, 'the verdict after the hidden tests');
    expect(end).toMatch(/Submit\s+AC\s+11\/11 passed/);
    expect(end).toMatch(/sum-two · python/);
    keys('q');
    const after = await until(/exit=0/, 'the app to exit 0');
    expect(after).toContain('Accepted');
    // The session was saved, whole.
    const dir = join(home, 'data', 'simcoach', 'sessions');
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
    expect(files).toHaveLength(1);
    const lines = readFileSync(join(dir, files[0]!), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 11, total: 11, hidden: 9 } },
    });
    // Raw mode is off again: the shell echoes what is typed.
    keys('echo restored-ok', 'Enter');
    await until(/^restored-ok$/m, 'the shell to work again');
  });

  it("e edits the plan alone, and the stand-in server's log shows the next stage received exactly the edited plan", async () => {
    await server?.close();
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
    launch(server, 'edit');
    await until(/Plan\s+your decision/, 'the plan');
    keys('e');
    const editing = await until(/Editing the plan \(what the next stage receives\)/, 'the plan editor');
    // The rest of the answer is there to read, not to edit.
    expect(editing).toMatch(/Add two integers\.[\s\S]*read-only/);
    keys('Down', 'End');
    keys('-l', ' Use 64-bit sums.');
    keys('C-s');
    await until(/Simulation\s+your decision/, 'the simulation of the edited plan');
    expect(screen()).toContain('✎ yours');
    const bodies = server.chatBodies();
    expect(bodies.map(stageOf)).toEqual(['plan', 'simulate']);
    const sent = bodies[1]!.messages.map((m) => m.content).join('\n');
    expect(sent).toContain('1. Read a and b.\n2. Print a + b. Use 64-bit sums.');
    // Nothing of the answer's other parts is sent on as the plan.
    expect(sent).not.toContain('Add two integers.');
    keys('q');
    await until(/exit=\d/, 'the app to exit');
  });

  it('draws in a real terminal when CI=true is set (Ink would hold every frame): the plan gate shows while the app runs', async () => {
    await server?.close();
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
    launch(server, 'ci', { CI: 'true', CONTINUOUS_INTEGRATION: '1' });
    // In Ink's CI mode nothing but the last frame is written, at exit: this gate would never show.
    await until(/Plan\s+your decision/, 'the plan, drawn although CI is set');
    keys('q');
    await until(/exit=\d/, 'the app to exit');
  });
});
