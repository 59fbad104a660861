// The panes of the tutor's questions in practice: the question to predict (then the person's
// value), the prediction held against the real run, the person's plan and its simulation on a
// sample, and the one question after the solve. Each says which key answers it.
import type { Proposal } from '../../engine/types.js';
import { blank, seg, textRows, type Row } from '../rows.js';
import type { PaneOptions } from './paneTypes.js';
import { isAfterSolve, isPrediction } from './tutorKeys.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function seeRows(v: Obj, p: Proposal): Row[] {
  if (v.kind === 'untraced')
    return [
      [seg('no real run', { bold: true, color: 'yellow' }), seg(`  ${String(v.reason)}`)],
      [seg('a goes on', { dim: true })],
    ];
  const same = v.status === 'same';
  return [
    [
      seg(same ? 'right' : 'see', { bold: true, inverse: true, color: same ? 'green' : 'red' }),
      seg(`  ${p.text.trim().replace(/^right: /, '')}`),
    ],
    blank(),
    [
      seg(same ? 'a goes on to the next question' : 'a goes back to your program: the real run is the clue', {
        dim: true,
      }),
    ],
  ];
}

/** Predict, then see: the question, then the person's value, then where it parts from the real run. */
export function predictRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isObj(v)) return undefined;
  if (typeof v.kind === 'string') return seeRows(v, p);
  if (typeof v.question !== 'string') return undefined;
  const rows: Row[] = [
    [
      seg('predict  ', { bold: true }),
      seg(`line ${String(v.line)} · ${String(v.variable)}`, { color: 'yellow', bold: true }),
    ],
    ...textRows(v.question, o.width, {}, '  '),
  ];
  if (!isPrediction(v))
    return [
      ...rows,
      blank(),
      [seg('a keeps this question · e picks another (line: N, variable: name)', { dim: true })],
    ];
  if (v.value.trim() !== '') return [...rows, [seg('you say  ', { bold: true }), seg(v.value)]];
  return [
    ...rows,
    blank(),
    [seg('enter types your prediction: one value, or one per time the line runs, with commas', { dim: true })],
  ];
}

/** Idea first: the person's plan as they wrote it, or the model's run of it on a sample. */
export function yourPlanRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isObj(v)) return undefined;
  if (typeof v.plan === 'string') {
    if (v.plan === '')
      return [
        [
          seg('your plan', { bold: true }),
          seg('  in your own words, before you code: e writes it here, E in $EDITOR', { dim: true }),
        ],
      ];
    return [[seg('your plan', { bold: true })], ...textRows(v.plan, o.width, {}, '  ')];
  }
  if (typeof v.holds !== 'boolean') return undefined;
  const verdict = v.holds ? 'holds' : `breaks${typeof v.step === 'number' ? ` at step ${v.step}` : ''}`;
  return [
    [
      seg(verdict, { bold: true, inverse: true, color: v.holds ? 'green' : 'red' }),
      seg('  your plan on the sample', { dim: true }),
    ],
    ...textRows(String(v.why ?? ''), o.width, {}, '  '),
    blank(),
    ...textRows(String(v.trace ?? ''), o.width, { dim: true }, '  ').slice(0, o.compact ? 3 : undefined),
  ];
}

/** One question after the solve. */
export function afterRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isAfterSolve(v)) return undefined;
  const rows: Row[] = [[seg(v.question, { bold: true })]];
  if (v.errorClass) rows.push([seg('the judge points to  ', { dim: true }), seg(v.errorClass, { color: 'yellow' })]);
  if (v.answer) rows.push(...textRows(v.answer, o.width, {}, '  '));
  else rows.push(blank(), [seg('e answers in one line · enter skips', { dim: true })]);
  return rows;
}
