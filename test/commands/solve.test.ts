// `simcoach solve --auto` as a person runs it: the built CLI spawned against the fake Ollama
// server (real HTTP), the real judge, per-user dirs in a temp dir.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAutoGate, resumeSession } from '../../src/engine/index.js';
import { flowFor } from '../../src/flows/index.js';
import { createBackend, type ChatMessage } from '../../src/llm/index.js';
import { estimateTokens } from '../../src/llm/estimate.js';
import { loadSettings } from '../../src/settings/load.js';
import { readJournal } from '../../src/session/reader.js';
import type { FakeServer, OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { tempHome, type Home } from '../session/cli.js';
import { cli, cliPath } from '../engine/cli.js';
import { fence, fixtureTitles, startScriptedModel } from '../engine/scripted-model.js';
import { CODESIM_TOKENS } from '../../src/agents/shared/caps.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SUM = join(ROOT, 'fixtures/problems/sum-two.md');
const titles = fixtureTitles(['sum-two']);
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
/** Passes both samples, fails the hidden tests with large numbers. */
const SAMPLES_ONLY = 'a, b = map(int, input().split())\nprint(a + b if abs(a) < 100 else 0)\n';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const solve = (home: Home, args: string[]) =>
  cli(['solve', ...args, '--host', server!.url], home.env, { timeoutMs: 40_000 });
const sessionFiles = (home: Home): string[] => readdirSync(home.sessions).map((f) => join(home.sessions, f));

describe('solve --auto', () => {
  it('codesim: a line per step on stderr, the program on stdout, the session path; exit 0 when hidden tests pass', async () => {
    const home = tempHome();
    server = await startScriptedModel({ titles });
    const r = await solve(home, [SUM, '--auto']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(ROOT, 'fixtures/problems/_solutions/sum-two.py'), 'utf8'));
    expect(r.stderr).toMatch(/step  1 +plan .*tok .*s +approved/);
    expect(r.stderr).toMatch(/step  4 +run .*AC 2\/2/);
    expect(r.stderr).toMatch(/accepted \(2\/2 samples\) · all tests AC 11\/11/);
    const [file] = sessionFiles(home);
    expect(r.stderr).toContain(`session: ${file}`);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const j = readJournal(file!);
    expect(j.header).toMatchObject({ flow: 'codesim', lang: 'python' });
    expect(j.events.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 11, total: 11, hidden: 9 } },
      calls: 3,
    });
    // The hidden tests were judged at the end as a Submit step; the end says accepted.
    expect(j.events.find((e) => e.type === 'step-start' && e.title === 'Submit')).toBeDefined();
  });

  it('mapcoder with -o FILE: the code goes to the file', async () => {
    const home = tempHome();
    server = await startScriptedModel({ titles });
    const out = join(home.root, 'sol.py');
    const r = await solve(home, [SUM, '--auto', '--flow', 'mapcoder', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toContain('print(a + b)');
    expect(server.chatBodies().map(stageOf)).toEqual([
      'retrieve',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'exemplar-plan',
      'confidence',
      'mapcoder-code',
    ]);
  });

  it('exit 1 when the final program passes the samples but not the hidden tests', async () => {
    const home = tempHome();
    server = await startScriptedModel({ titles, code: () => SAMPLES_ONLY });
    const r = await solve(home, [SUM, '--auto']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(SAMPLES_ONLY);
    expect(r.stderr).toMatch(/rejected \(2\/2 samples\) · all tests WA/);
  });

  it('--max-calls: ends unsolved on the budget with the best candidate; exit 1', async () => {
    const home = tempHome();
    server = await startScriptedModel({ titles, code: () => 'print(3)\n' });
    const r = await solve(home, [SUM, '--auto', '--max-calls', '4']);
    expect(r.code).toBe(1);
    expect(server.chatBodies()).toHaveLength(4);
    expect(r.stderr).toMatch(/unsolved \(1\/2 samples\).* — budget/);
    expect(r.stdout).toBe('print(3)\n');
  });

  it('an endless answer is cut at its stage cap: the journal stays bounded and the repair request does not send it back whole', async () => {
    const home = tempHome();
    // The code answer and its repair never end (a server that ignores num_predict).
    const repairing = (b: OllamaChatBody): boolean =>
      /^Your answer could not be read/.test(b.messages.at(-1)?.content ?? '');
    server = await startScriptedModel({
      titles,
      override: (stage, body) =>
        stage === 'code' || repairing(body) ? { chunks: ['again ', 'and again '], endless: true } : undefined,
    });
    const r = await solve(home, [SUM, '--auto']);
    // What the flow makes of the cut answers is the flow's business; the session must end in order.
    expect(r.stderr).not.toMatch(/internal error/);
    const bodies = server.chatBodies();
    const code = bodies.filter((b) => stageOf(b) === 'code');
    // CodeSIM's own cap (the authors' 4096), never more than its prompt leaves of the 8192-token context.
    const cap = Math.min(CODESIM_TOKENS, 8192 - estimateTokens(code[0]!.messages as ChatMessage[]));
    expect(code[0]?.options?.num_predict).toBe(cap);
    // The repair request carries the cut answer's start and says how much was left out.
    const repair = bodies[bodies.indexOf(code[0]!) + 1]!;
    expect(repair.messages.at(-1)?.content).toMatch(/^Your answer could not be read/);
    const echoed = repair.messages.at(-2)!;
    expect(echoed.role).toBe('assistant');
    expect(echoed.content).toMatch(
      new RegExp(`^again and again[\\s\\S]*\\n… \\(${cap * 8 - 8000} more characters of this answer left out\\)$`),
    );
    expect(echoed.content.length).toBeLessThan(8100);
    const [file] = sessionFiles(home);
    const size = statSync(file!).size;
    console.log(`journal of a session with two endless answers: ${(size / 1024).toFixed(0)} KiB`);
    expect(size).toBeLessThan(1 << 20);
    const journal = readJournal(file!);
    expect(journal.events.at(-1)?.type).toBe('end');
    const responses = journal.events.filter((e) => e.type === 'llm-response');
    const lengths = responses.map((e) => (e.type === 'llm-response' ? e.text.length : 0));
    expect(lengths[2]).toBe(cap * 8);
    // The repair's prompt is longer (it carries the cut answer): its cap is figured from its own prompt.
    const repairCap = Math.min(CODESIM_TOKENS, 8192 - estimateTokens(repair.messages as ChatMessage[]));
    expect(repair.options?.num_predict).toBe(repairCap);
    expect(lengths[3]).toBe(repairCap * 8);
  });

  it('a server that streams lines that are not its JSON: exit 3 naming the line, and the session resumes', async () => {
    const home = tempHome();
    server = await startScriptedModel({
      titles,
      override: (stage) =>
        stage === 'plan' ? { text: '## Plan\n1. add', garbage: ['<html>\u001b[2JBad Gateway</html>\n'] } : undefined,
    });
    const r = await solve(home, [SUM, '--auto']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      `${server.url} streamed a line that is not Ollama's JSON lines: "<html>\\u001b[2JBad Gateway</html>"`,
    );
    expect(r.stderr).not.toContain('\u001b');
    const [file] = sessionFiles(home);
    expect(readJournal(file!).events.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'failed', code: 'http' },
    });
    await server.close();
    server = await startScriptedModel({ titles });
    const again = await cli(['resume', 'last', '--auto', '--host', server.url], home.env, { timeoutMs: 40_000 });
    expect(again.code).toBe(0);
    expect(readJournal(file!).events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'solved' } });
  });

  it('exit 3 with the guidance when no server answers, and no session file is left behind', async () => {
    const home = tempHome();
    const r = await cli(['solve', SUM, '--auto', '--host', 'http://127.0.0.1:9'], home.env);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/ollama serve/);
    expect(r.stderr).toContain('session: none saved (it failed before its first step)');
    expect(existsSync(home.sessions) ? readdirSync(home.sessions) : []).toEqual([]);
  });

  it('a model the server does not have: exit 3, no session file', async () => {
    const home = tempHome();
    server = await startScriptedModel({
      titles,
      override: () => ({ status: 404, error: "model 'fake-coder:7b' not found, try pulling it first" }),
    });
    const r = await solve(home, [SUM, '--auto']);
    expect(r.code).toBe(3);
    expect(existsSync(home.sessions) ? readdirSync(home.sessions) : []).toEqual([]);
  });

  it('exit 2 for usage errors', async () => {
    const home = tempHome();
    for (const args of [
      [],
      [SUM, '--auto', '--max-calls', 'x'],
      [SUM, '--auto', '--plans', '0'],
      [SUM, '--auto', '--flow', 'nope'],
      [SUM, '--bogus'],
    ]) {
      const r = await cli(['solve', ...args], home.env);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    }
  });

  it('without --auto and without a terminal: a usage error naming --auto', async () => {
    const r = await cli(['solve', SUM], tempHome().env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--auto/);
  });
});

describe('interrupted', () => {
  it('Ctrl-C while the model streams: exit 130, the session ends stopped and stays valid', async () => {
    const home = tempHome();
    server = await startScriptedModel({
      titles,
      override: (stage) =>
        stage === 'plan' ? { text: `## Plan\n${'step '.repeat(300)}`, chunkDelayMs: 30 } : undefined,
    });
    const child = spawn(process.execPath, [cliPath(), 'solve', SUM, '--auto', '--host', server.url], {
      env: home.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const file = await waitFor(() => {
      const f = existsSync(home.sessions) ? sessionFiles(home)[0] : undefined;
      return f && streaming(f, 0) ? f : undefined;
    });
    child.kill('SIGINT');
    const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
    expect(code).toBe(130);
    expect(stdout).toBe('');
    const j = readJournal(file);
    expect(j.warnings).toEqual([]);
    expect(j.events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'stopped', reason: 'cancelled' } });
  });
});

/** A `solve --auto` whose code answer streams slowly, SIGKILLed while it streams: its journal and its model. */
async function killedWhileCoding(home: Home): Promise<{ file: string; model: FakeServer }> {
  const model = await startScriptedModel({
    titles,
    override: (stage) =>
      stage === 'code' ? { text: `Here.\n${fence(RIGHT)}${' more'.repeat(200)}`, chunkDelayMs: 40 } : undefined,
  });
  server = model;
  const child = spawn(process.execPath, [cliPath(), 'solve', SUM, '--auto', '--host', model.url], {
    env: home.env,
    stdio: 'ignore',
  });
  const file = await waitFor(() => {
    const f = existsSync(home.sessions) ? sessionFiles(home)[0] : undefined;
    return f && streaming(f, 2) ? f : undefined;
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.on('close', r));
  return { file, model };
}

describe('resume after the process was killed mid-stream', () => {
  it("resume --auto takes solve --auto's output flags and gives the backend guidance", async () => {
    const home = tempHome();
    const { file, model } = await killedWhileCoding(home);
    const before = readJournal(file);
    expect(before.events.some((e) => e.type === 'end')).toBe(false);
    await model.close();

    // resume --auto as solve --auto: the backend's guidance when no server answers (exit 3)…
    const down = await cli(['resume', file, '--auto', '--host', 'http://127.0.0.1:9'], home.env);
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/ollama serve/);
    expect(down.stderr).toContain(`session: ${file}`);

    server = await startScriptedModel({ titles });
    // … and its output flags: -o writes the program to the file; the caps are taken (and only with --auto).
    const notAuto = await cli(['resume', file, '--max-calls', '9', '--host', server.url], home.env);
    expect(notAuto.code).toBe(2);
    expect(notAuto.stderr).toMatch(/go with --auto/);
    const out = join(home.root, 'out.py');
    const r = await cli(
      ['resume', file, '--auto', '-o', out, '--max-calls', '50', '--max-tokens', '1000000', '--host', server.url],
      home.env,
      { timeoutMs: 40_000 },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(RIGHT);
    expect(server.chatBodies().map(stageOf)).toEqual(['code']);
    expect(
      readJournal(file)
        .events.filter((e) => e.type === 'end')
        .map((e) => e.type === 'end' && e.outcome.status),
    ).toEqual(['failed', 'solved']);
  });
});

describe('resume --auto --max-calls', () => {
  it('caps the whole session: the calls served from the journal count, so a cap they already reach asks the model nothing', async () => {
    const home = tempHome();
    const { file, model } = await killedWhileCoding(home);
    await model.close();
    server = await startScriptedModel({ titles });
    // plan and simulate were two calls; the code step would be the third.
    const r = await cli(['resume', file, '--auto', '--max-calls', '2', '--host', server.url], home.env, {
      timeoutMs: 40_000,
    });
    expect(r.code, r.stderr).toBe(1);
    expect(server.chatBodies()).toEqual([]);
    expect(readJournal(file).events.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'unsolved', reason: 'budget' },
    });
  });
});

describe('the engine resumes a killed session', () => {
  it('serves the complete steps and runs the cut step again, live, in the same file (in-process)', async () => {
    const home = tempHome();
    const { file, model } = await killedWhileCoding(home);
    await model.close();

    server = await startScriptedModel({ titles });
    const s = { ...loadSettings(), ollamaHost: server.url };
    const result = await withEnv(home.env, async () =>
      resumeSession(file, {
        backend: await createBackend(s),
        gate: createAutoGate(),
        settings: s,
        flow: flowFor('codesim', s),
        judgeHidden: true,
      }),
    );
    expect(result.status).toBe('solved');
    expect(result.final?.verdict).toBe('AC');
    // plan and simulate were served from the file; only the cut code step asked the model.
    expect(server.chatBodies().map(stageOf)).toEqual(['code']);
    const after = readJournal(file);
    expect(after.events.filter((e) => e.type === 'end')).toHaveLength(1);
    expect(after.events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'solved' }, calls: 3 });
  });
});

/** Whether the journal shows the model streaming the answer of `step`. */
function streaming(file: string, step: number): boolean {
  return readFileSync(file, 'utf8')
    .split('\n')
    .some((line) => {
      try {
        const e = JSON.parse(line) as { type?: string; step?: number };
        return e.type === 'llm-chunk' && e.step === step;
      } catch {
        return false;
      }
    });
}

async function waitFor<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function withEnv<T>(env: NodeJS.ProcessEnv, f: () => Promise<T>): Promise<T> {
  const keys = ['XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME'] as const;
  const saved = keys.map((k) => process.env[k]);
  for (const k of keys) process.env[k] = env[k];
  try {
    return await f();
  } finally {
    keys.forEach((k, i) => (saved[i] === undefined ? delete process.env[k] : (process.env[k] = saved[i])));
  }
}
