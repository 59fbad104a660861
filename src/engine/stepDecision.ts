// A failed step's own decision, made by the person: the stage's decision (a verdict, a number)
// set on what the lenient reader made of the answer, shown as the text the stage's edit reads.
// The person's choice goes to the engine as an edit of that text, so the journal records it
// like any edit, and replay, resume and "back" drive it again as they drive an edit.
import type { Agent, AgentContext, StepDecision } from './types.js';

/** What a failed answer that had nothing in it leaves to decide on. */
const NOTHING = '(the model gave no usable answer)';

/** The part two texts share at the start, never ending inside a number. */
function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  while (i > 0 && /\d/.test(a[i - 1]!)) i--;
  return i;
}

/** The part two texts share at the end (after `from`), never starting inside a number. */
function sharedEnd(a: string, b: string, from: number): number {
  let n = 0;
  while (n < a.length - from && n < b.length - from && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  while (n > 0 && /\d/.test(a[a.length - n]!)) n--;
  return n;
}

/**
 * What the lenient reader makes of a failed answer (of no answer, when it cannot read this one):
 * the value a person's decision is set on, and the previous value their edit of the answer is
 * read against (a choice among the stage's solutions needs those solutions). Undefined when the
 * agent has no lenient reader.
 */
export function failedBase<I, O>(agent: Agent<I, O>, raw: string, input: I, ctx: AgentContext): O | undefined {
  if (!agent.lenient) return undefined;
  try {
    return agent.lenient(raw.trim() ? raw : NOTHING, input, ctx);
  } catch {
    try {
      return agent.lenient(NOTHING, input, ctx);
    } catch {
      return undefined;
    }
  }
}

/** The decision a person can make at a failed step of `agent`, or undefined when it has none. */
export function stepDecision<I, O>(
  agent: Agent<I, O>,
  raw: string,
  input: I,
  ctx: AgentContext,
): StepDecision | undefined {
  const d = agent.decision;
  if (!d) return undefined;
  const base = failedBase(agent, raw, input, ctx);
  if (base === undefined) return undefined;
  const offered = typeof d.options === 'function' ? d.options(base) : (d.options ?? []);
  const options = offered.map((o) => ({ label: o.label, text: agent.show(o.set(base)) }));
  let number: StepDecision['number'];
  if (d.number) {
    const { min, max, label } = d.number;
    const lo = agent.show(d.number.set(base, min));
    const hi = agent.show(d.number.set(base, max));
    const start = sharedStart(lo, hi);
    const end = sharedEnd(lo, hi, start);
    number = { label, min, max, before: lo.slice(0, start), after: lo.slice(lo.length - end) };
  }
  return { question: d.question, options, ...(number ? { number } : {}) };
}

/**
 * The form a stage's answer takes, as its own `show` writes it from an empty reading: what a
 * person's edit of a failed step must look like (the editor shows it beside the answer).
 */
export function formTemplate<I, O>(agent: Agent<I, O>, input: I, ctx: AgentContext): string | undefined {
  if (!agent.lenient) return undefined;
  try {
    return agent.show(agent.lenient(NOTHING, input, ctx));
  } catch {
    return undefined;
  }
}
