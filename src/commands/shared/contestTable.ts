// The contests as a table (`stats`' contests section, `contest --end`): date, set, solved,
// ICPC penalty and Codeforces-style points; no rank, the person's own results only.
import type { ContestRow } from '../../session/contest.js';
import { printableLine } from '../../terminal/printable.js';
import { listWidth, renderTable, type Column } from '../../terminal/table.js';

export function contestTable(rows: ContestRow[], head: (h: string) => string, mark?: string): string {
  const columns: Column[] = [
    { head: 'date' },
    { head: 'contest', id: true },
    { head: 'solved', align: 'right' },
    { head: 'penalty', align: 'right' },
    { head: 'points', align: 'right', optional: true },
    { head: 'set', give: 'clip', min: 8 },
  ];
  const body = rows.map((r) => [
    r.date,
    `${r.id.slice(0, 10)}${r.id === mark ? ' ←' : ''}${r.virtual ? ' (virtual)' : ''}${r.running ? ' (running)' : ''}`,
    `${r.solved}/${r.problems}`,
    String(r.penalty),
    r.points !== undefined ? String(r.points) : '-',
    printableLine(r.set),
  ]);
  return renderTable(columns, body, { width: listWidth(), head }).join('\n');
}
