// Where a step's recalled problems came from: the person's archive (which, how similar) or the
// model's memory, read from the proposal's meta (engine/recall.ts), so replay shows it too.
import type { Proposal } from '../../engine/types.js';
import { recallOf, type RecallMeta } from '../../session/recallMeta.js';
import { seg, type Row } from '../rows.js';

export const recallMeta = (p: Proposal): RecallMeta | undefined => recallOf(p);

/**
 * Whether `x` offers a swap here, and how: `swaps`, the answer's texts with each archived problem
 * in it (a stage whose answer holds its recalled problems: the swap is the person's edit), or
 * `swapRefs`, the archived problems a stage made from its recalled problem is asked again with.
 */
export function swapOffer(p: Proposal): { swaps?: string[][]; swapRefs?: string[] } {
  const m = recallMeta(p);
  if (!m) return {};
  return m.swaps ? { swaps: m.swaps } : { swapRefs: m.others.map((r) => r.ref) };
}

/** Something to swap in, at an answer that can be taken as it is. */
export const canSwap = (p: Proposal): boolean =>
  p.value !== undefined && !p.error && !p.cancelled && (recallMeta(p)?.others.length ?? 0) > 0;

const similarity = (r: { similarity: number; by: string }): string =>
  `similarity ${r.similarity.toFixed(2)}${r.by === 'text' ? ', full text' : ''}`;

/** The one line over the pane: from the archive with the similarity, or from the model and why. */
export function recallRows(p: Proposal): Row[] {
  const m = recallMeta(p);
  if (!m) return [];
  const rows: Row[] = [];
  if (m.found.length === 0)
    rows.push([
      seg('recalled by the model', { dim: true }),
      seg(' · nothing in your archive was close enough', { dim: true }),
    ]);
  else {
    const f = m.found.map((r) => `${r.title} (${similarity(r)})`).join(', ');
    rows.push([
      seg(m.chosen ? 'from your archive, your choice: ' : 'from your archive: ', { color: 'green', bold: true }),
      seg(f),
    ]);
  }
  if (canSwap(p)) {
    const to = m.swaps ? 'x swaps one for' : 'x swaps it (and asks again) for';
    rows.push([seg(`  ${to}: ${m.others.map(alternative).join(', ')}`, { dim: true })]);
  }
  if (m.note) rows.push([seg(`  ${m.note}`, { dim: true })]);
  return rows;
}

const alternative = (r: RecallMeta['others'][number]): string => `${r.title} (similarity ${r.similarity.toFixed(2)})`;

/** The recalled problem `x` swaps: the first one open in the pane, else the first. */
export const swapSlot = (expanded: ReadonlySet<number>): number => (expanded.size ? Math.min(...expanded) : 0);

/** One archived problem on offer: how close, its tags, solved by the person or not. */
function offered(r: RecallMeta['others'][number], j: number): Row {
  const tags = r.tags.length ? ` · ${r.tags.join(', ')}` : '';
  const solved = r.session ? seg(' · ✓ solved', { color: 'green' }) : seg(' · not solved', { dim: true });
  return [seg(`  ${j + 1} `, { color: 'cyan', bold: true }), seg(alternative(r)), seg(tags, { dim: true }), solved];
}

/** What the swap asks, over the pane: which problem gives way, and the archived ones to take its place. */
export function swapRows(p: Proposal, slot: number): Row[] {
  const m = recallMeta(p);
  if (!m || !canSwap(p)) return [];
  if (m.swaps && !m.swaps[slot]) return [];
  const head = m.swaps
    ? `swap recalled problem ${slot + 1} for (open another with 1-9 first to swap that one):`
    : `swap the recalled problem (${m.found[slot]?.title ?? "the model's"}) for one you solved; the step is asked again with it:`;
  return [[seg(head, { bold: true })], ...m.others.map(offered), []];
}

/** The mark beside exemplar i: the archive's ones come first. */
export const fromArchive = (p: Proposal, i: number): boolean => (recallMeta(p)?.found.length ?? 0) > i;
