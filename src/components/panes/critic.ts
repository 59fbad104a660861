// CodeTree's panes besides the tree: the thinker's strategies and reflections, and the critic's
// score or verification.
import type { Proposal } from '../../engine/types.js';
import { blank, seg, textRows, type Row } from '../rows.js';
import type { PaneOptions } from './paneTypes.js';
import { isIdeas, isScore, isVerify } from './shapes.js';

export function ideasRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isIdeas(v)) return undefined;
  const rows: Row[] = [];
  v.ideas.forEach((idea, i) => {
    const head = `${String(i + 1).padStart(3)}. `;
    rows.push([seg(head, { color: 'cyan', bold: true }), seg(idea.title, { bold: true })]);
    rows.push(
      ...textRows(idea.idea, o.width, { dim: true }, ' '.repeat(head.length)).slice(0, o.compact ? 2 : undefined),
    );
  });
  return rows;
}

/** 0..5 as five marks, filled up to the score. */
export const scoreMarks = (score: number, max = 5): string =>
  '●'.repeat(Math.round(score)) + '○'.repeat(Math.max(0, max - Math.round(score)));

export function criticRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (isScore(v)) {
    const tone = v.score < 2 ? 'red' : v.score < 4 ? 'yellow' : 'green';
    return [
      [
        seg('score  ', { bold: true }),
        seg(scoreMarks(v.score), { color: tone }),
        seg(`  ${v.score}/5`, { bold: true }),
      ],
      blank(),
      ...textRows(v.review, o.width),
    ];
  }
  if (!isVerify(v)) return undefined;
  const rows: Row[] = [];
  for (const [title, body] of [
    ['overfitting', v.overfitting],
    ['edge cases', v.edgeCases],
    ['complexity', v.complexity],
  ] as const) {
    if (body.trim()) rows.push([seg(title, { bold: true })], ...textRows(body, o.width, {}, '  '));
  }
  const verdict =
    v.verdict === 'accept'
      ? seg('accept', { color: 'green', bold: true })
      : v.verdict === 'reject'
        ? seg('reject', { color: 'red', bold: true })
        : seg("unclear — read as an accept, as the authors' code did", { color: 'yellow', bold: true });
  rows.push(blank(), [seg('verdict  ', { bold: true }), verdict]);
  return rows;
}
