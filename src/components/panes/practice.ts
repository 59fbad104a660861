// Practice's panes: the person's turn (their draft, the hints used, the last verdict), the first
// two rungs of the hint ladder (a similar problem alone, then the algorithm and its idea), and a
// stress test's outcome. The other rungs are the plan, simulation and code panes as they are.
import { fromArchive, recallRows } from './recall.js';
import type { TurnValue } from '../../agents/hints/turn.js';
import type { IdeaValue } from '../../agents/hints/ladder.js';
import type { RetrievalValue } from '../../agents/mapcoder/retrieve.js';
import type { Proposal } from '../../engine/types.js';
import type { StressOutcome } from '../../runners/judge/stress.js';
import { codeRows } from '../CodeBlock.js';
import { blank, seg, textRows, type Row } from '../rows.js';
import { compareRows } from '../TestTable.js';
import type { PaneOptions } from './paneTypes.js';
import { isProgram, isRetrieval } from './shapes.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isTurn = (v: unknown): v is TurnValue =>
  isObj(v) && isProgram(v.draft) && typeof v.hints === 'number' && Array.isArray(v.rungs) && typeof v.move === 'string';
const isIdea = (v: unknown): v is IdeaValue =>
  isObj(v) && typeof v.algorithm === 'string' && typeof v.idea === 'string';
const isStress = (v: unknown): v is StressOutcome =>
  isObj(v) && typeof v.kind === 'string' && ['agreed', 'found', 'blamed', 'compile-error', 'stopped'].includes(v.kind);

export function turnRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isTurn(v)) return undefined;
  const next = v.rungs[v.hints];
  const rows: Row[] = [
    typeof v.locked === 'string'
      ? [
          seg('hints  ', { bold: true }),
          seg(`locked: ${v.locked}`, { color: 'yellow' }),
          seg('  · the judge, run, watch and stress are yours', { dim: true }),
        ]
      : [
          seg('hints  ', { bold: true }),
          seg(`${v.hints} of ${v.rungs.length} used`, { color: v.hints === 0 ? 'green' : 'yellow' }),
          seg(next ? `  · h shows the next: ${next}` : '  · every hint is shown', { dim: true }),
        ],
  ];
  if (v.last) rows.push([seg('last   ', { bold: true }), seg(v.last, { color: 'red' })]);
  if (v.samplesPass)
    rows.push([
      seg('       '),
      seg('your program passes the samples: t stress-tests it against a brute force', { dim: true }),
    ]);
  if (o.compact) return rows;
  rows.push(blank(), [
    seg('your program', { bold: true }),
    seg('  e writes here · E in $EDITOR · enter submits it as it is', { dim: true }),
  ]);
  rows.push(...codeRows(v.draft.source, { lang: v.draft.lang, width: o.width }));
  return rows;
}

/** Rung 1 shows the recalled problem with its plan and code, and nothing of the algorithm yet. */
export function similarRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v: unknown = p.value;
  if (!isRetrieval(v)) return undefined;
  const e = (v as RetrievalValue).exemplars[0];
  if (!e) return [[seg('(no similar problem came back)', { dim: true })]];
  const rows: Row[] = [
    ...recallRows(p),
    [
      seg(fromArchive(p, 0) ? 'a problem you solved, solved in a similar way' : 'a problem solved in a similar way', {
        bold: true,
      }),
    ],
    ...textRows(e.description.trim(), o.width, {}, '  '),
  ];
  if (o.compact) return rows.slice(0, 4);
  if (e.plan.trim())
    rows.push(blank(), [seg('how it is solved', { bold: true })], ...textRows(e.plan.trim(), o.width, {}, '  '));
  if (e.code.trim())
    rows.push(blank(), [seg('its code', { bold: true })], ...codeRows(e.code, { lang: 'python', width: o.width }));
  return rows;
}

export function ideaRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isIdea(v)) return undefined;
  return [
    [
      seg('algorithm  ', { bold: true }),
      seg(v.algorithm.trim() || '(none was named)', { color: 'yellow', bold: true }),
    ],
    blank(),
    ...textRows(v.idea.trim() || '(no explanation came with it)', o.width, {}, '  ').slice(
      0,
      o.compact ? 3 : undefined,
    ),
    ...(typeof v.departs === 'string' && v.departs.trim()
      ? [blank(), [seg('where your program departs', { bold: true })], ...textRows(v.departs.trim(), o.width, {}, '  ')]
      : []),
  ];
}

export function stressRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isStress(v)) return undefined;
  switch (v.kind) {
    case 'agreed':
      return [
        [
          seg('agreed', { color: 'green', bold: true }),
          seg(`  your program and the brute force gave the same answers on all ${v.rounds} random tests`),
        ],
      ];
    case 'stopped':
      return [[seg('stopped', { color: 'yellow', bold: true }), seg(`  after ${v.rounds} rounds, all agreed`)]];
    case 'compile-error':
      return [
        [seg('CE', { color: 'magenta', bold: true }), seg(`  the ${v.who} does not compile`)],
        ...textRows(v.compile.message, o.width, { dim: true }, '  '),
      ];
    case 'blamed':
      return [
        [
          seg(`the ${v.who === 'brute' ? 'brute force' : 'generator'} failed`, { color: 'yellow', bold: true }),
          seg(` in round ${v.round} (seed ${v.seed}): ${v.detail}`),
        ],
        [seg("not your program's fault: b goes back to fix it", { dim: true })],
      ];
    case 'found': {
      const rows: Row[] = [
        [
          seg(v.result.verdict, { color: 'red', bold: true, inverse: true }),
          seg(
            `  round ${v.round} (seed ${v.seed}): your program disagrees with the brute force${v.result.detail ? ` — ${v.result.detail}` : ''}`,
          ),
        ],
        blank(),
        [seg('input', { bold: true })],
        ...textRows(v.input.trimEnd(), o.width, { dim: true }, '  ').slice(0, o.compact ? 4 : 12),
        blank(),
        ...compareRows(v.answer, v.result.actual, o.width, o.compact ? 3 : 8, ['brute force', 'your program']),
      ];
      if (!o.compact)
        rows.push(blank(), [
          seg('a adds this input as a new sample and asks the debugger why it fails', { dim: true }),
        ]);
      return rows;
    }
  }
}
