import { readFileSync, writeFileSync } from 'node:fs';
import { loadSettings } from '../../src/settings/load.js';
import { createAutoGate, resumeSession } from '../../src/engine/index.js';
import { OllamaBackend } from '../../src/llm/ollama.js';
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../src/engine/types.js';
import { alphacodium, type AlphacodiumOptions } from '../../src/flows/alphacodium.js';
import { alphacodiumBound, alphacodiumDefaults } from '../../src/flows/alphacodium.meta.js';
import { flowFor } from '../../src/flows/index.js';
import { fixture } from '../agents/problems.js';
import { callsOf, engineSettings, fence, HALF, personGate, replayFlow, RIGHT, runFlow, WRONG } from './harness.js';
import { flowSuite } from './suite.js';
import {
  AI_TESTS,
  analyzeAndFix,
  ANALYSIS,
  CHOOSE,
  PLUS_ONE,
  REFLECT,
  SOLUTIONS,
  test,
  WRONG_AI,
} from './alphacodium-answers.js';

const HAPPY = {
  reflection: REFLECT,
  solutions: SOLUTIONS,
  choose: CHOOSE,
  'ai-tests': AI_TESTS,
  validate: AI_TESTS,
  solve: fence(RIGHT),
};
const BEFORE_CODE = ['reflection', 'solutions', 'choose', 'ai-tests', 'validate'];

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
/** With the paper's double validation (--validate); the published code's defaults are `alphacodiumDefaults`. */
const defaults: AlphacodiumOptions = { ...alphacodiumDefaults, validate: true };

/** The journal's lines of one type. */
function journal(file: string, type: string): Record<string, unknown>[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.type === type);
}
const notes = (file: string): string[] => journal(file, 'note').map((e) => String(e.text));

describe('alphacodium with the auto gate', () => {
  it('happy path: reflect, solutions, choose, AI tests, validate, code — the best bound — and the samples pass', async () => {
    const server = await serve(HAPPY);
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve']);
    expect(callsOf(server)).toHaveLength(alphacodiumBound(defaults).best);
    expect(outcome.calls).toBe(6);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    // The public tests once, then the six AI tests in one run: every test passing became an anchor.
    expect(trace.runs.map((r) => r.result.tests.map((t) => t.name))).toEqual([
      ['public 1', 'public 2'],
      ['AI 1', 'AI 2', 'AI 3', 'AI 4', 'AI 5', 'AI 6'],
    ]);
    expect(notes(trace.file).filter((n) => n.startsWith('⚓'))).toHaveLength(8);
    const bodies = server.chatBodies();
    // The chosen solution goes to the coder; the reflection to every later stage.
    expect(bodies[5]!.messages[2]!.content).toContain('Direct sum\nRead a and b, print a + b.');
    for (const b of bodies.slice(1)) expect(b.messages[2]!.content).toContain('the sum needs big or 64-bit integers');
    // The validation sees the tests the first call wrote.
    expect(bodies[4]!.messages[2]!.content).toContain('1000000000000000000 1000000000000000000');
    // YAML answers, no JSON schema.
    expect(bodies.every((b) => b.format === undefined)).toBe(true);
    expect(trace.progress[0]).toEqual({ label: 'try', value: 1, max: 9 });
  });

  it('--no-validate (the published code): five calls', async () => {
    const o = { ...defaults, validate: false };
    const server = await serve(HAPPY);
    const { outcome } = await runFlow(alphacodium, sumTwo, o, server);
    expect(callsOf(server)).toEqual(['reflection', 'solutions', 'choose', 'ai-tests', 'solve']);
    expect(callsOf(server)).toHaveLength(alphacodiumBound(o).best);
    expect(outcome.status).toBe('solved');
  });

  it("as the published code by default: no validation, 5 calls, the code's sampling per stage sent and journaled", async () => {
    const server = await serve(HAPPY);
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, alphacodiumDefaults, server);
    expect(callsOf(server)).toEqual(['reflection', 'solutions', 'choose', 'ai-tests', 'solve']);
    expect(callsOf(server)).toHaveLength(alphacodiumBound(alphacodiumDefaults).best);
    expect(outcome).toMatchObject({ status: 'solved', calls: 5 });
    const sent = server.chatBodies().map((b) => [b.options?.temperature, b.options?.frequency_penalty]);
    expect(sent).toEqual([
      [0.2, 0.1],
      [0.3, 0.1],
      [0.2, 0.1],
      [0.2, 0.1],
      [0.3, 0.1],
    ]);
    const journaled = journal(trace.file, 'llm-request').map((e) => e.sampling);
    expect(journaled).toEqual(sent.map(([temperature, frequencyPenalty]) => ({ temperature, frequencyPenalty })));
  });

  it("a temperature and penalty in the person's settings win over the method's sampling", async () => {
    const server = await serve(HAPPY);
    const { trace } = await runFlow(alphacodium, sumTwo, alphacodiumDefaults, server, undefined, 'python', {
      ...engineSettings,
      temperature: 0,
      frequencyPenalty: 0,
    });
    expect(server.chatBodies().map((b) => [b.options?.temperature, b.options?.frequency_penalty])).toEqual(
      Array(5).fill([0, 0]),
    );
    expect(journal(trace.file, 'llm-request')[1]!.sampling).toEqual({ temperature: 0, frequencyPenalty: 0 });
  });

  it('a solution named as brute force is dropped before the choice', async () => {
    const brute = SOLUTIONS.replace('Loop count', 'Brute force');
    const server = await serve({ ...HAPPY, solutions: brute });
    await runFlow(alphacodium, sumTwo, alphacodiumDefaults, server);
    const choose = server.chatBodies()[2]!.messages[2]!.content;
    expect(choose).toContain('Direct sum');
    expect(choose).not.toContain('Brute force');
  });

  it('public stage: an empty output goes back to the code its test began with, without a call', async () => {
    const o = { ...alphacodiumDefaults, tries: 1 };
    // Passes public 1, prints nothing on public 2 (-5 5): kept (no anchor broken), then reverted for free.
    const SILENT = 'a, b = map(int, input().split())\nif a > 0: print(a + b)';
    const server = await serve({ ...HAPPY, solve: fence(HALF), analyze: ANALYSIS, fix: [fence(SILENT), fence(RIGHT)] });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, o, server);
    expect(callsOf(server)).toEqual([
      'reflection',
      'solutions',
      'choose',
      'ai-tests',
      'solve',
      'analyze',
      'fix',
      'analyze',
      'fix',
    ]);
    expect(notes(trace.file)).toContain(
      '↶ public 2 printed nothing: back to the program this test began with (no call)',
    );
    // The second analysis is of the program the test began with.
    expect(server.chatBodies()[7]!.messages[2]!.content).toContain(HALF);
    expect(server.chatBodies()[7]!.messages[2]!.content).not.toContain('if a > 0');
    expect(outcome.status).toBe('solved');
  });

  it("public stage: a test whose loop begins with empty output costs no call and no fix (as the authors' code)", async () => {
    const o = { ...alphacodiumDefaults, tries: 1 };
    // Passes public 1, prints nothing on public 2 (-5 5) from the start: nothing to go back to.
    const SILENT = 'a, b = map(int, input().split())\nif a > 0: print(a + b)';
    const server = await serve({
      ...HAPPY,
      solve: fence(SILENT),
      analyze: ANALYSIS,
      fix: fence(RIGHT),
      'analyze-and-fix': analyzeAndFix(RIGHT),
    });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, o, server);
    // No analyse+fix pair in the public stage; the AI stage (public 2 first) fixes it in one call.
    expect(callsOf(server)).toEqual(['reflection', 'solutions', 'choose', 'ai-tests', 'solve', 'analyze-and-fix']);
    expect(notes(trace.file)).toContain(
      'public 2 printed nothing with the program it began with: no fix is asked for it (as the published code)',
    );
    expect(trace.progress.filter((p) => p.label === 'public fix')).toEqual([]);
    expect(outcome.status).toBe('solved');
  });

  it("public stage: a fix that breaks an anchor goes back to the code its test's loop began with", async () => {
    const o = { ...alphacodiumDefaults, tries: 1 };
    const PARTIAL = 'a, b = map(int, input().split())\nprint(a + b if a > 0 else 99)'; // public 1 only, not empty
    const server = await serve({
      ...HAPPY,
      solve: fence(HALF),
      analyze: ANALYSIS,
      fix: [fence(PARTIAL), fence('print(0)'), fence(RIGHT)],
    });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, o, server);
    expect(callsOf(server).slice(4)).toEqual(['solve', 'analyze', 'fix', 'analyze', 'fix', 'analyze', 'fix']);
    expect(notes(trace.file)).toContain('↶ fix reverted (public 2): it broke the anchor public 1');
    // After the revert, the third analysis is of HALF (where the loop began), not of the kept PARTIAL.
    const third = server.chatBodies()[9]!.messages[2]!.content;
    expect(third).toContain(HALF);
    expect(third).not.toContain('else 99');
    expect(outcome.status).toBe('solved');
  });

  it('AI stage: the public tests first in reverse; analyse-and-fix is told the code is wrong', async () => {
    const o = { ...alphacodiumDefaults, tries: 1, publicFixes: 0 };
    const server = await serve({ ...HAPPY, solve: fence(WRONG), 'analyze-and-fix': analyzeAndFix(RIGHT) });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, o, server);
    expect(callsOf(server).slice(4)).toEqual(['solve', 'analyze-and-fix']);
    const fix = journal(trace.file, 'proposal').find((p) => p.agent === 'analyze-and-fix')!;
    expect(fix.meta).toMatchObject({ test: 'public 2' });
    const prompt = server.chatBodies()[5]!.messages[2]!.content;
    expect(prompt).toContain('The program is wrong on this test');
    expect(prompt).not.toMatch(/test itself may be wrong/);
    expect(outcome.status).toBe('solved');
  });

  it('a wrong AI test is caught by the anchors: the fix that passes it breaks them and is reverted, the journal says so', async () => {
    const server = await serve({
      ...HAPPY,
      'ai-tests': WRONG_AI,
      validate: WRONG_AI,
      'analyze-and-fix': analyzeAndFix(PLUS_ONE),
    });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve', 'analyze-and-fix']);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(outcome.program?.source).toBe(`${RIGHT}\n`); // not the "fix"
    // The fix ran on its test and the four anchors so far: it passed the wrong test, broke them all.
    const check = trace.runs.at(-1)!;
    expect(check.program.source).toBe(`${PLUS_ONE}\n`);
    expect(check.result.tests.map((t) => [t.name, t.verdict])).toEqual([
      ['AI 3', 'AC'],
      ['public 1', 'WA'],
      ['public 2', 'WA'],
      ['AI 1', 'WA'],
      ['AI 2', 'WA'],
    ]);
    const said = notes(trace.file);
    expect(said).toContain('↶ fix reverted (AI 3): it broke the anchors public 1, public 2, AI 1, AI 2');
    expect(said.at(-1)).toBe('⚓ AI 4 passes: it is now an anchor (5)');
    // The fix's pane saw the anchors it had to keep.
    const proposal = journal(trace.file, 'proposal').find((p) => p.agent === 'analyze-and-fix')!;
    expect(proposal.meta).toMatchObject({ test: 'AI 3', anchors: ['public 1', 'public 2', 'AI 1', 'AI 2'] });
    expect(server.chatBodies()[6]!.messages[2]!.content).toContain('2 2');
  });

  it('public stage: analyse then fix; a fix that breaks an anchor is reverted, the next one is kept', async () => {
    const ZERO = 'print(0)';
    const o = { ...defaults, tries: 1 };
    const server = await serve({ ...HAPPY, solve: fence(HALF), analyze: ANALYSIS, fix: [fence(ZERO), fence(RIGHT)] });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, o, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve', 'analyze', 'fix', 'analyze', 'fix']);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 } });
    expect(notes(trace.file).slice(0, 4)).toEqual([
      '⚓ public 1 passes: it is now an anchor (1)',
      '↶ fix reverted (public 2): it broke the anchor public 1',
      '✓ fix kept (public 2): public 2 passes and every anchor holds',
      '⚓ public 2 passes: it is now an anchor (2)',
    ]);
    const bodies = server.chatBodies();
    // The fix follows the analysis of the failing test; the second analysis sees the same code again.
    expect(bodies[6]!.messages[2]!.content).toContain('public 2: WA');
    expect(bodies[7]!.messages[2]!.content).toContain('It prints the wrong value');
    expect(bodies[8]!.messages[2]!.content).toContain(HALF);
    expect(trace.progress.map((p) => `${p.label} ${p.value}/${p.max}`)).toEqual([
      'try 1/1',
      'public fix 1/4',
      'public fix 2/4',
    ]);
  });

  it('initial code: the chosen solution twice, then the list in turn (solutions[c % n]); the first that passes is kept', async () => {
    const server = await serve({ ...HAPPY, solve: [fence(WRONG), fence(WRONG), fence(WRONG), fence(RIGHT)] });
    const { outcome } = await runFlow(alphacodium, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve', 'solve', 'solve', 'solve']);
    const solving = server
      .chatBodies()
      .slice(5)
      .map((b) => b.messages[2]!.content);
    // Tries 1 and 2: the chosen one in full (its flow and walk through the tests); 3: solutions[2 % 2]; 4: solutions[3 % 2].
    for (const t of solving.slice(0, 2)) {
      expect(t).toContain('### Solution to implement\nDirect sum');
      expect(t).toContain('### Its flow, step by step\n1. Read a and b.');
      expect(t).toContain('### It walked through the public tests\ninput: 1 2');
    }
    expect(solving[2]).toContain('### Solution to implement\nDirect sum');
    expect(solving[2]).not.toContain('### Its flow');
    expect(solving[3]).toContain('### Solution to implement\nLoop count');
    expect(outcome.status).toBe('solved');
  });

  it('the public stage never ends worse than it began: the best-passing version goes on', async () => {
    const three = { ...sumTwo, samples: [...sumTwo.samples, { input: '2 2\n', outputs: ['4'] }] };
    const START = 'a, b = map(int, input().split())\nprint(a + b if a != -5 else 1)'; // passes 1 and 3
    const WORSE = 'a, b = map(int, input().split())\nprint(a + b if a == 1 else 7)'; // passes 1 only
    const o: AlphacodiumOptions = { ...defaults, tries: 1, publicFixes: 1, fixesPerTest: 1, aiFixes: 0 };
    const server = await serve({
      ...HAPPY,
      solve: fence(START),
      analyze: ANALYSIS,
      fix: fence(WORSE),
      'analyze-and-fix': analyzeAndFix(WORSE),
    });
    const { outcome, trace } = await runFlow(alphacodium, three, o, server);
    // The trailing public copy of test 2 gets its fix though aiFixes is 0 (exempt from the cap); reverted.
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve', 'analyze', 'fix', 'analyze-and-fix']);
    expect(notes(trace.file)).toContain('✓ fix kept (public 2): every anchor holds; public 2 still fails');
    expect(notes(trace.file)).toContain(
      'the public stage ended worse than an earlier version: going on with the one that passes 2 of 3',
    );
    expect(outcome).toMatchObject({ status: 'unsolved', samples: { passed: 2, total: 3 } });
    expect(outcome.program?.source).toBe(`${START}\n`);
  });

  it('a problem with no public tests: the AI tests stand in (the published code crashed)', async () => {
    const none = { ...sumTwo, samples: [] };
    const server = await serve(HAPPY);
    const { outcome, trace } = await runFlow(alphacodium, none, defaults, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve']);
    expect(server.chatBodies()[0]!.messages[2]!.content).toMatch(/no samples/);
    expect(trace.runs.map((r) => r.result.total)).toEqual([6]);
    expect(outcome).toMatchObject({ status: 'solved', samples: { passed: 0, total: 0 } });
  });

  it('no public tests and a wrong program: the AI tests drive the fixes', async () => {
    const none = { ...sumTwo, samples: [] };
    const server = await serve({ ...HAPPY, solve: fence(WRONG), 'analyze-and-fix': analyzeAndFix(RIGHT) });
    const o = { ...defaults, tries: 1 };
    const { outcome } = await runFlow(alphacodium, none, o, server);
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'solve', 'analyze-and-fix']);
    expect(outcome.status).toBe('solved');
    expect(outcome.program?.source).toBe(`${RIGHT}\n`);
  });

  it('budget: everything failing takes exactly the worst bound of calls and returns the best candidate', async () => {
    const o: AlphacodiumOptions = {
      solutions: 2,
      aiTests: 2,
      tries: 2,
      publicFixes: 2,
      fixesPerTest: 1,
      aiFixes: 1,
      validate: true,
    };
    const TIMES = 'a, b = map(int, input().split())\nprint(a * b)';
    const server = await serve({
      ...HAPPY,
      solve: fence(WRONG),
      analyze: ANALYSIS,
      fix: fence(TIMES),
      'analyze-and-fix': analyzeAndFix(PLUS_ONE),
    });
    const { outcome } = await runFlow(alphacodium, sumTwo, o, server);
    const calls = callsOf(server);
    // The worst bound, and one call per public test: the AI stage's trailing copies are exempt from its cap.
    expect(calls).toEqual([
      ...BEFORE_CODE,
      'solve',
      'solve',
      'analyze',
      'fix',
      'analyze',
      'fix',
      'analyze-and-fix',
      'analyze-and-fix',
      'analyze-and-fix',
    ]);
    expect(calls).toHaveLength(alphacodiumBound(o).worst + sumTwo.samples.length);
    expect(outcome.calls).toBe(alphacodiumBound(o).worst + sumTwo.samples.length);
    expect(outcome.status).toBe('unsolved');
    expect(alphacodiumBound(defaults)).toEqual({ best: 6, worst: 26 });
  });

  it('replays from the journal alone: no model, no judge, the same end', async () => {
    const server = await serve({
      ...HAPPY,
      'ai-tests': WRONG_AI,
      validate: WRONG_AI,
      'analyze-and-fix': analyzeAndFix(PLUS_ONE),
    });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server);
    const before = server.requests.length;
    const replay = await replayFlow(alphacodium, defaults, trace.file);
    expect(replay.judged).toBe(0);
    expect(server.requests.length).toBe(before);
    expect(replay.outcome.status).toBe(outcome.status);
    expect(replay.outcome.program).toEqual(outcome.program);
  });

  it('with a person at the gate: their own test, added to the AI tests, is marked theirs and becomes an anchor', async () => {
    const mine = `${AI_TESTS.replace(/```\n$/, '').replace(/^Here it is\.\n```yaml\n/, '')}\n${test('40 2', '42', 'mine')}\n`;
    const decisions: Record<number, Decision[]> = { 3: [{ kind: 'edit', content: mine }] };
    const server = await serve(HAPPY);
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server, personGate(decisions));
    expect(outcome.status).toBe('solved');
    const edit = journal(trace.file, 'decision').find((d) => d.step === 3)!;
    const tests = (edit.value as { tests: { input: string; by?: string }[] }).tests;
    expect(tests.filter((t) => t.by === 'person').map((t) => t.input)).toEqual(['40 2']);
    // Not sent to the model to check, kept as the person wrote it.
    expect(server.chatBodies()[4]!.messages[2]!.content).not.toContain('40 2');
    expect(notes(trace.file)).toContain('⚓ yours 7 passes: it is now an anchor (9)');
  });

  it("back from the check of the tests to the AI tests: a new branch, the AI tests shown again (not asked), the person's edit followed", async () => {
    const mine = `${AI_TESTS.replace(/```\n$/, '').replace(/^Here it is\.\n```yaml\n/, '')}\n${test('40 2', '42', 'mine')}\n`;
    const decisions: Record<number, Decision[]> = {
      3: [{ kind: 'approve' }, { kind: 'edit', content: mine }],
      4: [{ kind: 'back', to: 3 }],
    };
    const server = await serve(HAPPY);
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server, personGate(decisions));
    expect(callsOf(server)).toEqual([...BEFORE_CODE, 'validate', 'solve']);
    expect(outcome).toMatchObject({ status: 'solved', branch: 1 });
    expect(notes(trace.file)).toContain('⚓ yours 7 passes: it is now an anchor (9)');
  });

  it('resume: a session cut off after the tests were checked goes on live from the initial code (the flow from the registry)', async () => {
    const first = await serve(HAPPY);
    const { trace } = await runFlow(alphacodium, sumTwo, defaults, first);
    await first.close();
    // As if simcoach died right after the check of the tests was approved.
    const lines = readFileSync(trace.file, 'utf8').split('\n');
    const cut = lines.findIndex((l) => l.includes('"type":"decision"') && l.includes('"step":4'));
    writeFileSync(trace.file, `${lines.slice(0, cut + 1).join('\n')}\n`);
    const again = await serve(HAPPY);
    const backend = new OllamaBackend({ host: again.url, stallSeconds: 10 });
    const resumed = await resumeSession(trace.file, {
      backend,
      gate: createAutoGate(),
      settings: { ...loadSettings(), model: 'fake-coder:7b' },
      flow: flowFor('alphacodium', {}),
    });
    expect(callsOf(again)).toEqual(['solve']);
    expect(resumed).toMatchObject({ status: 'solved', samples: { passed: 2, total: 2 }, calls: 6 });
    expect(notes(trace.file).filter((n) => n.startsWith('⚓'))).toHaveLength(8);
  });

  it('a stage still unreadable after its repair request is read leniently with --auto, marked so, and the flow goes on', async () => {
    const server = await serve({
      ...HAPPY,
      reflection: 'We just add the two numbers: a + b.',
      'reflection:repair': 'Add them: a + b.',
    });
    const { outcome, trace } = await runFlow(alphacodium, sumTwo, defaults, server);
    expect(callsOf(server)).toEqual([
      'reflection',
      'reflection:repair',
      'solutions',
      'choose',
      'ai-tests',
      'validate',
      'solve',
    ]);
    expect(outcome.status).toBe('solved');
    const reflection = journal(trace.file, 'proposal').find((p) => p.agent === 'reflection')!;
    expect(reflection.lenient).toMatch(/not a YAML mapping|no "reflection:"/);
    expect(reflection.value).toEqual({ bullets: ['Add them: a + b.'], explanations: [] });
    expect(server.chatBodies()[2]!.messages[2]!.content).toContain('- Add them: a + b.');
  });
});
