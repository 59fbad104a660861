// The learning table of `simcoach stats`: per tag, weakest first, the skill estimate, how often
// practice was accepted with help, how often a check without help (transfer) passed, and the
// mistakes seen most.
import { mistakesText, type TagLearning } from '../../session/skill.js';
import { printableLine } from '../../terminal/printable.js';
import { listWidth, renderTable, type Column } from '../../terminal/table.js';

const share = (n: number, of: number): string => (of === 0 ? '-' : `${n}/${of} ${Math.round((100 * n) / of)}%`);

export function learningTable(tags: TagLearning[], head: (h: string) => string): string {
  const columns: Column[] = [
    { head: 'tag' },
    { head: 'estimate', align: 'right' },
    { head: 'alone', align: 'right' },
    { head: 'with help', align: 'right' },
    { head: 'transfer', align: 'right' },
    { head: 'mistakes', give: 'clip', min: 8 },
  ];
  const rows = tags.map((t) => [
    printableLine(t.tag),
    `${Math.round(t.rating)} ± ${Math.round(2 * t.rd)}`,
    `${t.noHelp}/${t.problems}`,
    share(t.assisted, t.sessions),
    share(t.transfersPassed, t.transfers),
    printableLine(mistakesText(t.mistakes)),
  ]);
  return renderTable(columns, rows, { width: listWidth(), head }).join('\n');
}
