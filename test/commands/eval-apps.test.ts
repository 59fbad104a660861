// `eval` on the APPS development split (../shared/datasets/apps150) as the papers ran it: problems
// judged as stdin/stdout programs on their hidden tests, function-style problems reported apart.
// The stand-in model answers with programs real models wrote for these problems (the labelled
// solutions beside the set), so the verdicts are the judge's on real code.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeServer, type OllamaChatBody } from '../fakes/ollama.js';
import { tempHome } from '../session/cli.js';
import { cli } from '../engine/cli.js';
import { scriptedReply } from '../engine/scripted-model.js';

const APPS = resolve(process.cwd(), '../shared/datasets/apps150');

interface Line {
  id: string;
  description: string;
  starter_code: string;
}
interface Labelled {
  problem_id: string;
  code: string;
  judged_solved: boolean;
  method: string;
  model: string;
}

const lines = readFileSync(join(APPS, 'problems.jsonl'), 'utf8').trim().split('\n');
const byId = new Map<string, { raw: string; v: Line }>();
for (const raw of lines) {
  const v = JSON.parse(raw) as Line;
  if (!byId.has(v.id)) byId.set(v.id, { raw, v });
}
const labelled = readFileSync(join(APPS, 'labelled-solutions.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as Labelled);
const program = (id: string, solved: boolean, method: string, model: string): string =>
  labelled.find((l) => l.problem_id === id && l.judged_solved === solved && l.method === method && l.model === model)!
    .code;

// Two stdin-style competition problems (a program the authors' judge accepted, one it failed)
// and a function-style introductory problem with an accepted program.
const PICK: Record<string, string> = {
  '2218': program('2218', true, 'SelfPlanning', 'ChatGPT'),
  '2224': program('2224', false, 'Analogical', 'ChatGPT'),
  '2798': program('2798', true, 'Analogical', 'ChatGPT'),
};

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('eval on APPS', () => {
  it('stdin-style problems give pass@1; function-style ones are a group apart', async () => {
    const home = tempHome();
    const set = join(home.root, 'apps3.jsonl');
    writeFileSync(
      set,
      Object.keys(PICK)
        .map((id) => byId.get(id)!.raw)
        .join('\n') + '\n',
    );
    const which = (body: OllamaChatBody): string =>
      Object.keys(PICK).find((id) => body.messages[1]!.content.includes(byId.get(id)!.v.description.slice(0, 120))) ??
      '?';
    const seen = new Map<string, number>();
    server = await startFakeOllama({
      chat: (body, i) =>
        scriptedReply({ titles: new Map(), code: (b) => PICK[which(b)] ?? 'print(0)\n' }, seen, body, i),
    });
    const r = await cli(
      ['eval', set, '--auto', '--host', server.url, '--plans', '1', '--debug-rounds', '0', '--json'],
      home.env,
      { timeoutMs: 120_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout) as {
      problems: { id: string; kind: string; difficulty: string; passed: boolean }[];
      summary: { group: string; problems: number; solved: number; pass_at_1: number }[];
    };
    const problems = [...rep.problems].sort((a, b) => a.id.localeCompare(b.id));
    // The judge agrees with the authors' labels on these programs.
    expect(problems.map((p) => [p.id, p.kind, p.difficulty, p.passed])).toEqual([
      ['2218', 'stdin', 'competition', true],
      ['2224', 'stdin', 'competition', false],
      ['2798', 'function', 'introductory', true],
    ]);
    expect(rep.summary.map((s) => [s.group, s.problems, s.solved])).toEqual([
      ['competition', 2, 1],
      ['stdin-style', 2, 1],
      ['function-style', 1, 1],
      ['all', 3, 2],
    ]);
    const table = await cli(
      ['eval', set, '--auto', '--host', server.url, '--plans', '1', '--debug-rounds', '0'],
      home.env,
      { timeoutMs: 120_000 },
    );
    expect(table.code, table.stderr).toBe(0);
    // The headline is the stdin-style problems'; the function-style one is marked in the table.
    expect(table.stdout).toMatch(/^pass@1 50\.0% \(1\/2\) · codesim/m);
    expect(table.stdout).toMatch(/^2798 +introductory \(fn\) +pass/m);
    expect(table.stdout).toMatch(/^codesim +function-style +1 +100\.0%/m);
  }, 300_000);
});
