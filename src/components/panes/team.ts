// Self-collaboration's panes: the analyst's plan as a checklist, and the tester's report with
// each finding an item the person keeps or strikes out before the coder sees it.
import type { Proposal } from '../../engine/types.js';
import { blank, seg, textRows, type Row } from '../rows.js';
import type { PaneOptions } from './paneTypes.js';
import { isAnalysis, isReport } from './shapes.js';

/** Items as checkbox rows, wrapped under their text. */
function checkRows(items: readonly string[], width: number, numbered: boolean): Row[] {
  const rows: Row[] = [];
  items.forEach((item, i) => {
    const box = numbered ? `[ ] ${i + 1}. ` : '[ ] ';
    const [first, ...rest] = textRows(item, width - box.length - 2);
    rows.push([seg(`  ${box}`, { color: 'cyan' }), ...(first ?? [])]);
    for (const r of rest) rows.push([seg(' '.repeat(box.length + 2)), ...r]);
  });
  return rows;
}

export function checklistRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isAnalysis(v)) return undefined;
  const rows: Row[] = [];
  if (v.subproblems.length)
    rows.push([seg('subproblems', { bold: true })], ...checkRows(v.subproblems, o.width, false), blank());
  rows.push([seg('steps', { bold: true })], ...checkRows(v.steps, o.width, true));
  return rows;
}

/** How many findings a person can strike with a digit key. */
export const MAX_KEYED = 9;

export function reportRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isReport(v)) return undefined;
  const struck = o.marked ?? new Set<number>();
  const rows: Row[] = [];
  if (v.findings.length === 0) rows.push([seg('no findings', { dim: true })]);
  else {
    const kept = v.findings.length - [...struck].filter((i) => i < v.findings.length).length;
    rows.push([
      seg('findings', { bold: true }),
      seg(`  ${kept} of ${v.findings.length} go to the coder`, { dim: true }),
    ]);
  }
  const areaWidth = Math.max(...v.findings.map((f) => f.area.length), 0);
  v.findings.forEach((f, i) => {
    const out = struck.has(i);
    const head = `${String(i + 1).padStart(3)} ${out ? '✗' : '•'} ${f.area.padEnd(areaWidth)}  `;
    const [first, ...rest] = textRows(f.text, o.width - head.length);
    const style = out ? { dim: true, strike: true } : {};
    rows.push([
      seg(head, { color: out ? 'red' : 'yellow', bold: !out }),
      ...(first ?? []).map((s) => ({ ...s, ...style })),
    ]);
    for (const r of rest) rows.push([seg(' '.repeat(head.length)), ...r.map((s) => ({ ...s, ...style }))]);
  });
  rows.push(blank(), [
    seg('verdict  ', { bold: true }),
    v.passed
      ? seg('Code Test Passed', { color: 'green', bold: true })
      : seg('needs repair', { color: 'red', bold: true }),
  ]);
  if (v.findings.length > 0 && !o.compact)
    rows.push([
      seg(`  (1-${Math.min(MAX_KEYED, v.findings.length)} strike out or keep a finding; a keeps the rest)`, {
        dim: true,
      }),
    ]);
  return rows;
}
