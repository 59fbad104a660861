// Where a step's recalled problems came from: the person's archive (which, how similar) or the
// model's memory, read from the proposal's meta (engine/recall.ts), so replay shows it too.
import type { Proposal } from '../../engine/types.js';
import type { RecallMeta } from '../../engine/recall.js';
import { seg, type Row } from '../rows.js';

export function recallMeta(p: Proposal): RecallMeta | undefined {
  const r = p.meta?.recall;
  return typeof r === 'object' && r !== null && Array.isArray((r as RecallMeta).found) ? (r as RecallMeta) : undefined;
}

/** The one line over the pane: from the archive with the similarity, or from the model and why. */
export function recallRows(p: Proposal): Row[] {
  const m = recallMeta(p);
  if (!m) return [];
  const rows: Row[] = [];
  if (m.found.length === 0) rows.push([seg('recalled by the model', { dim: true }), seg(' · nothing in your archive was close enough', { dim: true })]);
  else {
    const f = m.found.map((r) => `${r.title} (similarity ${r.similarity.toFixed(2)}${r.by === 'text' ? ', full text' : ''})`).join(', ');
    rows.push([seg('from your archive: ', { color: 'green', bold: true }), seg(f)]);
  }
  if (m.swaps?.length && m.others.length) rows.push([seg(`  x swaps one for: ${m.others.map(alternative).join(', ')}`, { dim: true })]);
  if (m.note) rows.push([seg(`  ${m.note}`, { dim: true })]);
  return rows;
}

const alternative = (r: RecallMeta['others'][number]): string => `${r.title} (similarity ${r.similarity.toFixed(2)})`;

/** The recalled problem `x` swaps: the first one open in the pane, else the first. */
export const swapSlot = (expanded: ReadonlySet<number>): number => (expanded.size ? Math.min(...expanded) : 0);

/** What the swap asks, over the pane: which problem gives way, and the archived ones to take its place. */
export function swapRows(p: Proposal, slot: number): Row[] {
  const m = recallMeta(p);
  if (!m?.swaps?.[slot]) return [];
  return [
    [seg(`swap recalled problem ${slot + 1} for (open another with 1-9 first to swap that one):`, { bold: true })],
    ...m.others.map((r, j): Row => [seg(`  ${j + 1} `, { color: 'cyan', bold: true }), seg(alternative(r))]),
    [],
  ];
}

/** The mark beside exemplar i: the archive's ones come first. */
export const fromArchive = (p: Proposal, i: number): boolean => (recallMeta(p)?.found.length ?? 0) > i;
