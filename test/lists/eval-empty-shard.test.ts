// An array job's last task may get no problem (2 problems, 3 shards): its results file is still
// written (the header alone), and `eval merge` of every task's file equals one whole run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../session/cli.js';
import { fixtureSet } from '../commands/set.js';
import { cli } from '../engine/cli.js';
import { fixtureTitles, startScriptedModel } from '../engine/scripted-model.js';
import type { FakeServer } from '../fakes/script.js';

const IDS = ['knapsack', 'sum-two'];
const BUDGETS = ['--plans', '1', '--debug-rounds', '1', '--exemplars', '1'];
let server: FakeServer | undefined;
afterAll(async () => server?.close());

interface Rep {
  problems: { id: string; passed: boolean }[];
  summary: { group: string; problems: number; solved: number }[];
}

describe('eval --shard with nothing to do', () => {
  it('writes a results file with its header, and the merge of all shards equals one run', async () => {
    const home = tempHome();
    const set = fixtureSet(home, IDS);
    const titles = fixtureTitles(IDS);
    server = await startScriptedModel({
      titles,
      code: (body) =>
        readFileSync(
          join(
            process.cwd(),
            'fixtures/problems/_solutions',
            `${[...titles].find(([t]) => body.messages.some((m) => m.content.includes(t)))?.[1] ?? 'sum-two'}.py`,
          ),
          'utf8',
        ),
    });
    const files = [1, 2, 3].map((i) => join(home.root, `shard${i}.jsonl`));
    for (const [k, f] of files.entries()) {
      const r = await cli(
        ['eval', set, '--auto', ...BUDGETS, '--host', server.url, '--shard', `${k + 1}/3`, '--out', f, '--json'],
        home.env,
        { timeoutMs: 120_000 },
      );
      expect(r.code, r.stderr).toBe(0);
      if (k === 2) {
        expect(r.stderr).toMatch(/shard 3\/3 of 2 problems has none to run; .*shard3\.jsonl holds only its header/);
        expect((JSON.parse(r.stdout) as Rep).problems).toEqual([]);
        const lines = readFileSync(f, 'utf8').trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(JSON.parse(lines[0]!)).toMatchObject({ type: 'eval', shard: '3/3', setSize: 2 });
      }
    }
    const m = await cli(['eval', 'merge', ...files, '--json'], home.env);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).not.toMatch(/no result yet/);
    const merged = JSON.parse(m.stdout) as Rep;
    expect(merged.problems.map((p) => [p.id.split('/').pop(), p.passed])).toEqual([
      ['knapsack', true],
      ['sum-two', true],
    ]);
    expect(merged.summary.find((s) => s.group === 'total')).toMatchObject({ problems: 2, solved: 2 });
  }, 300_000);
});
