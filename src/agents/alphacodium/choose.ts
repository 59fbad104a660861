import type { Agent, AgentContext } from '../../engine/types.js';
import { AnswerFormatError } from '../../engine/types.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { asText, stripThink } from '../shared/text.js';
import { pick, readYaml, showMap } from '../shared/yaml.js';
import { reflectionText, yamlForm, type Reflection, NARROW } from './common.js';
import type { Solution } from './solutions.js';

export interface ChooseInput {
  reflection: Reflection;
  solutions: Solution[];
}

export interface ChoiceValue {
  /**
   * The solutions, the chosen one first, in full as the answer wrote it (its content as the
   * idea); the others in the order they came.
   */
  ranked: Solution[];
  why: string;
  /** The chosen solution's steps, in order (empty when the answer gave none). */
  flow: string[];
  /** The chosen solution walked through the public tests (empty when the answer gave none). */
  walkthrough: string;
}

const KEYS = [
  'name',
  'content',
  'why',
  'flow',
  'problem_tests',
  'walkthrough',
  'input',
  'explanation',
  'best',
  'ranking',
];

const SKELETON = `name: |
  the name of the solution you choose, as written above
content: |
  the chosen solution in full: its idea and how it works
why: |
  why it is the most likely to be right within the limits
flow:
  - the first step of the solution
  - the next step
problem_tests:
  - input: |
      a public test's input
    explanation: |
      how the solution gets that test's output, step by step`;

/** The problem's limits in words, for the pane beside the chosen solution's complexity. */
function limitsOf(ctx: AgentContext): string {
  const { timeLimitMs, memoryLimitMb } = ctx.problem;
  const parts = [timeLimitMs ? `${timeLimitMs / 1000} s` : '', memoryLimitMb ? `${memoryLimitMb} MB` : ''].filter(
    Boolean,
  );
  return parts.join(', ');
}

const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Which solution a name (or "2", "solution 2") means; undefined when none fits. */
function which(name: string, solutions: readonly Solution[]): number | undefined {
  const n = norm(name);
  if (n === '') return undefined;
  const exact = solutions.findIndex((s) => norm(s.name) === n);
  if (exact >= 0) return exact;
  const num = /^(?:solution\s*)?(\d+)$/.exec(n);
  if (num) {
    const i = Number(num[1]) - 1;
    return i >= 0 && i < solutions.length ? i : undefined;
  }
  const part = solutions.findIndex(
    (s) => norm(s.name) !== '' && (n.includes(norm(s.name)) || norm(s.name).includes(n)),
  );
  return part >= 0 ? part : undefined;
}

/** The solution whose name comes first in the text, if any is named. */
function firstNamed(text: string, solutions: readonly Solution[]): number | undefined {
  const t = ` ${norm(text)} `;
  const at = solutions
    .map((s, i) => ({ i, at: norm(s.name) === '' ? -1 : t.indexOf(` ${norm(s.name)} `) }))
    .filter((x) => x.at >= 0);
  return at.sort((a, b) => a.at - b.at)[0]?.i;
}

/** A list of steps or tests as text lines (a YAML list, or text with one per line). */
function linesOf(v: unknown): string[] {
  if (Array.isArray(v))
    return v
      .map((x) => (typeof x === 'object' && x !== null ? walkOf(x as Record<string, unknown>) : asText(x)))
      .filter(Boolean);
  return asText(v)
    .split('\n')
    .map((l) => l.replace(/^\s*([-*]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
}

/** One public test walked through: its input, then how the solution gets the output. */
const walkOf = (t: Record<string, unknown>): string => {
  const input = asText(pick(t, 'input', 'test_input'));
  const how = asText(pick(t, 'explanation', 'walkthrough', 'how'));
  return [input && `input: ${input.replace(/\n/g, ' / ')}`, how].filter(Boolean).join('\n');
};

function parseChoice(text: string, solutions: readonly Solution[]): ChoiceValue {
  const m = readYaml(text, KEYS);
  const named = [asText(pick(m, 'name', 'best', 'best_solution', 'chosen', 'choice'))];
  const ranking = pick(m, 'ranking', 'ranked', 'order');
  if (Array.isArray(ranking)) named.push(...ranking.map(asText));
  const order: number[] = [];
  for (const n of named) {
    const i = which(n, solutions);
    if (i !== undefined && !order.includes(i)) order.push(i);
  }
  // Under a label of its own ("### Chosen solution\nDirect sum"): a short value that names one;
  // else the solution the answer names first.
  if (order.length === 0) {
    const short = Object.values(m)
      .map(asText)
      .filter((v) => v !== '' && v.length <= 80);
    const i =
      short.map((v) => firstNamed(v, solutions)).find((x) => x !== undefined) ??
      firstNamed(stripThink(text), solutions);
    if (i !== undefined) order.push(i);
  }
  if (order.length === 0)
    throw new AnswerFormatError(
      `the answer names none of the solutions (${solutions.map((s) => s.name).join(', ')}) under "name:"`,
    );
  // Those the model did not rank keep their order, after the chosen one.
  solutions.forEach((_s, i) => order.includes(i) || order.push(i));
  const why = asText(pick(m, 'why', 'reason', 'explanation'));
  const listed = solutions[order[0]!]!;
  // The chosen one as the answer gave it in full; what it left out, as the list had it.
  const chosen: Solution = {
    ...listed,
    idea: asText(pick(m, 'content', 'idea', 'description')) || listed.idea,
    why: why || listed.why,
  };
  const tests = pick(m, 'problem_tests', 'public_tests', 'walkthrough', 'tests');
  return {
    ranked: [chosen, ...order.slice(1).map((i) => solutions[i]!)],
    why,
    flow: linesOf(pick(m, 'flow', 'steps')),
    walkthrough: linesOf(tests).join('\n'),
  };
}

/** A solution's name short enough for the gate's row of keys. */
const labelOf = (name: string): string => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

/** The choice with the solution at `i` chosen, the others in the order they were. */
const first = (v: ChoiceValue, i: number): ChoiceValue => ({
  ...v,
  ranked: [v.ranked[i]!, ...v.ranked.filter((_s, j) => j !== i)],
});

/** AlphaCodium's choice: the solution most likely right — correct, simple and robust over clever. */
export const chooseAgent: Agent<ChooseInput, ChoiceValue> = {
  name: 'choose',
  sampling: NARROW,
  title: 'Choose a solution',
  pane: 'solutions',
  messages(input: ChooseInput, ctx: AgentContext) {
    const list = input.solutions
      .map(
        (s, i) =>
          `${i + 1}. ${s.name}\n   idea: ${s.idea.replace(/\n/g, ' ')}\n   why: ${s.why.replace(/\n/g, ' ')}\n   complexity: ${s.complexity.replace(/\n/g, ' ')}`,
      )
      .join('\n');
    const stage = [
      'Task: choose the best of the solutions below for the problem above, and give it in full. Do not write code.',
      'The best one is the one most likely to be fully correct and fast enough: prefer correct, simple and robust over clever.',
      'Check each against the constraints before you choose. Then write the chosen one out: its content, why it works,',
      'its flow as steps in order, and a walk through each public test showing how it gets the expected output.',
      '',
      reflectionText(input.reflection),
      '',
      '### Solutions',
      list,
      '',
      yamlForm(SKELETON),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input) => parseChoice(text, input.solutions),
  show: (v) =>
    showMap([
      ['name', v.ranked[0]?.name ?? ''],
      ['content', v.ranked[0]?.idea ?? ''],
      ['why', v.why],
      ['flow', v.flow],
      ['walkthrough', v.walkthrough],
      ['ranking', v.ranked.map((s) => s.name)],
    ]),
  edit: (text, previous) => parseChoice(text, previous.ranked),
  // Unreadable after the repair request (with --auto): the solutions in the order they came.
  lenient: (text, input) => ({ ranked: [...input.solutions], why: wholeText(text), flow: [], walkthrough: '' }),
  // Unreadable with a person there: they choose the solution themselves (a digit a solution).
  decision: {
    question: 'which solution is the best?',
    options: (base) => base.ranked.slice(0, 9).map((s, i) => ({ label: labelOf(s.name), set: (v) => first(v, i) })),
  },
  meta: (v, _input, ctx) => ({ complexity: v.ranked[0]?.complexity ?? '', limits: limitsOf(ctx) }),
};
