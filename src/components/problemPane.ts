// The problem as rows: title and limits, the statement rendered (markdown, math in Unicode), input
// and output when the statement does not have them as sections, samples side by side.
import type { Problem } from '../problems/types.js';
import { statementRows } from './statement.js';
import { compareRows } from './TestTable.js';
import { blank, seg, textRows, type Row } from './rows.js';
import { printableLine } from '../terminal/printable.js';

// The judge's own defaults (src/runners/judge/judge.ts), shown for problems that state no limits.
const DEFAULT_TIME_MS = 2000;
const DEFAULT_MEMORY_MB = 256;

const time = (ms: number): string => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

/** Time and memory as the judge will apply them; a default is marked as one. */
export function limitsLine(p: Problem): string {
  const t = p.timeLimitMs ? `time ${time(p.timeLimitMs)}` : `time ${time(DEFAULT_TIME_MS)} (default)`;
  const m = p.memoryLimitMb ? `memory ${p.memoryLimitMb} MB` : `memory ${DEFAULT_MEMORY_MB} MB (default)`;
  return `${t} · ${m}`;
}

export function problemRows(p: Problem, width: number): Row[] {
  const rows: Row[] = [[seg(printableLine(p.title), { bold: true }), seg(`  ${printableLine(p.id)}`, { dim: true })]];
  const about = [
    limitsLine(p),
    p.difficulty ? `difficulty ${p.difficulty}` : '',
    p.tags.length ? p.tags.join(', ') : '',
  ].filter(Boolean);
  rows.push(...textRows(about.join(' · '), width, { dim: true }));
  if (p.kind.type === 'function')
    rows.push(...textRows(`function-style: ${p.kind.signature}`, width, { color: 'yellow' }));
  const shown = statementRows(p.statement, width, { title: p.title, samples: p.samples });
  rows.push(blank(), ...shown.rows);
  // Loaders read Input and Output out of the statement itself: shown apart only when they came apart.
  const section = (head: string, text: string | undefined, has: boolean): void => {
    if (!text?.trim() || has || p.statement.includes(text.trim())) return;
    rows.push(blank(), [seg(head, { bold: true })], ...statementRows(text, width).rows);
  };
  section('Input', p.inputSpec, shown.has.input);
  section('Output', p.outputSpec, shown.has.output);
  p.samples.forEach((s, i) => {
    rows.push(blank(), [seg(`Sample ${i + 1}`, { bold: true })]);
    rows.push(
      ...compareRows(s.input, s.outputs[0] ?? '', width, 12, ['input', 'output']).map((r) =>
        r.map((x) => (x.color === 'red' ? { ...x, color: undefined, bold: false } : x)),
      ),
    );
  });
  return rows;
}
