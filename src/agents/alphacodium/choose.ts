import type { Agent, AgentContext } from '../../engine/types.js';
import { AnswerFormatError } from '../../engine/types.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { asText } from '../shared/text.js';
import { pick, readYaml, showMap } from '../shared/yaml.js';
import { reflectionText, yamlForm, type Reflection } from './common.js';
import type { Solution } from './solutions.js';

export interface ChooseInput {
  reflection: Reflection;
  solutions: Solution[];
}

export interface ChoiceValue {
  /** The solutions best first; the first is the chosen one. */
  ranked: Solution[];
  why: string;
}

const KEYS = ['best', 'ranking', 'why'];

const SKELETON = `best: |
  the name of the solution you choose, as written above
ranking:
  - the name of the best solution
  - the name of the next one
why: |
  why the chosen one is the most likely to be right within the limits`;

/** The problem's limits in words, for the pane beside the chosen solution's complexity. */
function limitsOf(ctx: AgentContext): string {
  const { timeLimitMs, memoryLimitMb } = ctx.problem;
  const parts = [timeLimitMs ? `${timeLimitMs / 1000} s` : '', memoryLimitMb ? `${memoryLimitMb} MB` : ''].filter(Boolean);
  return parts.join(', ');
}

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

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
  const part = solutions.findIndex((s) => norm(s.name) !== '' && (n.includes(norm(s.name)) || norm(s.name).includes(n)));
  return part >= 0 ? part : undefined;
}

function parseChoice(text: string, solutions: readonly Solution[]): ChoiceValue {
  const m = readYaml(text, KEYS);
  const named = [asText(pick(m, 'best', 'best_solution', 'chosen', 'choice', 'name'))];
  const ranking = pick(m, 'ranking', 'ranked', 'order');
  if (Array.isArray(ranking)) named.push(...ranking.map(asText));
  const order: number[] = [];
  for (const n of named) {
    const i = which(n, solutions);
    if (i !== undefined && !order.includes(i)) order.push(i);
  }
  if (order.length === 0) throw new AnswerFormatError(`the answer names none of the solutions (${solutions.map((s) => s.name).join(', ')}) under "best:"`);
  // Those the model did not rank keep their order, after the ranked ones.
  solutions.forEach((_s, i) => order.includes(i) || order.push(i));
  return { ranked: order.map((i) => solutions[i]!), why: asText(pick(m, 'why', 'reason', 'explanation')) };
}

/** AlphaCodium's choice: the solution most likely right — correct, simple and robust over clever. */
export const chooseAgent: Agent<ChooseInput, ChoiceValue> = {
  name: 'choose',
  title: 'Choose a solution',
  pane: 'solutions',
  messages(input: ChooseInput, ctx: AgentContext) {
    const list = input.solutions
      .map((s, i) => `${i + 1}. ${s.name}\n   idea: ${s.idea.replace(/\n/g, ' ')}\n   why: ${s.why.replace(/\n/g, ' ')}\n   complexity: ${s.complexity.replace(/\n/g, ' ')}`)
      .join('\n');
    const stage = [
      'Task: choose the best of the solutions below for the problem above, and rank them all. Do not write code.',
      'The best one is the one most likely to be fully correct and fast enough: prefer correct, simple and robust over clever.',
      'Check each against the constraints before you choose.',
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
  show: (v) => showMap([['best', v.ranked[0]?.name ?? ''], ['ranking', v.ranked.map((s) => s.name)], ['why', v.why]]),
  edit: (text, previous) => parseChoice(text, previous.ranked),
  // Unreadable after the repair request (with --auto): the solutions in the order they came.
  lenient: (text, input) => ({ ranked: [...input.solutions], why: wholeText(text) }),
  meta: (v, _input, ctx) => ({ complexity: v.ranked[0]?.complexity ?? '', limits: limitsOf(ctx) }),
};
