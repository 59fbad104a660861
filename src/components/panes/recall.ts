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
  if (m.note) rows.push([seg(`  ${m.note}`, { dim: true })]);
  return rows;
}

/** The mark beside exemplar i: the archive's ones come first. */
export const fromArchive = (p: Proposal, i: number): boolean => (recallMeta(p)?.found.length ?? 0) > i;
