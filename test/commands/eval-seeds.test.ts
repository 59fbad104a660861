// `simcoach eval --flow selfcollab|codetree`: the built CLI over two fixture problems against the
// scripted model (it knows sum-two's solution and always answers "YES" for brackets).
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { tempHome, type Home } from '../session/cli.js';
import { fixtureSet } from './set.js';
import { cli } from '../engine/cli.js';
import { fixtureTitles, solutionFor, startScriptedModel } from '../engine/scripted-model.js';

const IDS = ['sum-two', 'brackets'];
const titles = fixtureTitles(IDS);

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const makeSet = (home: Home): string => fixtureSet(home, IDS);

const start = () =>
  startScriptedModel({
    titles,
    code: (body) => (/bracket/i.test(body.messages[1]!.content) ? 'print("YES")\n' : solutionFor(body, titles)),
  });

interface Report {
  flow: string;
  pass_at_1: number;
  problems: { id: string; passed: boolean; calls: number }[];
}

async function evalJson(
  args: string[],
): Promise<{ rep: Report; byId: Record<string, Report['problems'][number]>; stages: string[][] }> {
  const home = tempHome();
  server = await start();
  const r = await cli(['eval', makeSet(home), '--auto', '--json', '--host', server.url, ...args], home.env, {
    timeoutMs: 90_000,
  });
  expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // never a stack
  expect(r.code).toBe(0);
  const rep = JSON.parse(r.stdout) as Report;
  const byId = Object.fromEntries(rep.problems.map((p) => [p.id.split('/').pop()!, p]));
  // The set reads in name order: brackets first, then sum-two; split the calls where the problem changes.
  const stages: string[][] = [];
  let title = '';
  for (const b of server.chatBodies()) {
    const t = b.messages[1]!.content.slice(0, 60);
    if (t !== title) stages.push([]);
    title = t;
    stages.at(-1)!.push(stageOf(b));
  }
  return { rep, byId, stages };
}

describe('eval --flow selfcollab', () => {
  it('runs the team on every problem: analyst, coder, tester; pass@1 on the hidden tests', async () => {
    const { rep, byId, stages } = await evalJson(['--flow', 'selfcollab']);
    expect(rep.flow).toBe('selfcollab');
    expect(byId['sum-two']).toMatchObject({ passed: true, calls: 3 });
    // The tester (which only reads) passed the "YES" program; the hidden tests do not.
    expect(byId['brackets']).toMatchObject({ passed: false, calls: 3 });
    expect(stages).toEqual([
      ['analyst', 'coder', 'tester'],
      ['analyst', 'coder', 'tester'],
    ]);
    expect(rep.pass_at_1).toBe(0.5);
  });
});

describe('eval --flow codetree', () => {
  it('critic-guided by default: a failing node is scored and reflected on; the budget flag holds', async () => {
    const { byId, stages } = await evalJson(['--flow', 'codetree', '--generations', '2']);
    expect(byId['sum-two']).toMatchObject({ passed: true, calls: 3 });
    expect(byId['brackets']).toMatchObject({ passed: false, calls: 7 });
    expect(stages[0]).toEqual(['thinker', 'solver', 'critic-score', 'reflect', 'debugger', 'critic-score', 'reflect']);
    expect(stages[1]).toEqual(['thinker', 'solver', 'critic-verify']);
  });

  it('--search bfs: no critic score, the second strategy before any fix', async () => {
    const { byId, stages } = await evalJson(['--flow', 'codetree', '--generations', '2', '--search', 'bfs']);
    expect(byId['brackets']).toMatchObject({ passed: false, calls: 5 });
    expect(stages[0]).toEqual(['thinker', 'solver', 'reflect', 'solver', 'reflect']);
  });

  it('a search that is not one of the three is a usage error naming them', async () => {
    const home = tempHome();
    const r = await cli(
      ['eval', makeSet(home), '--auto', '--flow', 'codetree', '--search', 'astar', '--host', 'http://127.0.0.1:9'],
      home.env,
      { timeoutMs: 30_000 },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--search takes one of critic | bfs | dfs');
  });
});
