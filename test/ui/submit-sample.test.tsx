// `d` after a failed Submit: the key reducer, the end pane and its confirmation, and the whole
// app in process (real engine, judge and Ollama backend against the fake server) sending the
// failing hidden test to the debugger and ending on Accepted.
import { readFileSync } from 'node:fs';
import { render } from 'ink-testing-library';
import { beforeAll, describe, expect, it } from 'vitest';
import { solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { endedHints, endedKeys } from '../../src/components/solveHints.js';
import { Ended, SampleConfirm, endedRows } from '../../src/screens/solve/Ended.js';
import { rowText } from '../../src/components/rows.js';
import { setColor } from '../../src/components/theme.js';
import { emptyView, reduce } from '../../src/app/sessionView.js';
import { submitFailure } from '../../src/components/submitFailure.js';
import type { TestResult } from '../../src/runners/build/types.js';
import { SIM_FINE } from '../fakes/answers.js';
import { stageOf } from '../flows/harness.js';
import { KEYS, appSuite, settled } from './helpers.js';
import { Timeline } from '../../src/session/timeline.js';
import { ReplayScreen } from '../../src/screens/replay.js';

const ended: SolveKeyView = {
  streaming: false,
  ended: true,
  backendError: false,
  canAnother: true,
  canDebugWith: true,
  earlier: 3,
  backPick: 0,
  offset: 0,
  rows: 0,
  body: 10,
  sinceCancel: Number.POSITIVE_INFINITY,
};
const k = (input: string, flags: Record<string, boolean> = {}) => ({ input, ...flags });

const failing: TestResult = {
  name: '07-big',
  verdict: 'WA',
  timeMs: 12,
  memoryKb: 9000,
  input: '1000000000 1000000000\n',
  expected: '2000000000\n',
  actual: '0\n',
  stderr: '',
  exitCode: 0,
  signal: null,
  detail: 'token 1: expected 2000000000, got 0',
};

describe('the keys', () => {
  it('d on an ended session whose Submit failed shows the test first; enter or d sends it, esc keeps the verdict', () => {
    expect(solveKey('main', ended, k('d'))).toEqual({ kind: 'mode', mode: 'sample' });
    expect(solveKey('sample', ended, k('', { return: true }))).toEqual({ kind: 'debug-with' });
    expect(solveKey('sample', ended, k('d'))).toEqual({ kind: 'debug-with' });
    expect(solveKey('sample', ended, k('', { escape: true }))).toEqual({ kind: 'mode', mode: 'main' });
    expect(solveKey('sample', ended, k('q'))).toEqual({ kind: 'mode', mode: 'main' });
    expect(solveKey('sample', ended, k('a'))).toEqual({ kind: 'none' });
    // A burst "d⏎" is the key and its confirmation; nothing after the sending is read as a key.
    expect(solveKeys('main', ended, [k('d'), k('', { return: true }), k('q')])).toEqual([
      { kind: 'mode', mode: 'sample' },
      { kind: 'debug-with' },
    ]);
  });

  it('d is not offered where it cannot work: no failed Submit, a flow that cannot take it, or a session still running', () => {
    expect(solveKey('main', { ...ended, canDebugWith: false }, k('d'))).toEqual({ kind: 'none' });
    expect(
      solveKey('main', { ...ended, ended: false, proposal: { pane: 'code', cancelled: false, failed: false } }, k('d')),
    ).toEqual({ kind: 'none' });
    expect(endedHints({ canAnother: true, backendFailed: false, canDebugWith: true })[0]).toEqual({
      key: 'd',
      label: 'debug with this test',
    });
    expect(endedHints({ canAnother: true, backendFailed: false }).map((h) => h.key)).not.toContain('d');
    expect(endedKeys({ canAnother: true, backendFailed: false, canDebugWith: true }).map((x) => x.key)).toContain('d');
    expect(endedKeys({ canAnother: true, backendFailed: false }).map((x) => x.key)).not.toContain('d');
  });
});

describe('the failing test in the view', () => {
  const run = (verdict: 'WA' | 'AC') => ({
    type: 'run' as const,
    branch: 0,
    step: 4,
    program: { lang: 'python' as const, source: 'x' },
    result: {
      verdict,
      passed: 10,
      total: 11,
      tests: [
        { ...failing, verdict: 'AC' as const, name: '01' },
        { ...failing, verdict },
      ],
    },
    served: false,
  });
  const end = (verdict: 'WA' | 'AC', hidden = 9) => ({
    type: 'end' as const,
    branch: 0,
    outcome: { status: 'solved' as const, submit: { verdict, passed: 10, total: 11, hidden } },
    calls: 3,
    repairs: 0,
    promptTokens: 1,
    completionTokens: 1,
  });
  const after = (...events: Parameters<typeof reduce>[1][]) =>
    events.reduce(reduce, {
      ...emptyView(),
      live: {
        branch: 0,
        step: 4,
        agent: 'run',
        title: 'Submit',
        pane: 'tests',
        text: '',
        streaming: false,
        attempt: 0,
      },
    });

  it("is the Submit run's first failure, only once the session ended on it", () => {
    expect(submitFailure(after(run('WA'), end('WA')))).toMatchObject({ name: '07-big', verdict: 'WA' });
    expect(submitFailure(after(run('WA')))).toBeUndefined();
    expect(submitFailure(after(run('AC'), end('AC')))).toBeUndefined();
    expect(submitFailure(after(run('WA'), end('WA', 0)))).toBeUndefined();
  });
});

describe('the end pane', () => {
  beforeAll(() => setColor(false));

  it('says what d does, naming the test and its verdict; nothing about it when not offered', () => {
    const r = render(<Ended file="/tmp/s.jsonl" backendFailed={false} width={80} offered={failing} />);
    expect(r.lastFrame()).toContain('d sends 07-big (WA) to the debugger as a new sample');
    expect(r.lastFrame()).toContain('replay it: simcoach replay /tmp/s.jsonl');
    expect(endedRows('/tmp/s.jsonl', false, 80).map(rowText).join('\n')).not.toContain('d sends');
    // Wrapped, never cut, at a narrow width.
    expect(endedRows(undefined, false, 30, failing).map(rowText).join(' ')).toContain('new sample;');
  });

  it('the confirmation shows the input, the expected output and what the program printed', () => {
    const r = render(<SampleConfirm test={failing} width={80} height={16} />);
    const f = r.lastFrame()!;
    expect(f).toContain('Send 07-big to the debugger as a new sample?');
    expect(f).toContain('1000000000 1000000000');
    expect(f).toMatch(/expected\s+│ got/);
    expect(f).toMatch(/2000000000\s+│ 0/);
  });

  it('a time limit exceeded says so where the output would be', () => {
    const r = render(
      <SampleConfirm
        test={{ ...failing, verdict: 'TLE', actual: '', detail: undefined as unknown as string }}
        width={60}
        height={16}
      />,
    );
    expect(r.lastFrame()).toContain('(time limit exceeded)');
    expect(r.lastFrame()).toContain('expected:');
  });
});

const BIGWRONG = 'a, b = map(int, input().split())\nprint(a + b if abs(a) < 10**9 else 0)';
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const PLAN = `## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const DEBUG = `## Simulation\nOn the large test the guard prints 0.\n\n## Verdict\ncode\n\n## Fix\nDrop the guard.\n\n## Code\n${fence(RIGHT)}`;

describe('the whole app in process', () => {
  const ui = appSuite();

  it('codesim: samples pass, a hidden test fails, d shows it, enter sends it, the debugger fixes it, Accepted', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(BIGWRONG), debug: DEBUG });
    const app = await ui.start(server, ui.sumTwo);
    for (const step of ['1 Plan', '2 Simulation', '3 Code']) {
      await app.until(new RegExp(`${step}\\s+your decision`));
      await app.press('a');
    }
    await app.until('hidden tests do not');
    const offer = await app.until(/d sends 0\d-case\d \(WA\) to the debugger/);
    expect(offer).toMatch(/d debug with this test/);
    const name = /d sends (0\d-case\d)/.exec(offer)![1]!;
    await app.press('d');
    const confirm = await app.until(`Send ${name} to the debugger as a new sample?`);
    expect(confirm).toContain('input:');
    expect(confirm).toMatch(/expected\s+│ got/);
    expect(confirm).toMatch(/enter add it and debug/);
    await app.press(KEYS.enter);
    // The branch re-runs the samples with the hidden test among them, then the debugger's gate.
    await app.until(new RegExp(`${name} is a sample now: from step 4 again`));
    await app.until(/5 Debug\s+your decision/);
    expect(app.all()).toMatch(/▶ 4 Samples\s+WA\s+2\/3 passed/);
    await app.press('a');
    const end = await app.until('★ Accepted');
    expect(end).toContain('Accepted — 11/11 tests (9 hidden)');
    expect(stageOf(server.chatBodies().at(-1)!)).toBe('debug');
    expect(server.chatBodies().map(stageOf)).toEqual(['plan', 'simulate', 'code', 'debug']);
    // The journal: the branch line carries the test; the first branch's end stays.
    const file = /replay it: simcoach replay (\S+\.jsonl)/.exec(end)![1]!;
    const j = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });
    expect(j.find((e) => e.type === 'branch')).toMatchObject({ branch: 1, from: 0, atStep: 3, sample: { name } });
    expect(
      j.filter((e) => e.type === 'end').map((e) => (e.outcome as { submit?: { verdict: string } }).submit?.verdict),
    ).toEqual(['WA', 'AC']);
    // No second offer once accepted.
    expect(end).not.toContain('debug with this test');
    await app.press('q');
    expect(await app.exit).toBe(0);

    // The replay viewer's branch list says which branch added which test, and how many samples it has.
    const tl = await Timeline.open(file);
    const viewer = render(<ReplayScreen timeline={tl} speed={1} />);
    viewer.stdin.write('b');
    await settled(viewer);
    expect(viewer.lastFrame()).toContain(
      `branch 1: ${tl.branch(1).steps.length} steps, ${name} added as a sample, from branch 0 at step 4 (last) · 3 samples`,
    );
    expect(viewer.lastFrame()).toMatch(/branch 0: 5 steps\s+│/);
    viewer.unmount();
  });

  it('selfcollab (its tester reads, runs nothing): the key is not offered', async () => {
    const server = await ui.model({
      analyst: '## Subproblems\n- read\n\n## Steps\n1. Read a and b.\n2. Print a + b.',
      coder: fence(BIGWRONG),
      tester: '## Functionality\nFine.\n\n## Edge cases\nNone\n\n## Bugs\nNone\n\nCode Test Passed',
    });
    const app = await ui.start(server, ui.sumTwo, { flow: 'selfcollab' });
    for (let i = 0; i < 3; i++) {
      await app.until('your decision');
      await app.press('a');
    }
    const end = await app.until('hidden tests do not');
    expect(end).not.toContain('debug with this test');
    expect(end).not.toContain('d sends');
    await app.press('d');
    expect(app.frame()).not.toContain('as a new sample?');
    await app.press('q');
  });
});
