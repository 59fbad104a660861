// One pane per kind of step. Each turns a proposal into rows (see ../rows.tsx), so the live
// region can cut it to fit and the history can print it whole. Values are read through guards:
// anything unexpected is shown as the proposal's text, never thrown.
import { afterRows, predictRows, yourPlanRows } from './tutor.js';
import type { PaneKind, Proposal } from '../../engine/types.js';
import type { JudgeResult } from '../../runners/build/types.js';
import { codeRows } from '../CodeBlock.js';
import { diffRows, diffStat } from '../Diff.js';
import { confidenceRow } from '../Progress.js';
import { Rows, blank, seg, textRows, type Row, type Seg } from '../rows.js';
import { answerRows } from '../answerText.js';
import { compareRows, testTableRows } from '../TestTable.js';
import { criticRows, ideasRows } from './critic.js';
import { checklistRows, reportRows } from './team.js';
import { treeRows } from './tree.js';
import { aiTestsRows, fixRows, reflectRows, solutionsRows } from './alphacodium.js';
import { explainRows, reviewRows, yoursRows } from './check.js';
import { ideaRows, similarRows, stressRows, turnRows } from './practice.js';
import { fromArchive, recallRows } from './recall.js';
import {
  hasPlan,
  isConfidence,
  isDebug,
  isJudgeResult,
  isProgram,
  isRetrieval,
  isSimulation,
  metaString,
} from './shapes.js';
import type { PaneOptions } from './paneTypes.js';

export type { PaneOptions };

/** The data a pane shows: a proposal, or a judge run (the tests pane). */
export type PaneData = { kind: 'proposal'; proposal: Proposal } | { kind: 'run'; result: JudgeResult; title?: string };

/** "1 line", "12 lines": a program's length as its pane says it. */
const countLines = (source: string): string => {
  const n = source.replace(/\s+$/, '').split('\n').length;
  return `${n} line${n === 1 ? '' : 's'}`;
};

const heading = (text: string): Row => [seg(text, { bold: true, underline: true })];

function section(
  title: string,
  body: string | undefined,
  o: PaneOptions,
  style: Omit<Seg, 'text'> = {},
  maxLines?: number,
): Row[] {
  const text = (body ?? '').trim();
  if (!text) return [];
  let rows = textRows(text, o.width, style, '  ');
  if (maxLines !== undefined && rows.length > maxLines)
    rows = [...rows.slice(0, maxLines), [seg(`  … ${rows.length - maxLines} more lines`, { dim: true })]];
  return [[seg(title, { bold: true })], ...rows];
}

/** The plan's steps as a numbered list: kept as written when the model numbered them. */
export function numberedPlan(plan: string, width: number): Row[] {
  const lines = plan
    .trim()
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l.trim() !== '');
  const numbered = lines.some((l) => /^\s*(\d+[.)]|step\s+\d+)/i.test(l));
  const rows: Row[] = [];
  let n = 0;
  for (const line of lines) {
    if (numbered || /^\s/.test(line)) rows.push(...textRows(line, width, {}, '  '));
    else {
      n++;
      const text = line.replace(/^\s*[-*•]\s+/, '');
      const [first, ...rest] = textRows(text, width - 6, {});
      rows.push([seg(`${String(n).padStart(3)}. `, { color: 'cyan', bold: true }), ...(first ?? [])]);
      for (const r of rest) rows.push([seg('     '), ...r]);
    }
  }
  return rows;
}

function retrieveRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isRetrieval(v)) return undefined;
  const rows: Row[] = recallRows(p);
  v.exemplars.forEach((e, i) => {
    const open = o.expanded?.has(i) ?? false;
    const first = (e.description ?? '').trim().split('\n')[0] ?? '';
    const mine = fromArchive(p, i) ? [seg(' ★ yours', { color: 'green' })] : [];
    rows.push([
      seg(`${open ? '▾' : '▸'} ${i + 1}. `, { color: 'cyan', bold: true }),
      seg(first || '(no description)'),
      ...mine,
    ]);
    if (!open) return;
    rows.push(
      ...textRows((e.description ?? '').trim().split('\n').slice(1).join('\n'), o.width, { dim: true }, '     '),
    );
    if ((e.plan ?? '').trim())
      rows.push([seg('     plan', { bold: true })], ...textRows(e.plan, o.width, {}, '       '));
    if ((e.code ?? '').trim())
      rows.push(
        [seg('     code', { bold: true })],
        ...codeRows(e.code, { lang: 'python', width: o.width - 7 }).map((r) => [seg('       '), ...r]),
      );
  });
  if (v.exemplars.length > 0 && !o.compact)
    rows.push([seg(`  (press 1-${Math.min(9, v.exemplars.length)} to open or close an exemplar)`, { dim: true })]);
  rows.push(blank(), [
    seg('algorithm  ', { bold: true }),
    seg(v.algorithm.trim() || '(none given)', { color: 'yellow' }),
  ]);
  rows.push(...section('tutorial', v.tutorial, o, {}, o.compact ? 4 : undefined));
  return rows;
}

function planRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!hasPlan(v)) return undefined;
  const rows: Row[] = recallRows(p);
  const brief = o.compact ? 2 : 6;
  rows.push(...section('understanding', v.understanding, o, { dim: true }, brief));
  rows.push(...section('recalled problem', v.recalledProblem, o, { dim: true }, brief));
  rows.push(...section('its solution', v.recalledSolution, o, { dim: true }, brief));
  rows.push(...section('algorithm', v.algorithm, o, { color: 'yellow' }, brief));
  rows.push(...section('changes', v.changes, o, { color: 'yellow' }, brief));
  rows.push([seg('plan', { bold: true })], ...numberedPlan(v.plan, o.width));
  if (o.previousPlan !== undefined && o.previousPlan.trim() !== v.plan.trim() && !o.compact) {
    rows.push(
      blank(),
      [seg('changes to the plan', { bold: true })],
      ...diffRows(o.previousPlan, v.plan, { width: o.width }),
    );
  }
  return rows;
}

function confidenceRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isConfidence(v)) return undefined;
  return [confidenceRow(v.confidence, o.width), ...section('why', v.explanation, o, {}, o.compact ? 3 : undefined)];
}

function simulateRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isSimulation(v)) return undefined;
  const fine = v.verdict === 'plan-fine';
  const rows: Row[] = [];
  rows.push(...section('input', metaString(p.meta, 'input') ?? v.input, o, { dim: true }, 6));
  rows.push(...section('trace', v.trace, o, {}, o.compact ? 6 : undefined));
  const expected = p.meta && 'expected' in p.meta ? metaString(p.meta, 'expected') : undefined;
  if (expected !== undefined) {
    rows.push(blank(), ...compareRows(expected, v.predicted, o.width, 8, ['expected (sample)', 'predicted (plan)']));
  } else rows.push(...section('predicted output', v.predicted, o));
  const matches = p.meta?.matches;
  rows.push(blank(), [
    seg('verdict  ', { bold: true }),
    seg(fine ? 'plan is fine' : 'plan needs a change', { color: fine ? 'green' : 'red', bold: true }),
    ...(matches === true
      ? [seg('  (output matches the sample)', { dim: true })]
      : matches === false
        ? [seg('  (output differs from the sample)', { color: 'yellow' })]
        : []),
  ]);
  if (!fine) rows.push(...section('critique', v.critique, o));
  return rows;
}

function codeRowsOf(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isProgram(v)) return undefined;
  // Drawn in the language it is written in (a flagged one is not the session's).
  const lang = p.foreign?.lang ?? v.lang;
  const rows: Row[] = [[seg(lang, { color: 'cyan' }), seg(`  ${countLines(v.source)}`, { dim: true })]];
  rows.push(...codeRows(v.source, { lang, width: o.width }));
  if (o.previousCode !== undefined) {
    const st = diffStat(o.previousCode, v.source);
    rows.push(blank(), [
      seg('diff vs the previous version ', { bold: true }),
      seg(`+${st.added}`, { color: 'green' }),
      seg(' '),
      seg(`-${st.removed}`, { color: 'red' }),
    ]);
    if (!o.compact) rows.push(...diffRows(o.previousCode, v.source, { width: o.width }));
  }
  return rows;
}

function debugRows(p: Proposal, o: PaneOptions): Row[] | undefined {
  const v = p.value;
  if (!isDebug(v)) return undefined;
  const rows: Row[] = [];
  rows.push(...section('the failing input, by hand', v.trace, o, {}, o.compact ? 6 : undefined));
  const blame = v.culprit === 'plan' ? 'plan wrong' : v.culprit === 'code' ? 'code wrong' : 'not said';
  rows.push(blank(), [
    seg('diagnosis  ', { bold: true }),
    seg(blame, { color: v.culprit === 'unknown' ? 'yellow' : 'red', bold: true, inverse: v.culprit !== 'unknown' }),
  ]);
  rows.push(...section('fix', v.fix, o, {}, o.compact ? 4 : undefined));
  // MapCoder's debugger modifies the plan that its next round reads.
  if (hasPlan(v)) rows.push(...section('modified plan', v.plan, o, {}, o.compact ? 4 : undefined));
  const before = o.previousCode;
  if (before !== undefined)
    rows.push(blank(), [seg('the fix', { bold: true })], ...diffRows(before, v.program.source, { width: o.width }));
  else
    rows.push(
      blank(),
      [seg('code', { bold: true })],
      ...codeRows(v.program.source, { lang: p.foreign?.lang ?? v.program.lang, width: o.width }),
    );
  return rows;
}

function textRowsOf(p: Proposal, o: PaneOptions): Row[] {
  const body = p.text.trim() || p.raw.trim();
  // An answer no pane could read is still shown as a person reads it (JSON decoded, headings drawn).
  return body ? answerRows(body, o.width) : [[seg('(empty answer)', { dim: true })]];
}

const BY_KIND: Partial<Record<PaneKind, (p: Proposal, o: PaneOptions) => Row[] | undefined>> = {
  retrieve: retrieveRows,
  plan: planRows,
  confidence: confidenceRows,
  simulate: simulateRows,
  code: codeRowsOf,
  debug: debugRows,
  checklist: checklistRows,
  report: reportRows,
  strategies: ideasRows,
  critic: criticRows,
  tree: treeRows,
  reflect: reflectRows,
  solutions: solutionsRows,
  'ai-tests': aiTestsRows,
  fix: fixRows,
  yours: yoursRows,
  explain: explainRows,
  review: reviewRows,
  practice: turnRows,
  similar: similarRows,
  idea: ideaRows,
  stress: stressRows,
  predict: predictRows,
  'your-plan': yourPlanRows,
  after: afterRows,
};

/**
 * The rows of a proposal's pane. A failed step shows why, what the person can decide there, and
 * the whole answer as a person reads it (JSON decoded, markdown lightly drawn), to scroll
 * through; a cancelled one shows what had come so far.
 */
export function proposalRows(p: Proposal, o: PaneOptions): Row[] {
  if (p.error) {
    const raw = answerRows(p.raw.trim(), o.width - 2);
    if (p.cancelled) {
      const head: Row = [seg('you cancelled this answer', { bold: true, color: 'yellow' })];
      const tail = raw.slice(-8);
      return [
        head,
        ...(tail.length > 0
          ? [blank(), [seg('what had come so far:', { dim: true })], ...tail.map((r): Row => [seg('  '), ...r])]
          : []),
      ];
    }
    if (p.unanswered) {
      return [
        [seg('the model is off: this step is yours to write', { bold: true, color: 'yellow' })],
        [seg(p.error, { dim: true })],
        blank(),
        [seg('E writes it in $EDITOR, e here · r asks the model again once it runs')],
      ];
    }
    const head: Row = [seg('this step could not be read: ', { bold: true, color: 'red' }), seg(p.error)];
    const answer: Row[] =
      raw.length > 0
        ? [[seg('the whole answer:', { dim: true })], ...raw.map((r): Row => [seg('  '), ...r])]
        : [[seg('(the answer was empty)', { dim: true })]];
    return [head, ...decideRows(p), blank(), ...answer];
  }
  return [...foreignRows(p), ...lenientRows(p, o), ...valueRows(p, o)];
}

/** What the person can do at a failed step: edit the answer, decide its decision, ask again. */
function decideRows(p: Proposal): Row[] {
  const d = p.decide;
  const rows: Row[] = [
    [
      seg('e', { bold: true }),
      seg(' edit the answer (it is read again) · '),
      seg('r', { bold: true }),
      seg(' ask again with a note'),
    ],
  ];
  if (!d) return rows;
  const keys: Seg[] = [];
  d.options.forEach((o, i) => keys.push(seg(`${i + 1}`, { bold: true }), seg(` ${o.label}  `)));
  if (d.number) keys.push(seg(`${d.options.length + 1}`, { bold: true }), seg(` type a ${d.number.label}`));
  return [...rows, [seg(`or decide yourself — ${d.question} `, { color: 'yellow' }), ...keys]];
}

/** A program in another language than the session's says so above its pane (the gate offers L and R). */
function foreignRows(p: Proposal): Row[] {
  const f = p.foreign;
  if (!f) return [];
  return [
    [seg(`this looks like ${f.name}, the session is ${f.sessionName}`, { bold: true, color: 'yellow' })],
    blank(),
  ];
}

/** A step read leniently says so above its pane, with why the answer could not be read. */
function lenientRows(p: Proposal, o: PaneOptions): Row[] {
  if (p.lenient === undefined) return [];
  const head: Row = [
    seg('read leniently', { bold: true, color: 'yellow', inverse: true }),
    seg(' as the published code read it (a takes it); after a repair request:', { color: 'yellow' }),
  ];
  const decide = p.decide ? decideRows(p).slice(1) : [];
  return [head, ...textRows(p.lenient, o.width, { dim: true }, '  '), ...decide, blank()];
}

function valueRows(p: Proposal, o: PaneOptions): Row[] {
  try {
    const rows =
      BY_KIND[p.pane]?.(p, o) ??
      (p.pane === 'tests' && isJudgeResult(p.value) ? testTableRows(p.value, o.width) : undefined);
    return rows ?? textRowsOf(p, o);
  } catch {
    return textRowsOf(p, o);
  }
}

export function paneRows(d: PaneData, o: PaneOptions): Row[] {
  return d.kind === 'run' ? testTableRows(d.result, o.width) : proposalRows(d.proposal, o);
}

export function Pane({ data, ...o }: { data: PaneData } & PaneOptions) {
  return <Rows rows={paneRows(data, o)} />;
}

export { heading };
