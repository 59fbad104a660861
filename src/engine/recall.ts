// Recall from the person's archive: a stage that recalls problems (MapCoder's retrieval, CodeSIM's
// planner, the first hint) says how it takes archived ones (`Agent.recall`); the engine looks them
// up before the model is asked and puts them in the proposal. What was found is in the proposal's
// value and meta, so the journal holds it and replay and resume serve it without the archive.
import type { Problem } from '../problems/types.js';
import type { SessionContext } from './context.js';
import { made, propose, type ProposeArgs } from './propose.js';
import type { AgentContext, Proposal } from './types.js';
import type { RecallMeta, Recalled, RecallResult } from '../session/recallMeta.js';

export type { RecallMeta, RecallSwap, Recalled, RecallResult } from '../session/recallMeta.js';

/** The archive as a session sees it; the caller leaves it out for `retrieval: model`. */
export interface Recall {
  /** `archive`: a stage that can do without the model does; `both`: the model fills what the archive does not. */
  readonly mode: 'archive' | 'both';
  /** Never throws: an archive that cannot be read finds nothing and says so in `note`. */
  lookup(problem: Problem, k: number, signal: AbortSignal): Promise<RecallResult>;
}

/** How a stage takes archived problems. */
export interface RecallUse<I, O> {
  /** How many it can take. */
  count(input: I): number;
  /** The input the model is asked with (archived problems in the prompt); default: as it was. */
  ask?(input: I, found: Recalled[]): I;
  /** The model's value with the archived problems in it. */
  merge(value: O, found: Recalled[], input: I): O;
  /** The value from the archive alone (no model call), for `retrieval: archive`. */
  alone?(found: Recalled[], input: I, ctx: AgentContext): O;
  /** How the person swaps a recalled problem of the value for an archived one at the gate. */
  swap?: {
    /** How many recalled problems the value holds (each can be swapped). */
    slots(value: O): number;
    /** The value with the recalled problem at `slot` (from 0) replaced by `r`. */
    put(value: O, slot: number, r: Recalled): O;
  };
}

/**
 * A proposal of a stage that recalls, with the archive looked up first, or with the problems the
 * person chose at this step (`a.recalled`, after a swap: no archive needed).
 */
export async function proposeRecalled<I, O>(ctx: SessionContext, a: ProposeArgs<I, O>, use: RecallUse<I, O>, recall: Recall | undefined): Promise<{ proposal: Proposal<O>; attempts: number }> {
  const chosen = a.recalled;
  const { found, others, note } = chosen ?? (recall ? await recall.lookup(ctx.problem, use.count(a.input), ctx.signal) : { found: [], others: [] });
  const meta: RecallMeta = { source: found.length > 0 ? 'archive' : 'model', found, others, ...(chosen ? { chosen: true } : {}), ...(note ? { note } : {}) };
  const withMeta = (p: Proposal<O>): Proposal<O> => {
    const swaps = p.value !== undefined && use.swap && others.length > 0 ? swapTexts(a.agent.show, use.swap, p.value, others) : undefined;
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
function swapTexts<O>(show: (v: O) => string, swap: NonNullable<RecallUse<unknown, O>['swap']>, value: O, others: Recalled[]): string[][] {
  return Array.from({ length: swap.slots(value) }, (_, slot) => others.map((r) => show(swap.put(value, slot, r))));
}
