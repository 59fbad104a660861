// The tutor's questions in practice (issue 46, items 3-5) end to end: a fake model server over
// real HTTP (answering normally, in chatty prose, or not there at all), the real engine, the real
// judge and tracer (python3 in the sandbox), a real journal. The person is the gate: a decision
// per stage, in order; what they see is the proposals, what the model was sent is the requests.
import { describe, expect, it } from 'vitest';
import { showTurn, type TurnValue } from '../../src/agents/hints/turn.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../../src/flows/index.js';
import { practice } from '../../src/flows/practice.js';
import { check } from '../../src/flows/check.js';
import { showExplanation, type ExplainValue } from '../../src/agents/explain/explain.js';
import { readJournal } from '../../src/session/reader.js';
import { practiceResult } from '../../src/session/practice.js';
import { Timeline } from '../../src/session/timeline.js';
import { buildReport } from '../../src/session/report.js';
import { toMarkdown } from '../../src/session/markdown.js';
import { fixture } from '../agents/problems.js';
import { callsOf, replayFlow, resumeFlow, RIGHT, runFlow } from './harness.js';
import { flowSuite } from './suite.js';
import { recordingGate } from '../helpers/gate.js';

const { serve } = flowSuite();
const sumTwo = await fixture('sum-two');
const defaults = defaultsOf(practiceFlow);
/** Wrong on both samples: line 3 subtracts. */
const BUGGY = 'a, b = map(int, input().split())\ns = a\ns = s - b\nprint(s)';

type Step = Decision | ((p: Proposal) => Decision);
/** The person: per stage, the decisions in order; every other step approved; out of turns, stop. */
function person(plan: Record<string, Step[]>): Gate & { seen: Proposal[] } {
  return recordingGate((p) => {
    const next = plan[p.agent]?.shift();
    if (next === undefined) return p.agent === 'attempt' ? { kind: 'stop' } : { kind: 'approve' };
    return typeof next === 'function' ? next(p) : next;
  });
}

const edit = (content: string): Decision => ({ kind: 'edit', content });
const move =
  (m: TurnValue['move']) =>
  (p: Proposal): Decision =>
    edit(showTurn({ ...(p.value as TurnValue), move: m }));
const QUESTION = '## Line\n3\n## Variable\ns\n## Question\nWhat value does `s` hold after line 3 runs on sample 1?';
const seenOf = (g: { seen: Proposal[] }, agent: string): Proposal[] => g.seen.filter((p) => p.agent === agent);
const notesOf = (file: string): string[] =>
  readJournal(file).events.flatMap((e) => (e.type === 'note' ? [e.text] : []));

describe('predict, then see', () => {
  it('a wrong prediction: the real run shows where it parts, with both values; replay serves it without running', async () => {
    const server = await serve({ predict: QUESTION });
    const gate = person({ attempt: [edit(BUGGY), move('predict'), edit(RIGHT)], 'predict-value': [edit('3')] });
    const { outcome, trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['predict']);
    // What the model was sent: the program numbered, the failing test; never asked for a fix.
    const sent = server.chatBodies()[0]!.messages[2]!.content;
    expect(sent).toContain('3 | s = s - b');
    expect(sent).toMatch(/failing test: sample-1\n/);
    expect(sent).toMatch(/Do not explain the failure, do not fix it and do not write code/);
    const see = seenOf(gate, 'predict-see')[0]!;
    expect(see.value).toMatchObject({
      kind: 'checked',
      status: 'differs',
      line: 3,
      variable: 's',
      predicted: ['3'],
      real: ['-1'],
      at: 0,
    });
    expect(see.text).toBe('s after line 3, the 1st time: you said 3, the program has -1\n');
    // A wrong prediction ends the round: no explanation is asked for.
    expect(gate.seen.map((p) => p.agent)).toEqual([
      'attempt',
      'attempt',
      'predict-ask',
      'predict-value',
      'predict-see',
      'attempt',
      'after-solve',
    ]);
    expect(outcome).toMatchObject({ status: 'solved', submit: { verdict: 'AC' } });
    const replayed = await replayFlow(practice, defaults, trace.file);
    expect(replayed.judged).toBe(0);
    expect(replayed.outcome.status).toBe('solved');
    const md = toMarkdown(buildReport(await Timeline.open(trace.file)));
    expect(md).toContain('Your prediction and the real run');
    expect(md).toContain('you said 3, the program has -1');
  });

  it('three right predictions, then the usual explanation; a chatty model is read', async () => {
    const chatty = [
      "Great job so far! Let's think about line 2. What do you think `s` will be after line 2 runs?",
      'Nice. Now consider line 3 and the variable `b`. What is its value after line 3 runs?',
      'Excellent! Finally, what does the program print? Look at line 4 and `output` — what will you see?',
    ];
    const server = await serve({
      predict: chatty,
      explain:
        '## Simulation\nline 3: s = -1\n## Wrong line\n3\n## Verdict\nimplementation\n## Explanation\nLine 3 subtracts where the sum is needed.',
    });
    const gate = person({
      attempt: [edit(BUGGY), move('predict')],
      'predict-value': [edit('1'), edit('2'), edit('-1')],
    });
    await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['predict', 'predict', 'predict', 'explain']);
    expect(seenOf(gate, 'predict-ask').map((p) => p.value)).toMatchObject([
      { line: 2, variable: 's' },
      { line: 3, variable: 'b' },
      { line: 4, variable: 'output' },
    ]);
    expect(seenOf(gate, 'predict-see').map((p) => (p.value as { status: string }).status)).toEqual([
      'same',
      'same',
      'same',
    ]);
    // The questions asked already go to the next request, so it picks another.
    expect(server.chatBodies()[1]!.messages[2]!.content).toContain('- line 2, s (the student predicted it right)');
    expect(seenOf(gate, 'explain')).toHaveLength(1);
  });

  it('a question with code in it is refused by the guard and asked again once', async () => {
    const leaky =
      '## Line\n3\n## Variable\ns\n## Question\nWhat is `s` after line 3, given that it should be `s = s + b`?';
    const server = await serve({ predict: leaky, 'predict:repair': QUESTION });
    const gate = person({ attempt: [edit(BUGGY), move('predict')], 'predict-value': [edit('-1')] });
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server).slice(0, 2)).toEqual(['predict', 'predict:repair']);
    // While it streamed, the person never saw the code either: the question shows once read.
    expect(trace.chunks.map((c) => c.text).join('')).not.toContain('s + b');
    expect(server.chatBodies()[1]!.messages.at(-1)!.content).toMatch(/show no code: it quotes code \(`s = s \+ b`\)/);
    expect(seenOf(gate, 'predict-ask')[0]!.text).not.toContain('s + b');
  });

  it('model down: the person picks line and variable; bad input gets one line each and the gate stays usable', async () => {
    const server = await serve({});
    await server.close();
    const gate = person({
      attempt: [edit(BUGGY), move('predict'), edit(RIGHT)],
      'predict-ask': [edit('line: 40\nvariable: s'), edit('line: 3\nvariable: s'), edit('line: 3\nvariable: zz')],
      'predict-value': [edit(''), edit('-1'), edit('5')],
    });
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    const asks = seenOf(gate, 'predict-ask');
    expect(asks[0]!.unanswered).toBe(true);
    expect(asks[1]!.editError).toBe('line 40 is not in the program: it has lines 1 to 4');
    const values = seenOf(gate, 'predict-value');
    expect(values[1]!.editError).toMatch(/^type the value you predict for s/);
    const sees = seenOf(gate, 'predict-see');
    expect(sees[0]!.value).toMatchObject({ status: 'same', real: ['-1'] });
    expect(sees[1]!.value).toMatchObject({ status: 'no-such-name', names: ['a', 'b', 's'] });
    expect(sees[1]!.text).toBe('zz has no value at line 3 (the names there: a, b, s)\n');
    // Nothing lost: every edit the person made is in the journal.
    const edits = readJournal(trace.file).events.flatMap((e) =>
      e.type === 'decision' && e.decision.kind === 'edit' ? [e.decision.content] : [],
    );
    expect(edits).toEqual(expect.arrayContaining(['line: 3\nvariable: zz', '-1', '5']));
  });

  it('a C++ program: the real run (gdb, in the sandbox) shows where the prediction parts, and the session goes on', async () => {
    const server = await serve({ predict: QUESTION });
    const cpp =
      '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b;\n  long long s = a - b;\n  std::cout << s << "\\n";\n}';
    const gate = person({ attempt: [edit(cpp), move('predict')], 'predict-value': [edit('3')] });
    await runFlow(practice, sumTwo, defaults, server, gate, 'cpp');
    expect(seenOf(gate, 'predict-see')[0]!.value).toMatchObject({
      kind: 'checked',
      status: 'differs',
      line: 3,
      variable: 's',
      real: ['-1'],
    });
    expect(seenOf(gate, 'attempt')).toHaveLength(3);
  });
});

describe("predict, then see in check's debugger", () => {
  const EXPLAINED =
    '## Simulation\nline 3: s = -1\n## Wrong line\n3\n## Verdict\nimplementation\n## Explanation\nLine 3 subtracts where the sum is needed.';
  const asked = (p: Proposal): Decision => edit(showExplanation({ ...(p.value as ExplainValue), predictWanted: true }));

  it("v at the explanation: a question, the person's value, the real run; the check then ends unsolved, with no fix", async () => {
    const server = await serve({ explain: EXPLAINED, predict: QUESTION });
    const gate = person({ program: [edit(BUGGY)], explain: [asked], 'predict-value': [edit('3')] });
    const { outcome } = await runFlow(check, sumTwo, { fixRounds: 2 }, server, gate);
    expect(callsOf(server)).toEqual(['explain', 'predict']);
    expect(gate.seen.map((p) => p.agent)).toEqual([
      'program',
      'explain',
      'predict-ask',
      'predict-value',
      'predict-see',
    ]);
    expect(seenOf(gate, 'predict-see')[0]!.text).toBe('s after line 3, the 1st time: you said 3, the program has -1\n');
    expect(outcome.status).toBe('unsolved');
  });

  it('without v the check asks no question (the --auto counts hold); three right ones add no second explanation', async () => {
    const plain = await serve({ explain: EXPLAINED });
    await runFlow(check, sumTwo, { fixRounds: 2 }, plain, person({ program: [edit(BUGGY)] }));
    expect(callsOf(plain)).toEqual(['explain']);
    const right = [
      '## Line\n2\n## Variable\ns\n## Question\nWhat is s after line 2?',
      '## Line\n3\n## Variable\ns\n## Question\nWhat is s after line 3?',
      '## Line\n4\n## Variable\noutput\n## Question\nWhat does it print?',
    ];
    const server = await serve({ explain: EXPLAINED, predict: right });
    const gate = person({
      program: [edit(BUGGY)],
      explain: [asked],
      'predict-value': [edit('1'), edit('-1'), edit('-1')],
    });
    await runFlow(check, sumTwo, { fixRounds: 2 }, server, gate);
    expect(callsOf(server)).toEqual(['explain', 'predict', 'predict', 'predict']);
    expect(seenOf(gate, 'predict-see').map((p) => (p.value as { status: string }).status)).toEqual([
      'same',
      'same',
      'same',
    ]);
  });
});

describe('idea first', () => {
  it('a plan that holds, then a failing program: the journal says the trouble was the implementation', async () => {
    const sim =
      '## Trace\n1. read a = 1, b = 2\n2. add them: 3\n## Verdict\nholds\n## Why\nThe output 3 is what sample 1 needs.';
    const server = await serve({ 'idea-check': sim });
    const gate = person({
      attempt: [move('idea'), edit(BUGGY), edit(RIGHT)],
      'idea-yours': [edit('1. read the two numbers\n2. print their sum')],
    });
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(callsOf(server)).toEqual(['idea-check']);
    expect(server.chatBodies()[0]!.messages[2]!.content).toContain('1. read the two numbers\n2. print their sum');
    expect(seenOf(gate, 'idea-check')[0]!.value).toMatchObject({ holds: true, step: null });
    expect(notesOf(trace.file)).toEqual([
      'your plan holds on the sample',
      'trouble: implementation (your plan held on the sample, the program failed)',
    ]);
    expect(practiceResult(trace.file, readJournal(trace.file))).toMatchObject({
      solved: true,
      trouble: 'implementation',
    });
  });

  it("a plan that breaks (chatty answer) is the idea's trouble; a simulation with code is refused; a 20k plan gets one line", async () => {
    const withCode = '## Trace\n```python\nprint(a*b)\n```\n## Verdict\nbreaks at step 2\n## Why\nIt multiplies.';
    const chatty =
      'Let me run your plan on sample 1! a = 1, b = 2. Step 2 multiplies them and gives 2, but 3 is needed. So your plan breaks at step 2.';
    const server = await serve({ 'idea-check': withCode, 'idea-check:repair': chatty });
    const gate = person({
      attempt: [move('idea')],
      'idea-yours': [edit('x'.repeat(20000)), edit('1. read a and b\n2. multiply them')],
    });
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    const mine = seenOf(gate, 'idea-yours');
    expect(mine[1]!.editError).toBe('your plan is 20000 characters: a plan is a few steps, keep it under 4000');
    // Nothing lost: the text stays in the step's editor for the person to cut down.
    expect(mine[1]!.edits?.text).toHaveLength(20000);
    expect(server.chatBodies()[1]!.messages.at(-1)!.content).toMatch(/the simulation holds code/);
    expect(seenOf(gate, 'idea-check')[0]!.value).toMatchObject({ holds: false, step: 2 });
    expect(notesOf(trace.file)).toEqual([
      'your plan breaks at step 2 on the sample',
      'trouble: idea (your plan broke on the sample)',
    ]);
    expect(practiceResult(trace.file, readJournal(trace.file))).toMatchObject({ solved: false, trouble: 'idea' });
  });
});

describe('resume and the model off', () => {
  it('resumed after a quit at the prediction: the question is served from the journal, the person types the value', async () => {
    const first = await serve({ predict: QUESTION });
    const stopped = await runFlow(
      practice,
      sumTwo,
      defaults,
      first,
      person({ attempt: [edit(BUGGY), move('predict')], 'predict-value': [{ kind: 'stop' }] }),
    );
    expect(stopped.outcome.status).toBe('stopped');
    await first.close();
    const second = await serve({ predict: '## Line\n4\n## Variable\noutput\n## Question\nWhat does line 4 print?' });
    const gate = person({ 'predict-value': [edit('-1'), { kind: 'stop' }] });
    await resumeFlow(practice, defaults, stopped.trace.file, second, gate);
    // The first question was served from the journal; the right prediction brought the second, live.
    expect(callsOf(second)).toEqual(['predict']);
    expect(gate.seen.map((p) => p.agent).slice(0, 2)).toEqual(['predict-value', 'predict-see']);
    expect(seenOf(gate, 'predict-see')[0]!.value).toMatchObject({ status: 'same' });
  });

  it("idea first with the model off: the simulation is the person's to write, and the trouble is still recorded", async () => {
    const server = await serve({});
    await server.close();
    const gate = person({
      attempt: [move('idea')],
      'idea-yours': [edit('1. read a and b\n2. print a - b')],
      'idea-check': [edit('## Verdict\nbreaks at step 2\n## Why\nI get -1, the sample needs 3.')],
    });
    const { trace } = await runFlow(practice, sumTwo, defaults, server, gate);
    expect(seenOf(gate, 'idea-check')[0]!.unanswered).toBe(true);
    expect(notesOf(trace.file)).toEqual([
      'your plan breaks at step 2 on the sample',
      'trouble: idea (your plan broke on the sample)',
    ]);
  });
});

describe('one question after the solve', () => {
  it('accepted after a WA: the answer is kept with the error class; enter (approve) skips it', async () => {
    const server = await serve({});
    const answered = person({
      attempt: [edit(BUGGY), edit(RIGHT)],
      'after-solve': [edit('an off-by-one: I subtracted instead of adding')],
    });
    const a = await runFlow(practice, sumTwo, defaults, server, answered);
    expect(seenOf(answered, 'after-solve')[0]!.value).toMatchObject({
      question: 'What was the bug, in one line?',
      answer: '',
    });
    expect(notesOf(a.trace.file)).toEqual([
      'the bug, in your words: an off-by-one: I subtracted instead of adding (off-by-one)',
    ]);
    expect(practiceResult(a.trace.file, readJournal(a.trace.file))).toMatchObject({
      solved: true,
      bug: 'an off-by-one: I subtracted instead of adding (off-by-one)',
    });
    const skipped = person({ attempt: [edit(BUGGY), edit(RIGHT)] });
    const b = await runFlow(practice, sumTwo, defaults, server, skipped);
    expect(b.outcome.status).toBe('solved');
    expect(notesOf(b.trace.file)).toEqual([]);
    // Accepted at once: no question.
    const first = person({ attempt: [edit(RIGHT)] });
    await runFlow(practice, sumTwo, defaults, server, first);
    expect(seenOf(first, 'after-solve')).toEqual([]);
    expect(callsOf(server)).toEqual([]);
  });
});
