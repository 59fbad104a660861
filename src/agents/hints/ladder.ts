// The hint ladder of practice: each rung is a stage of the flows' own agents, asked only when the
// person asks for one more hint, in this order — a similar problem (MapCoder's retrieval, one
// exemplar), the algorithm's name and idea (from that same answer, no second call), the plan
// (CodeSIM's planner), the plan simulated on a sample (CodeSIM's simulation), and last the code.
// Only the name, title and pane differ from the stages they wrap, so the journal tells a hint
// from a solver's step and the panes show one rung at a time.
import { AnswerFormatError, type Agent } from '../../engine/types.js';
import { codeAgent } from '../codesim/code.js';
import { planAgent } from '../codesim/plan.js';
import { simulateAgent } from '../codesim/simulate.js';
import { retrieveAgent, type RetrievalValue, type RetrieveInput } from '../mapcoder/retrieve.js';
import { scanSections } from '../shared/sections.js';

/** The rungs in the order they are revealed, as the person reads them before asking. */
export const RUNGS = ['a similar problem', "the algorithm's name and idea", 'the plan', 'the plan simulated on a sample', 'the code'] as const;

const titled = (n: number): string => `Hint ${n} · ${RUNGS[n - 1]}`;

/** Rung 1: one recalled problem. The pane shows the problem alone; its algorithm waits for rung 2. */
export const similarAgent: Agent<RetrieveInput, RetrievalValue> = { ...retrieveAgent, name: 'hint-similar', title: titled(1), pane: 'similar' };

export interface IdeaInput {
  retrieval: RetrievalValue;
}

export interface IdeaValue {
  algorithm: string;
  idea: string;
}

const showIdea = (v: IdeaValue): string => `## Algorithm\n${v.algorithm.trim()}\n\n## Idea\n${v.idea.trim()}\n`;

function readIdea(text: string): IdeaValue {
  const sections = scanSections(text, (n) => n === 'algorithm' || n === 'idea');
  const body = (name: string): string => sections.find((s) => s.name === name)?.body.trim() ?? '';
  const v = { algorithm: body('algorithm'), idea: body('idea') };
  if (!v.algorithm && !v.idea) throw new AnswerFormatError('keep the "## Algorithm" and "## Idea" headings');
  return v;
}

/** Rung 2: the algorithm and its tutorial that rung 1's answer held back. */
export const ideaAgent: Agent<IdeaInput, IdeaValue> = {
  name: 'hint-idea',
  title: titled(2),
  pane: 'idea',
  compute: ({ retrieval }) => ({ algorithm: retrieval.algorithm, idea: retrieval.tutorial }),
  // Never sent: rung 1's answer already holds it.
  messages: () => [],
  parse: () => {
    throw new AnswerFormatError('the idea is read from the similar problem\'s answer');
  },
  show: showIdea,
  edit: (text) => readIdea(text),
};

export const planHint: typeof planAgent = { ...planAgent, name: 'hint-plan', title: titled(3) };
export const simulateHint: typeof simulateAgent = { ...simulateAgent, name: 'hint-simulate', title: titled(4) };
export const codeHint: typeof codeAgent = { ...codeAgent, name: 'hint-code', title: titled(5) };

/** The journal's names of the rungs, in order: a session's hints are its steps with these names. */
export const HINT_STAGES = [similarAgent.name, ideaAgent.name, planHint.name, simulateHint.name, codeHint.name] as const;
