// `simcoach check` as a person runs it: the built CLI against the fake Ollama server (real HTTP),
// the real judge on the person's program, per-user dirs in a temp dir; and the session it leaves
// replayed, resumed and exported like any flow's.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/session/reader.js';
import type { FakeServer } from '../fakes/ollama.js';
import { checkStage, FIXED, RANGE_SUMS, startCheckModel, WRONG_BY_ONE } from '../fakes/checkModel.js';
import { tempHome, type Home } from '../session/cli.js';
import { cli } from '../engine/cli.js';
import { closedPort } from '../helpers/net.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const checkWith = (home: Home, args: string[], host: string) =>
  cli(['check', ...args, '--host', host], home.env, { timeoutMs: 60_000 });
const check = (home: Home, args: string[]) => checkWith(home, args, server!.url);
const sessionFiles = (home: Home): string[] => readdirSync(home.sessions).map((f) => join(home.sessions, f));

describe('simcoach check', () => {
  it('a wrong-by-one program: judged, explained at line 8 with no fix, exit 1', async () => {
    const home = tempHome();
    server = await startCheckModel();
    const r = await check(home, [WRONG_BY_ONE, '--problem', RANGE_SUMS]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('sample-1 fails (WA)');
    expect(r.stdout).toContain('goes wrong at  line 8: print(prefix[r] - prefix[l])');
    expect(r.stdout).toContain('the idea is right, the implementation is wrong');
    expect(r.stdout).toContain('prefix[r] - prefix[l - 1]');
    expect(r.stderr).toMatch(/step  1 +program .* edited/);
    expect(r.stderr).toMatch(/step  2 +run .*WA 0\/2/);
    expect(r.stderr).toMatch(/step  3 +explain .* approved/);
    // Explained, not fixed: one model call, and what it read was the numbered program and the failing sample.
    const bodies = server.chatBodies();
    expect(bodies.map(checkStage)).toEqual(['explain']);
    const task = bodies[0]!.messages[2]!.content;
    expect(task).toContain('6 | for _ in range(q):');
    // …with the verdict and the card `watch` prints beside it.
    expect(task).toMatch(/Their last submission: WA on sample-1, 0\/2 tests passed/);
    expect(task).toMatch(/Its first failure:\n```\nsample-1 fails \(WA\)/);
    expect(task).toContain('8 |     print(prefix[r] - prefix[l])');
    expect(task).toMatch(/sample-1: WA[\s\S]*Expected output:\n15\n5\n4/);
    const [file] = sessionFiles(home);
    const j = readJournal(file!);
    expect(j.header).toMatchObject({ flow: 'check', lang: 'python' });
    expect(j.events.find((e) => e.type === 'decision' && e.step === 0)).toMatchObject({
      decision: { kind: 'edit' },
      by: 'person',
    });
    expect(j.events.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'unsolved', reason: 'sample-1: WA, explained at line 8' },
    });
  });

  it('--fix: the fix comes only when asked, is judged on every test, and goes to -o; exit 0', async () => {
    const home = tempHome();
    server = await startCheckModel();
    const out = join(home.root, 'fixed.py');
    const r = await check(home, [WRONG_BY_ONE, '--problem', RANGE_SUMS, '--fix', '-o', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(FIXED);
    expect(server.chatBodies().map(checkStage)).toEqual(['explain', 'fix']);
    expect(r.stderr).toMatch(/step  3 +explain .* edited/);
    expect(r.stderr).toMatch(/run .*AC 2\/2/);
    expect(r.stderr).toMatch(/run .*AC 6\/6/);
  });

  it('an accepted program: samples then hidden tests, and the complexity reviewed against the limits', async () => {
    const home = tempHome();
    server = await startCheckModel();
    const r = await check(home, ['fixtures/problems/_solutions/range-sums.py', '--problem', RANGE_SUMS]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('accepted on every test · fits the limits');
    expect(r.stdout).toContain('O(n + q) time');
    expect(server.chatBodies().map(checkStage)).toEqual(['review']);
    expect(server.chatBodies()[0]!.messages[2]!.content).toMatch(/6 tests passed; slowest \d+ ms/);
  });

  it("no model server: the judge's verdict is the answer (accepted exit 0, failing exit 1), the missing review or explanation one line, resumable by id", async () => {
    const home = tempHome();
    const down = `http://127.0.0.1:${await closedPort()}`;
    const ok = await checkWith(home, ['fixtures/problems/_solutions/range-sums.py', '--problem', RANGE_SUMS], down);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(
      /^accepted on every test \(8\/8\) · no complexity review: no Ollama answered at .*connection refused/m,
    );
    const id = /simcoach resume (\S+)` once the server answers/.exec(ok.stderr)?.[1];
    expect(sessionFiles(home).map((f) => f.endsWith(`${id}.jsonl`))).toContain(true);
    const bad = await checkWith(home, [WRONG_BY_ONE, '--problem', RANGE_SUMS], down);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('sample-1 fails (WA)');
    expect(bad.stdout).toMatch(/^no explanation: no Ollama answered/m);
    expect(bad.stderr).toMatch(/not accepted \(0\/2 tests\)/);
    expect(`${ok.stderr}${bad.stderr}`).not.toMatch(/\n\s+at |^failed/m);
  });

  it('no model server, every test passed: saved and listed as accepted with the model off, and the review waits for a resume', async () => {
    const home = tempHome();
    const down = `http://127.0.0.1:${await closedPort()}`;
    const ok = await checkWith(home, ['fixtures/problems/_solutions/range-sums.py', '--problem', RANGE_SUMS], down);
    expect(ok.code).toBe(0);
    const [file] = sessionFiles(home);
    const end = readJournal(file!).events.at(-1);
    expect(end).toMatchObject({
      type: 'end',
      outcome: {
        status: 'solved',
        code: 'server-down',
        reason: expect.stringMatching(/no Ollama answered/),
        samples: { passed: 8, total: 8 },
        submit: { verdict: 'AC', passed: 8, total: 8, hidden: 6 },
      },
    });
    const listed = await cli(['sessions'], home.env);
    expect(listed.stdout).toMatch(/range-sums\s+check\s+python\s.*accepted/);
    expect(listed.stdout).not.toMatch(/failed/);
    const id = /simcoach resume (\S+)` once the server answers/.exec(ok.stderr)![1]!;
    // Once the model answers, the resume asks the review that waited, and the session ends accepted again.
    server = await startCheckModel();
    const resumed = await cli(['resume', id, '--auto', '--host', server.url], home.env, { timeoutMs: 60_000 });
    expect(resumed.code).toBe(0);
    expect(server.chatBodies().map(checkStage)).toEqual(['review']);
    expect(readJournal(file!).events.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 8, total: 8 } },
    });
    expect((readJournal(file!).events.at(-1) as { outcome: { code?: string } }).outcome.code).toBeUndefined();
  });

  it('bad input: one line each, never a stack', async () => {
    const home = tempHome();
    server = await startCheckModel();
    const none = await check(home, [WRONG_BY_ONE]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--problem PROBLEM is required/);
    const missing = await check(home, [join(home.root, 'nope.py'), '--problem', RANGE_SUMS]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/nope\.py: cannot read the solution/);
    const piped = await check(home, ['--problem', RANGE_SUMS]);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/give the SOLUTION file, or run it on a terminal/);
    expect(`${none.stderr}${missing.stderr}${piped.stderr}`).not.toMatch(/\n\s+at /);
  });
});

describe("check sessions replay, resume and export like the flows'", () => {
  it('replay --check re-drives it from the journal alone; export names the line; replay text shows the explanation', async () => {
    const home = tempHome();
    server = await startCheckModel();
    await check(home, [WRONG_BY_ONE, '--problem', RANGE_SUMS]);
    const [file] = sessionFiles(home);
    const replay = await cli(['replay', file!, '--check'], home.env);
    expect(replay.stdout).toContain("re-driven by this simcoach's check from the journal alone: unsolved, as recorded");
    expect(replay.code).toBe(0);
    const text = await cli(['replay', file!], home.env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('print(prefix[r] - prefix[l])');
    const md = await cli(['export', file!, '--format', 'md'], home.env);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('## Wrong line');
    expect(md.stdout).toMatch(/8: print\(prefix\[r\] - prefix\[l\]\)/);
  });

  it('resume: a check whose fix the server failed goes on from its journal (program, run and explanation served)', async () => {
    const home = tempHome();
    server = await startCheckModel((stage) =>
      stage === 'fix' ? { status: 500, error: 'the model crashed' } : undefined,
    );
    const first = await check(home, [WRONG_BY_ONE, '--problem', RANGE_SUMS, '--fix']);
    expect(first.code).toBe(3);
    await server.close();
    server = await startCheckModel();
    const [file] = sessionFiles(home);
    const id = readJournal(file!).header.id;
    const r = await cli(['resume', id, '--auto', '--host', server.url], home.env, { timeoutMs: 60_000 });
    expect(r.stderr).toMatch(/program \(saved\)/);
    expect(r.stderr).toMatch(/explain \(saved\)/);
    expect(server.chatBodies().map(checkStage)).toEqual(['fix']);
    expect(r.stdout).toBe(FIXED);
    expect(r.code).toBe(0);
    const j = readJournal(file!);
    expect(j.events.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'solved' } });
  });
});
