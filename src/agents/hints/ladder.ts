// The hint ladder of practice: each rung is a stage of the flows' own agents, asked only when the
// person asks for one more hint, in this order — a similar problem (MapCoder's retrieval, one
// exemplar), the algorithm's name and idea (from that same answer, no second call), the plan
// (CodeSIM's planner), the plan simulated on a sample (CodeSIM's simulation), and last the code.
// The name, title and pane differ from the stages they wrap, so the journal tells a hint from a
// solver's step and the panes show one rung at a time; each rung also reads the person's context
// (tutor.ts), and the rungs before the code are leak-guarded.
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { codeAgent, type CodeInput } from '../codesim/code.js';
import { planAgent, type PlanInput, type PlanValue } from '../codesim/plan.js';
import { simulateAgent, type SimulateInput, type SimulationValue } from '../codesim/simulate.js';
import { retrieveAgent, type RetrievalValue, type RetrieveInput } from '../mapcoder/retrieve.js';
import { stageMessages } from '../shared/prefix.js';
import { scanSections } from '../shared/sections.js';
import type { Program } from '../../runners/build/types.js';
import { tutored, withPerson, type HintContext } from './tutor.js';

/** The rungs in the order they are revealed, as the person reads them before asking. */
export const RUNGS = [
  'a similar problem',
  "the algorithm's name and idea",
  'the plan',
  'the plan simulated on a sample',
  'the code',
] as const;

const titled = (n: number): string => `Hint ${n} · ${RUNGS[n - 1]}`;

/**
 * Rung 1: one recalled problem. The pane shows the problem alone; its algorithm waits for rung 2.
 * Its own code block may stay unless it copies a program the session knows; its description and
 * plan, and the algorithm and tutorial shown at rung 2, are guarded as rung 2 is.
 */
export const similarAgent: Agent<RetrieveInput & HintContext, RetrievalValue> = {
  ...tutored(retrieveAgent, {
    name: 'hint-similar',
    title: titled(1),
    nextStep:
      'Read their program and its failure first: recall the problem whose solution rests on the idea their program lacks, so that solving it teaches that idea. Say nothing of the problem above itself.',
    guard: (v, cut) => ({
      exemplars: v.exemplars.map((e) => ({
        description: cut(e.description, false),
        code: cut(e.code, true),
        plan: cut(e.plan, false),
      })),
      algorithm: cut(v.algorithm, false),
      tutorial: cut(v.tutorial, false),
    }),
  }),
  pane: 'similar',
};

export interface IdeaInput extends HintContext {
  retrieval: RetrievalValue;
}

export interface IdeaValue {
  algorithm: string;
  idea: string;
  /** With a draft: where the person's program departs from the idea, in words. */
  departs?: string;
}

const DEPARTS = 'where your program departs';

const showIdea = (v: IdeaValue): string =>
  `## Algorithm\n${v.algorithm.trim()}\n\n## Idea\n${v.idea.trim()}\n${v.departs?.trim() ? `\n## Where your program departs\n${v.departs.trim()}\n` : ''}`;

function readIdea(text: string): IdeaValue {
  const sections = scanSections(text, (n) => n === 'algorithm' || n === 'idea' || n === DEPARTS);
  const body = (name: string): string => sections.find((s) => s.name === name)?.body.trim() ?? '';
  const v = { algorithm: body('algorithm'), idea: body('idea'), ...(body(DEPARTS) ? { departs: body(DEPARTS) } : {}) };
  if (!v.algorithm && !v.idea) throw new AnswerFormatError('keep the "## Algorithm" and "## Idea" headings');
  return v;
}

/** Rung 2 without a draft: the algorithm and its tutorial that rung 1's answer held back. */
export const ideaAgent: Agent<IdeaInput, IdeaValue> = {
  name: 'hint-idea',
  title: titled(2),
  pane: 'idea',
  compute: ({ retrieval }) => ({ algorithm: retrieval.algorithm, idea: retrieval.tutorial }),
  // Never sent: rung 1's answer already holds it.
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError("the idea is read from the similar problem's answer");
  },
  show: showIdea,
  edit: (text) => readIdea(text),
};

function ideaMessages(input: IdeaInput, ctx: AgentContext) {
  const stage = [
    'Task: the person above is writing the program themselves and asks for the idea. Tell it in words, then show them where their program parts from it.',
    input.retrieval.algorithm.trim() ? `The problem belongs to this family: ${input.retrieval.algorithm.trim()}` : '',
    input.retrieval.tutorial.trim() ? `A short tutorial on it:\n${input.retrieval.tutorial.trim()}` : '',
    'Do not write code, not even a corrected line of theirs: say what to change, never how it is written.',
    '',
    'Answer with these headings exactly:',
    '## Algorithm',
    '(the algorithm for this problem, named)',
    '## Idea',
    '(the idea in two to five sentences: why it works here)',
    '## Where your program departs',
    '(the first point where their program does something other than the idea asks, and what that costs on the failing test)',
  ].filter((l) => l !== '');
  return withPerson(stageMessages(ctx, stage.join('\n')), input.person, undefined);
}

/** Rung 2 with a draft: the idea, and where the person's program departs from it (one model call). */
export const ideaFromDraft: Agent<IdeaInput, IdeaValue> = {
  name: 'hint-idea',
  title: titled(2),
  pane: 'idea',
  messages: ideaMessages,
  parse: (text) => readIdea(text),
  show: showIdea,
  edit: (text) => readIdea(text),
  ...guardOf(
    tutored(ideaAgent, {
      name: 'hint-idea',
      title: titled(2),
      guard: (v, cut) => ({
        algorithm: cut(v.algorithm, false),
        idea: cut(v.idea, false),
        ...(v.departs !== undefined ? { departs: cut(v.departs, false) } : {}),
      }),
    }),
  ),
};

/** The guard and the journal's record of a tutored agent, for an agent written here. */
function guardOf<I, O>(a: Agent<I, O>): Pick<Agent<I, O>, 'guard' | 'meta'> {
  return { ...(a.guard ? { guard: a.guard } : {}), ...(a.meta ? { meta: a.meta } : {}) };
}

const planFields = (v: PlanValue, cut: (t: string, foreign: boolean) => string): PlanValue => ({
  understanding: cut(v.understanding, false),
  recalledProblem: cut(v.recalledProblem, false),
  recalledSolution: cut(v.recalledSolution, false),
  algorithm: cut(v.algorithm, false),
  plan: cut(v.plan, false),
});

export const planHint: Agent<PlanInput & HintContext, PlanValue> = tutored(planAgent, {
  name: 'hint-plan',
  title: titled(3),
  nextStep:
    'The person has the program above. Write the plan as asked; then, in the Plan section, mark the step their program misses or gets wrong: begin that step with "Your program:" and say in words what it does instead and what the step needs. Never write code, not even theirs corrected.',
  guard: planFields,
});

export const simulateHint: Agent<SimulateInput & HintContext, SimulationValue> = tutored(simulateAgent, {
  name: 'hint-simulate',
  title: titled(4),
  guard: (v, cut) => ({ ...v, trace: cut(v.trace, false), critique: cut(v.critique, false) }),
});

/** Rung 5, the code: not guarded (it is what the person asked for), but it reads their context too. */
export const codeHint: Agent<CodeInput & HintContext, Program> = tutored(codeAgent, {
  name: 'hint-code',
  title: titled(5),
});

/** The journal's names of the rungs, in order: a session's hints are its steps with these names. */
export const HINT_STAGES = [
  similarAgent.name,
  ideaAgent.name,
  planHint.name,
  simulateHint.name,
  codeHint.name,
] as const;
