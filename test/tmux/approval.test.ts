// Approval modes in the built app (dist/cli.js) in a real terminal (tmux), against the fake
// Ollama server over HTTP: A lets the plan and the simulation pass until the code stops, and
// --approval watch is stepped out of with ctrl-c. The journal says which mode approved each step.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { SIM_FINE } from '../fakes/answers.js';

const term = tmuxTerminal('approval', 'until');
const { screen, keys, until } = term;

const RIGHT = '```python\na, b = map(int, input().split())\nprint(a + b)\n```\n';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

let server: FakeServer | undefined;
afterAll(async () => {
  term.close();
  await server?.close();
});

function launch(model: FakeServer, name: string, extra: string[] = []): string {
  const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
  return launchCli(term, {
    session: name,
    args: ['solve', problem, '--host', model.url, '--model', 'fake-coder:7b', ...extra],
    cols: 80,
    rows: 40,
  });
}

/** Who decided each step, from the one session file in `home`. */
function decidedBy(home: string): { step: number; kind: string; by: string }[] {
  const dir = join(home, 'data', 'simcoach', 'sessions');
  const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl'));
  expect(files).toHaveLength(1);
  return readFileSync(join(dir, files[0]!), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string; step: number; by: string; decision: { kind: string } })
    .filter((e) => e.type === 'decision')
    .map((e) => ({ step: e.step, kind: e.decision.kind, by: e.by }));
}

describe.skipIf(!HAS_TMUX)('approval modes in the built app', () => {
  it('A at the plan: plan and simulation pass by themselves, the code gate stops; a approves it → Accepted', async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: RIGHT });
    const home = launch(server, 'until');
    await until(/Plan\s+your decision/, 'the plan');
    expect(screen()).toMatch(/A to code/);
    keys('A');
    const code = await until(/3 Code\s+your decision/, 'the code gate');
    expect(code).toMatch(/✓ 1 Plan \(until the code\)/);
    expect(code).toMatch(/✓ 2 Simulation \(until the code\)/);
    expect(code).toContain('» until the code');
    expect(code).toContain('ctrl-c step in (until code)');
    keys('a');
    await until(/Accepted — 11\/11 tests/, 'the verdict');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    expect(decidedBy(home)).toEqual([
      { step: 0, kind: 'approve', by: 'until-code' },
      { step: 1, kind: 'approve', by: 'until-code' },
      { step: 2, kind: 'approve', by: 'person' },
    ]);
  });

  it('--approval watch: the plan passes as it finishes; ctrl-c steps in, the next step waits, and ctrl-c again quits', async () => {
    await server?.close();
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    server = await stagedModel({ plan: PLAN, simulate: () => ({ text: SIM_FINE, hold }), code: RIGHT });
    const home = launch(server, 'watch', ['--approval', 'watch']);
    const watching = await until(
      /2 Simulation[\s\S]*ctrl-c step in \(watching\)/,
      'the simulation awaited while watching',
    );
    expect(watching).toMatch(/✓ 1 Plan \(watching\)/);
    expect(watching).toContain('» watching');
    keys('C-c');
    const stepped = await until(/you stepped in/, 'the notice that the person stepped in');
    expect(stepped).toContain('ctrl-c again within 3 s quits');
    release();
    const sim = await until(/2 Simulation\s+your decision/, 'the simulation waiting for the person');
    expect(sim).not.toContain('» watching');
    expect(sim).not.toContain('step in');
    keys('C-c');
    await until(/exit=\d/, 'the app to quit');
    expect(decidedBy(home)).toEqual([
      { step: 0, kind: 'approve', by: 'watch' },
      { step: 1, kind: 'stop', by: 'person' },
    ]);
  });
});
