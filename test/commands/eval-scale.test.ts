// `eval` at scale, through the built CLI against scripted stand-in servers: flows side by side
// (table, JSON and CSV agree), --jobs over two servers, shards merged back into one run, and a
// killed run that resumes without redoing what it had finished.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '../helpers/wait.js';
import { startFakeOllama, type OllamaChatBody } from '../fakes/ollama.js';
import { startFakeOpenAI } from '../fakes/openai.js';
import type { FakeServer as BaseServer } from '../fakes/script.js';
import { tempHome, type Home } from '../session/cli.js';
import { fixtureSet } from './set.js';
import { cli, cliPath } from '../engine/cli.js';
import { fixtureTitles, scriptedReply, type ScriptOptions } from '../engine/scripted-model.js';

// Two easy problems, a medium and a hard one; the set reads in name order.
const IDS = ['brackets', 'inversions', 'knapsack', 'sum-two'];
const titles = fixtureTitles(IDS);

const servers: BaseServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The fixture whose title the request names. */
const problemOf = (body: OllamaChatBody): string | undefined => {
  const text = body.messages.map((m) => m.content).join('\n');
  for (const [title, id] of titles) if (text.includes(title)) return id;
  return undefined;
};

/** A model that solves everything but the brackets problem (it always prints "YES" there). */
const script: ScriptOptions = {
  titles,
  code: (body) =>
    problemOf(body) === 'brackets'
      ? 'print("YES")\n'
      : readFileSync(join(process.cwd(), 'fixtures/problems/_solutions', `${problemOf(body) ?? 'sum-two'}.py`), 'utf8'),
};

async function ollama(o: Partial<ScriptOptions> = {}): Promise<BaseServer & { chatBodies(): OllamaChatBody[] }> {
  const seen = new Map<string, number>();
  const s = await startFakeOllama({ chat: (body, i) => scriptedReply({ ...script, ...o }, seen, body, i) });
  servers.push(s);
  return s;
}

const BUDGETS = ['--plans', '1', '--debug-rounds', '1', '--exemplars', '1'];
const evalCli = (home: Home, args: string[]) =>
  cli(['eval', ...args, '--auto', ...BUDGETS], home.env, { timeoutMs: 120_000 });

interface Row {
  flow: string;
  group: string;
  problems: number;
  solved: number;
  pass_at_1: number;
  samples_passed: number;
  calls: number;
  calls_per_solved: number | null;
  prompt_tokens: number;
  evaluated_tokens: number;
  completion_tokens: number;
}
interface Rec {
  flow: string;
  promptTokensEvaluated: number;
  id: string;
  index: number;
  difficulty: string;
  passed: boolean;
  samplesPassed: boolean;
  calls: number;
  promptTokens: number;
  seconds: number;
  session?: string;
}
interface Rep {
  flows: string[];
  summary: Row[];
  problems: Rec[];
}

/**
 * A report without what differs from run to run: times, session files, and the prompt tokens a
 * server evaluated (what its prompt cache held depends on which requests it saw before).
 */
const stable = (r: Rep) => ({
  flows: r.flows,
  summary: r.summary.map(({ evaluated_tokens: _e, ...rest }) => rest),
  problems: r.problems.map(({ seconds: _s, session: _f, promptTokensEvaluated: _e, ...rest }) => rest),
});

const short = (id: string): string => id.split('/').pop()!;

describe('eval: flows side by side', () => {
  it('two flows on every problem: the table, the JSON and the CSV give the same numbers', async () => {
    const home = tempHome();
    const set = fixtureSet(home, IDS);
    const server = await ollama();
    const out = join(home.root, 'both.jsonl');
    const table = await evalCli(home, [set, '--flow', 'codesim,mapcoder', '--host', server.url, '--out', out]);
    expect(table.code, table.stderr).toBe(0);
    const json = await cli(['eval', 'report', out, '--json'], home.env);
    const csv = await cli(['eval', 'report', out, '--csv'], home.env);
    const rep = JSON.parse(json.stdout) as Rep;
    expect(rep.flows).toEqual(['codesim', 'mapcoder']);
    // Every flow on every problem, in the set's order.
    expect(rep.problems.map((p) => `${p.flow}:${short(p.id)}`)).toEqual(
      IDS.flatMap((id) => [`codesim:${id}`, `mapcoder:${id}`]),
    );
    expect(rep.problems.filter((p) => p.passed).map((p) => short(p.id))).toEqual([
      'inversions',
      'inversions',
      'knapsack',
      'knapsack',
      'sum-two',
      'sum-two',
    ]);
    // brackets: "YES" passes no sample either; the others pass samples and hidden tests.
    expect(rep.problems.filter((p) => p.samplesPassed).length).toBe(6);
    // By difficulty and in total, for each flow.
    expect(rep.summary.map((r) => `${r.flow}/${r.group}`)).toEqual([
      'codesim/easy',
      'codesim/medium',
      'codesim/hard',
      'codesim/total',
      'mapcoder/easy',
      'mapcoder/medium',
      'mapcoder/hard',
      'mapcoder/total',
    ]);
    const total = rep.summary.find((r) => r.flow === 'codesim' && r.group === 'total')!;
    expect(total).toMatchObject({ problems: 4, solved: 3, pass_at_1: 0.75 });
    expect(total.calls).toBe(rep.problems.filter((p) => p.flow === 'codesim').reduce((a, p) => a + p.calls, 0));
    expect(total.prompt_tokens).toBeGreaterThan(0);
    // MapCoder spends more calls than CodeSIM on the same problems.
    expect(rep.summary.find((r) => r.flow === 'mapcoder' && r.group === 'total')!.calls).toBeGreaterThan(total.calls);

    // The summary table printed by the run itself, row by row, against the JSON.
    const rows = table.stdout.split('\n').filter((l) => /^(codesim|mapcoder) +(easy|medium|hard|total) +\d/.test(l));
    expect(rows).toHaveLength(rep.summary.length);
    for (const [i, line] of rows.entries()) {
      const [flow, group, problems, pass, solved, samples, calls, perSolved, sent, evaluated, completion] = line
        .trim()
        .split(/ +/);
      const j = rep.summary[i]!;
      expect({
        flow,
        group,
        problems: Number(problems),
        pass,
        solved: Number(solved),
        samples: Number(samples),
        calls: Number(calls),
        perSolved,
        sent: Number(sent),
        evaluated: Number(evaluated),
        completion: Number(completion),
      }).toEqual({
        flow: j.flow,
        group: j.group,
        problems: j.problems,
        pass: `${(j.pass_at_1 * 100).toFixed(1)}%`,
        solved: j.solved,
        samples: j.samples_passed,
        calls: j.calls,
        perSolved: j.calls_per_solved === null ? '-' : j.calls_per_solved.toFixed(1),
        sent: j.prompt_tokens,
        evaluated: j.evaluated_tokens,
        completion: j.completion_tokens,
      });
    }
    // Per problem: each run's line in the table.
    for (const p of rep.problems) {
      expect(table.stdout).toMatch(
        new RegExp(
          `^\\S*${short(p.id)} +${p.flow} +${p.difficulty} +${p.passed ? 'pass' : '\\S+'} +${p.samplesPassed ? 'yes' : 'no'} +${p.calls} +${p.promptTokens} `,
          'm',
        ),
      );
    }
    expect(table.stdout).toMatch(/^pass@1 75\.0% \(3\/4\) · codesim/m);
    // The CSV: a row per run, then the summary rows, with the same numbers.
    const lines = csv.stdout
      .trim()
      .split('\n')
      .map((l) => l.split(','));
    const head = lines[0]!;
    const col = (r: string[], name: string) => r[head.indexOf(name)]!;
    const csvSummary = lines.slice(1).filter((r) => col(r, 'problem') === '');
    expect(lines.length - 1 - csvSummary.length).toBe(8);
    expect(
      csvSummary.map((r) => [
        col(r, 'flow'),
        col(r, 'group'),
        Number(col(r, 'solved')),
        Number(col(r, 'calls')),
        Number(col(r, 'prompt_tokens')),
        Number(col(r, 'evaluated_tokens')),
      ]),
    ).toEqual(rep.summary.map((s) => [s.flow, s.group, s.solved, s.calls, s.prompt_tokens, s.evaluated_tokens]));
  }, 300_000);
});

describe('eval: in parallel, over several servers, in shards', () => {
  it('--jobs 2 with --base-url A,B: both servers answer, and every result is what one problem at a time gives', async () => {
    const home = tempHome();
    const set = fixtureSet(home, IDS);
    const mk = async () => {
      const seen = new Map<string, number>();
      const s = await startFakeOpenAI({
        chat: (body, i) => scriptedReply(script, seen, body as unknown as OllamaChatBody, i),
      });
      servers.push(s);
      return s;
    };
    const [a, b] = [await mk(), await mk()];
    const openai = ['--backend', 'openai', '--model', 'm'];
    const par = await evalCli(home, [
      set,
      ...openai,
      '--base-url',
      `${a.baseURL},${b.baseURL}`,
      '--jobs',
      '2',
      '--json',
    ]);
    expect(par.code, par.stderr).toBe(0);
    const aProblems = new Set(a.chatBodies().map((x) => problemOf(x as unknown as OllamaChatBody)));
    const bProblems = new Set(b.chatBodies().map((x) => problemOf(x as unknown as OllamaChatBody)));
    expect(a.chatBodies().length).toBeGreaterThan(0);
    expect(b.chatBodies().length).toBeGreaterThan(0);
    // A problem's session stays on one server (its prompt cache), two problems each.
    expect(aProblems.size + bProblems.size).toBe(4);
    // What one problem at a time gives: brackets unsolved after plan, simulate, code and one debug
    // round; the others solved in three calls.
    const rep = JSON.parse(par.stdout) as Rep;
    expect(rep.problems.map((p) => [short(p.id), p.passed, p.calls])).toEqual([
      ['brackets', false, 4],
      ['inversions', true, 3],
      ['knapsack', true, 3],
      ['sum-two', true, 3],
    ]);
  }, 300_000);

  it('two shards merged equal one run; a merge of different settings is refused in one line', async () => {
    const home = tempHome();
    const set = fixtureSet(home, IDS);
    const server = await ollama();
    const files = ['1', '2'].map((i) => join(home.root, `shard${i}.jsonl`));
    for (const [k, f] of files.entries()) {
      const r = await evalCli(home, [set, '--host', server.url, '--shard', `${k + 1}/2`, '--out', f, '--json']);
      expect(r.code, r.stderr).toBe(0);
      // Every 2nd problem: shard 1 has the 1st and 3rd, shard 2 the 2nd and 4th.
      expect((JSON.parse(r.stdout) as Rep).problems.map((p) => short(p.id))).toEqual(
        k === 0 ? ['brackets', 'knapsack'] : ['inversions', 'sum-two'],
      );
    }
    const merged = join(home.root, 'merged.jsonl');
    const m = await cli(['eval', 'merge', ...files, '--out', merged, '--json'], home.env);
    expect(m.code, m.stderr).toBe(0);
    const whole = await evalCli(home, [set, '--host', server.url, '--json']);
    expect(whole.code, whole.stderr).toBe(0);
    expect(stable(JSON.parse(m.stdout) as Rep)).toEqual(stable(JSON.parse(whole.stdout) as Rep));
    // The merged file reads back as the same report.
    const again = await cli(['eval', 'report', merged, '--json'], home.env);
    expect(stable(JSON.parse(again.stdout) as Rep)).toEqual(stable(JSON.parse(whole.stdout) as Rep));

    // A shard that ran another model (its header says so) does not mix in.
    const other = join(home.root, 'other.jsonl');
    writeFileSync(other, readFileSync(files[1]!, 'utf8').replace(/"model":"[^"]*"/, '"model":"another-model"'));
    const refused = await cli(['eval', 'merge', files[0]!, other], home.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/cannot merge .*other\.jsonl.*other settings \(model .* vs another-model\)/);
    // Nor does a shard with other budgets (the header written by a run with --plans 2).
    const header = JSON.parse(readFileSync(files[1]!, 'utf8').split('\n')[0]!) as {
      budgets: { codesim: { plans: number } };
    };
    expect(header.budgets.codesim.plans).toBe(1);
    const budgets = join(home.root, 'plans2.jsonl');
    writeFileSync(budgets, readFileSync(files[1]!, 'utf8').replace(/"plans":1/, '"plans":2'));
    const refused2 = await cli(['eval', 'merge', files[0]!, budgets], home.env);
    expect(refused2.code).toBe(1);
    expect(refused2.stderr).toMatch(/other settings \(budgets\.codesim /);
  }, 300_000);

  it('usage: a bad --shard, --jobs or flow list is one line, exit 2', async () => {
    const home = tempHome();
    const set = fixtureSet(home, ['sum-two']);
    for (const [args, msg] of [
      [['--shard', '3/2'], /--shard takes i\/n/],
      [['--jobs', '0'], /--jobs takes a whole number/],
      [['--flow', 'codesim,nope'], /nope/],
      [['--json', '--csv'], /one of --json and --csv/],
    ] as const) {
      const r = await cli(['eval', set, '--auto', ...args], home.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('eval: a killed run resumes', () => {
  it('SIGKILL mid-run, then a rerun with the same --out solves only what had not finished', async () => {
    const home = tempHome();
    const set = fixtureSet(home, IDS);
    const out = join(home.root, 'run.jsonl');
    // knapsack's code answer never comes: the run is stuck there when it is killed.
    const stuck = await ollama({
      override: (stage, body) =>
        problemOf(body) === 'knapsack' && stage === 'code' ? { withholdHeaders: true } : undefined,
    });
    const child = spawn(
      process.execPath,
      [cliPath(), 'eval', set, '--auto', ...BUDGETS, '--host', stuck.url, '--out', out],
      { env: home.env, stdio: 'ignore' },
    );
    const results = (): string[] =>
      existsSync(out)
        ? readFileSync(out, 'utf8')
            .split('\n')
            .filter((l) => l.includes('"type":"result"'))
        : [];
    // Until brackets and inversions are written and knapsack's code is asked for.
    await eventually(() => results().length === 2 && stuck.chatBodies().some((b) => problemOf(b) === 'knapsack'));
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGKILL');
    await closed;
    expect(results().map((l) => short((JSON.parse(l) as Rec).id))).toEqual(['brackets', 'inversions']);

    const fresh = await ollama();
    const again = await evalCli(home, [set, '--host', fresh.url, '--out', out, '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/2 problems already in .*; 2 to go/);
    // Only knapsack and sum-two were asked for this time.
    expect([...new Set(fresh.chatBodies().map(problemOf))].sort()).toEqual(['knapsack', 'sum-two']);
    const rep = JSON.parse(again.stdout) as Rep;
    expect(rep.problems.map((p) => short(p.id))).toEqual(IDS);
    expect(results()).toHaveLength(4);
  }, 300_000);

  it('a results file of other settings is not continued: one line, nothing run', async () => {
    const home = tempHome();
    const set = fixtureSet(home, ['sum-two']);
    const server = await ollama();
    const out = join(home.root, 'r.jsonl');
    expect((await evalCli(home, [set, '--host', server.url, '--out', out])).code).toBe(0);
    const before = server.chatBodies().length;
    const r = await evalCli(home, [set, '--host', server.url, '--out', out, '--flow', 'mapcoder']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/holds an eval with other settings \(flows codesim vs mapcoder\)/);
    expect(server.chatBodies().length).toBe(before);
  });
});
