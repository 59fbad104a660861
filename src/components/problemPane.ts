// The problem as rows: statement, input and output, samples side by side, limits.
import type { Problem } from '../problems/types.js';
import { compareRows } from './TestTable.js';
import { blank, seg, textRows, type Row } from './rows.js';

export function problemRows(p: Problem, width: number): Row[] {
  const rows: Row[] = [[seg(p.title, { bold: true }), seg(`  ${p.id}`, { dim: true })]];
  const limits = [
    p.timeLimitMs ? `time ${p.timeLimitMs >= 1000 ? `${p.timeLimitMs / 1000} s` : `${p.timeLimitMs} ms`}` : '',
    p.memoryLimitMb ? `memory ${p.memoryLimitMb} MB` : '',
    p.difficulty ? `difficulty ${p.difficulty}` : '',
    p.tags.length ? p.tags.join(', ') : '',
  ].filter(Boolean);
  if (limits.length) rows.push([seg(limits.join(' · '), { dim: true })]);
  if (p.kind.type === 'function') rows.push([seg(`function-style: ${p.kind.signature}`, { color: 'yellow' })]);
  rows.push(blank(), ...textRows(p.statement, width));
  if (p.inputSpec?.trim()) rows.push(blank(), [seg('Input', { bold: true })], ...textRows(p.inputSpec, width));
  if (p.outputSpec?.trim()) rows.push(blank(), [seg('Output', { bold: true })], ...textRows(p.outputSpec, width));
  p.samples.forEach((s, i) => {
    rows.push(blank(), [seg(`Sample ${i + 1}`, { bold: true })]);
    rows.push(...compareRows(s.input, s.outputs[0] ?? '', width, 12, ['input', 'output']).map((r) => r.map((x) => (x.color === 'red' ? { ...x, color: undefined, bold: false } : x))));
  });
  return rows;
}
