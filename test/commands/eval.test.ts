// `simcoach eval SET --auto`: the built CLI over a set of fixture problems against a scripted
// fake model that knows the reference solutions (and, where told, gets one wrong).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer, OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { tempHome, type Home } from '../session/cli.js';
import { fixtureSet } from './set.js';
import { cli } from '../engine/cli.js';
import { fixtureTitles, PLAN, solutionFor, startScriptedModel } from '../engine/scripted-model.js';

const IDS = ['sum-two', 'brackets'];
const titles = fixtureTitles(IDS);

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const makeSet = (home: Home): string => fixtureSet(home, IDS);

const isBrackets = (body: OllamaChatBody): boolean =>
  body.messages[1]!.content.includes('Brackets') || /bracket/i.test(body.messages[1]!.content);

/**
 * The model solves everything except the brackets problem, where it always prints "YES". With
 * `repairPlan`, its first plan for the other problems cannot be read (one repair request each).
 */
const start = (o: { repairPlan?: boolean } = {}) =>
  startScriptedModel({
    titles,
    code: (body) => (isBrackets(body) ? 'print("YES")\n' : solutionFor(body, titles)),
    ...(o.repairPlan
      ? {
          override: (stage: string, body: OllamaChatBody) =>
            isBrackets(body)
              ? undefined
              : stage === 'plan'
                ? { text: 'I am not sure yet.' }
                : stage === 'plan:repair'
                  ? { text: PLAN }
                  : undefined,
        }
      : {}),
  });

const evalCli = (home: Home, args: string[]) =>
  cli(['eval', ...args, '--auto', '--host', server!.url, '--debug-rounds', '1', '--plans', '1'], home.env, {
    timeoutMs: 60_000,
  });

describe('eval --auto', () => {
  it('--json: pass@1 on hidden tests with calls (repairs apart), tokens and seconds per problem', async () => {
    const home = tempHome();
    server = await start({ repairPlan: true });
    const r = await evalCli(home, [makeSet(home), '--json']);
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as {
      pass_at_1: number;
      repairs_per_problem: number;
      problems: {
        id: string;
        passed: boolean;
        calls: number;
        repairs: number;
        promptTokens: number;
        completionTokens: number;
        seconds: number;
      }[];
    };
    expect(rep.problems).toHaveLength(2);
    const byId = Object.fromEntries(rep.problems.map((p) => [p.id.split('/').pop(), p]));
    // sum-two: plan, its repair, simulate, code: the method's 3 calls and 1 repair.
    expect(byId['sum-two']).toMatchObject({ passed: true, calls: 3, repairs: 1 });
    // brackets: plan, simulate, code, one debug round, then the plan budget (1) is spent.
    expect(byId['brackets']).toMatchObject({ passed: false, calls: 4, repairs: 0 });
    expect(rep.repairs_per_problem).toBe(0.5);
    expect(r.stderr).toMatch(/sum-two · 3 calls \+ 1 repair/);
    expect(rep.pass_at_1).toBe(0.5);
    for (const p of rep.problems) {
      expect(p.promptTokens).toBeGreaterThan(0);
      expect(p.completionTokens).toBeGreaterThan(0);
      expect(p.seconds).toBeGreaterThanOrEqual(0);
    }
  });

  it('a table without --json; --limit takes the first N (a set reads in name order)', async () => {
    const home = tempHome();
    server = await start();
    const r = await evalCli(home, [makeSet(home), '--limit', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^problem +difficulty +result +samples +calls/m);
    expect(r.stdout).toMatch(/^\S*brackets +easy +unsolved +no +4 /m);
    expect(r.stdout).toMatch(/pass@1 0\.0% \(0\/1\)/);
    expect(server.chatBodies().map(stageOf)).toEqual(['plan', 'simulate', 'code', 'debug']);
  });

  it('--out is resumable: problems already in the file are skipped', async () => {
    const home = tempHome();
    const set = makeSet(home);
    const out = join(home.root, 'results.jsonl');
    server = await start();
    const first = await evalCli(home, [set, '--limit', '1', '--out', out]);
    expect(first.code).toBe(0);
    // A header line naming the settings, then one result.
    expect(
      readFileSync(out, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { type: string }).type),
    ).toEqual(['eval', 'result']);
    const callsBefore = server.chatBodies().length;
    // A torn last line (a kill while writing) is tolerated: that problem just runs again.
    writeFileSync(out, readFileSync(out, 'utf8') + '{"id":"x","pas');
    const second = await evalCli(home, [set, '--out', out, '--json']);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/1 problem already in .*; 1 to go/);
    const rep = JSON.parse(second.stdout) as { problems: { id: string }[] };
    expect(rep.problems).toHaveLength(2);
    // Only the second problem (sum-two, 3 calls) was solved this time.
    expect(callsBefore).toBe(4);
    expect(server.chatBodies().length - callsBefore).toBe(3);
  });

  it('usage: --auto is required; a server down ends with exit 3', async () => {
    const home = tempHome();
    const set = makeSet(home);
    const noAuto = await cli(['eval', set], home.env);
    expect(noAuto.code).toBe(2);
    expect(noAuto.stderr).toMatch(/--auto/);
    const down = await cli(['eval', set, '--auto', '--host', 'http://127.0.0.1:9'], home.env);
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/simcoach doctor|ollama serve/);
  });
});
