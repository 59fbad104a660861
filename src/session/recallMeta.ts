// What a proposal of a stage that recalls keeps of its recall (engine/recall.ts puts it in the
// meta, and the journal holds it), and what a swap at its gate makes of it: plain data and pure
// functions, read by the engine, the view and the panes alike, so replay and resume need no
// archive. It lives with the session, not the engine, because the first frame may load the view.
import type { Program } from '../runners/build/types.js';

/** One archived problem the person solved, with the program that was accepted and its plan. */
export interface Recalled {
  /** How to load it again (an id, SET:ID), its id and title. */
  ref: string;
  id: string;
  title: string;
  statement: string;
  tags: string[];
  program: Program;
  plan: string;
  /** The session that was accepted. */
  session: string;
  /** 0..1, and whether embeddings or the words in common measured it. */
  similarity: number;
  by: 'embeddings' | 'text';
}

export interface RecallResult {
  /** Close enough to stand in for recalled problems, best first. */
  found: Recalled[];
  /** Nearest of the rest, offered to swap in at the gate. */
  others: Recalled[];
  /** One line to tell the person (the embedding server did not answer, …). */
  note?: string;
}

/** What the pane and the journal say about a recall: which came from where, how close. */
export interface RecallMeta {
  source: 'archive' | 'model';
  /** Whole, so that a swap can put one back among the others and ask again with the rest. */
  found: Recalled[];
  /** Whole, so that the gate can swap one in without asking anything. */
  others: Recalled[];
  /** `found` is the person's choice (a swap at the gate): asking this step again keeps it. */
  chosen?: boolean;
  /**
   * `swaps[slot][j]`: the answer's text with its recalled problem `slot` replaced by `others[j]`,
   * which the gate sends as the person's edit, so the journal records the swap like any edit and
   * replay, resume and "back" drive it again without the archive.
   */
  swaps?: string[][];
  note?: string;
}

/**
 * A swap for a stage without `RecallUse.swap`, whose value is made from its recalled problem
 * (CodeSIM's plan): the archived problem `ref` (one of the proposal's `others`) in place of
 * recalled problem `slot`, and the step asked again with it — a reject that carries the swap.
 * The journal keeps that decision and the new proposal keeps the problems whole, so replay,
 * resume and "back" drive it again without the archive.
 */
export interface RecallSwap {
  slot: number;
  ref: string;
}

/** What these read of a proposal: its meta (a Proposal of steps.ts has one; steps.ts imports this file). */
type WithMeta = { meta?: Record<string, unknown> };

/** The recall a proposal's meta holds (engine/recall.ts put it there), if any. */
export function recallOf(p: WithMeta): RecallMeta | undefined {
  const r = p.meta?.recall as Partial<RecallMeta> | undefined;
  return typeof r === 'object' && r !== null && Array.isArray(r.found) && Array.isArray(r.others)
    ? (r as RecallMeta)
    : undefined;
}

/** Whole as this version keeps it (sessions recorded before kept only a brief of the found ones). */
const whole = (r: Partial<Recalled>): r is Recalled =>
  typeof r.statement === 'string' && typeof r.plan === 'string' && typeof r.program?.source === 'string';

/**
 * What the step is asked again with after the person's swap: `swap.ref` in place of recalled
 * problem `swap.slot` (after the found ones when there are fewer), the one it replaced back among
 * the others. Undefined when the proposal did not offer that problem, or the stage recalls fewer
 * than `slot + 1` (`count`).
 */
export function swappedIn(p: WithMeta, swap: RecallSwap, count: number): RecallResult | undefined {
  const m = recallOf(p);
  const r = m?.others.find((o) => o.ref === swap.ref);
  if (!m || !r || !whole(r) || !Number.isInteger(swap.slot) || swap.slot < 0 || swap.slot >= count) return undefined;
  const found = m.found.filter(whole);
  const out = found[swap.slot];
  if (out) found[swap.slot] = r;
  else found.push(r);
  const others = [...(out ? [out] : []), ...m.others.filter((o) => o !== r)];
  return { found, others, ...(m.note ? { note: m.note } : {}) };
}

/** What a step asked again keeps of its recall: the person's swap at this step, if they made one. */
export function keptChoice(p: WithMeta): RecallResult | undefined {
  const m = recallOf(p);
  return m?.chosen
    ? { found: m.found.filter(whole), others: m.others, ...(m.note ? { note: m.note } : {}) }
    : undefined;
}
