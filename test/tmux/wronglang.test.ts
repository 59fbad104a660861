// The built app in tmux: a C++ session whose model writes Python. The code pane says so before
// anything is compiled; L switches the session to Python (the program is judged as Python, the
// status bar and the journal say so), R asks again with the note and the C++ answer is judged.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { stageOf } from '../flows/harness.js';
import { SIM_FINE } from '../fakes/answers.js';
import { CPP, PYTHON } from '../fakes/wrongLang.js';

const term = tmuxTerminal('wronglang', 'switch');
const { screen, keys, until } = term;

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const fenced = (tag: string, code: string): string => `\`\`\`${tag}\n${code}\`\`\`\n`;

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => term.close());

/** The built app on sum-two in a C++ session at `cols` columns; returns its home. */
function launch(model: FakeServer, name: string, cols: number): string {
  const problem = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
  return launchCli(term, {
    session: name,
    args: ['solve', problem, '--host', model.url, '--model', 'fake-coder:7b', '--lang', 'cpp'],
    cols,
    rows: 24,
  });
}

function journal(home: string): { type: string; [k: string]: unknown }[] {
  const dir = join(home, 'data', 'simcoach', 'sessions');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')) : [];
  expect(files).toHaveLength(1);
  return readFileSync(join(dir, files[0]!), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
}

async function toCode(): Promise<string> {
  await until(/Plan\s+your decision/, 'the plan');
  expect(screen()).toMatch(/sum-two · cpp/);
  keys('a');
  await until(/Simulation\s+your decision/, 'the simulation');
  keys('a');
  return until(/Code\s+your decision/, 'the code');
}

describe.skipIf(!HAS_TMUX)('a Python program in a C++ session, in the built app', () => {
  it('at 60 columns: the pane says so, L judges it as Python → Accepted, the status bar and the journal show the switch', async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: fenced('python', PYTHON) });
    const home = launch(server, 'switch', 60);
    const code = await toCode();
    expect(code).toContain('this looks like Python 3, the session is C++');
    expect(code).toMatch(/L judge as Python 3 · R ask for C\+\+/);
    // `w` offers the name of the language the program is in.
    keys('w');
    await until(/write the program to:.*sum-two\.py/, 'the write prompt');
    keys('Escape');
    await until(/L judge as Python 3/, 'the gate again');
    keys('L');
    const end = await until(/Accepted — 11\/11 tests/, 'the verdict after the hidden tests');
    expect(end).toMatch(/sum-two · python/);
    expect(end).not.toMatch(/CE/);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    const events = journal(home);
    expect(events.find((e) => e.type === 'decision' && (e.decision as { lang?: string }).lang)).toMatchObject({
      decision: { kind: 'approve', lang: 'python' },
      value: { lang: 'python' },
    });
    expect(events.filter((e) => e.type === 'run').map((e) => (e.program as { lang: string }).lang)).toEqual([
      'python',
      'python',
    ]);
  });

  it('at 80 columns: R asks again with the note, and the C++ answer is judged as C++ → Accepted', async () => {
    server = await stagedModel({
      plan: PLAN,
      simulate: SIM_FINE,
      code: [fenced('python', PYTHON), fenced('cpp', CPP)],
    });
    const home = launch(server, 'again', 80);
    await toCode();
    keys('R');
    await until(/Code\s+your decision/, 'the code asked again');
    await until(/#include <bits\/stdc\+\+\.h>/, 'the C++ program');
    expect(screen()).not.toContain('this looks like');
    const bodies = server.chatBodies();
    expect(bodies.map(stageOf)).toEqual(['plan', 'simulate', 'code', 'code:repair']);
    expect(bodies[3]!.messages.at(-1)!.content).toMatch(/written in Python 3, but this session's language is C\+\+/);
    keys('a');
    const end = await until(/Accepted — 11\/11 tests/, 'the verdict');
    expect(end).toMatch(/sum-two · cpp/);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
    expect(
      journal(home)
        .filter((e) => e.type === 'run')
        .map((e) => (e.program as { lang: string }).lang),
    ).toEqual(['cpp', 'cpp']);
  });
});
