// Recall from the person's archive: a stage that recalls problems (MapCoder's retrieval, CodeSIM's
// planner, the first hint) says how it takes archived ones (`Agent.recall`); the engine looks them
// up before the model is asked and puts them in the proposal. What was found is in the proposal's
// value and meta, so the journal holds it and replay and resume serve it without the archive.
import type { SessionContext } from './context.js';
import { made, propose, type ProposeArgs } from './propose.js';
import type { AgentContext, Proposal, Recall, RecallUse } from './types.js';
import type { RecallMeta, Recalled } from '../session/recallMeta.js';

export type { RecallMeta, RecallSwap, Recalled, RecallResult } from '../session/recallMeta.js';
export type { Recall, RecallUse } from './types.js';

/** A step's proposal: through the archive first when its stage recalls and there is one (or the person chose), else as propose makes it. */
export function proposeStep<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
): Promise<{ proposal: Proposal<O>; attempts: number }> {
  if (a.agent.recall && (ctx.recall || a.recalled)) return proposeRecalled(ctx, a, a.agent.recall, ctx.recall);
  return propose(ctx, a);
}

/**
 * A proposal of a stage that recalls, with the archive looked up first, or with the problems the
 * person chose at this step (`a.recalled`, after a swap: no archive needed).
 */
export async function proposeRecalled<I, O>(
  ctx: SessionContext,
  a: ProposeArgs<I, O>,
  use: RecallUse<I, O>,
  recall: Recall | undefined,
): Promise<{ proposal: Proposal<O>; attempts: number }> {
  const chosen = a.recalled;
  const { found, others, note } =
    chosen ?? (recall ? await recall.lookup(ctx.problem, use.count(a.input), ctx.signal) : { found: [], others: [] });
  const meta: RecallMeta = {
    source: found.length > 0 ? 'archive' : 'model',
    found,
    others,
    ...(chosen ? { chosen: true } : {}),
    ...(note ? { note } : {}),
  };
  const withMeta = (p: Proposal<O>): Proposal<O> => {
    const swaps =
      p.value !== undefined && use.swap && others.length > 0
        ? swapTexts(a.agent.show, use.swap, p.value, others)
        : undefined;
    return { ...p, meta: { ...p.meta, recall: swaps ? { ...meta, swaps } : meta } };
  };
  const actx: AgentContext = { problem: ctx.problem, lang: ctx.lang };
  if (found.length > 0 && recall?.mode === 'archive' && use.alone) {
    return { proposal: withMeta(made(a, use.alone(found, a.input, actx), '', actx)), attempts: a.attempt };
  }
  const input = found.length > 0 && use.ask ? use.ask(a.input, found) : a.input;
  // The same stage without its recall, so the model is asked exactly as it would be otherwise.
  const { recall: _r, ...plain } = a.agent;
  const r = await propose(ctx, { ...a, agent: plain, input });
  if (found.length === 0 || r.proposal.value === undefined) return { ...r, proposal: withMeta(r.proposal) };
  const value = use.merge(r.proposal.value, found, input);
  return { ...r, proposal: withMeta({ ...r.proposal, value, text: a.agent.show(value) }) };
}

/** Every swap the gate offers, as the texts the stage's edit reads. */
function swapTexts<O>(
  show: (v: O) => string,
  swap: NonNullable<RecallUse<unknown, O>['swap']>,
  value: O,
  others: Recalled[],
): string[][] {
  return Array.from({ length: swap.slots(value) }, (_, slot) => others.map((r) => show(swap.put(value, slot, r))));
}
