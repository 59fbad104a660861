// AlphaCodium's panes: the reflection, the solutions ranked, the AI tests as a table, and the
// fixing stages with the anchors as they grow. Values are read through the guards in shapes.ts;
// a value of another shape falls back to the proposal's text (see index.tsx).
import type { Proposal } from '../../engine/types.js';
import { codeRows } from '../CodeBlock.js';
import { diffRows } from '../Diff.js';
import { blank, cells, cut, seg, textRows, type Row } from '../rows.js';
import {
  hasProgram,
  isAiTests,
  isFailureAnalysis,
  isChoice,
  isFixMeta,
  isProgram,
  isReflection,
  isSolutions,
  metaString,
} from './shapes.js';

interface Opts {
  width: number;
  previousCode?: string;
  compact?: boolean;
}

const firstLine = (s: string): string => {
  const lines = s.trim().split('\n');
  return lines.length > 1 ? `${lines[0]} …(${lines.length} lines)` : (lines[0] ?? '');
};

export function reflectRows(p: Proposal, o: Opts): Row[] | undefined {
  const v = p.value;
  if (!isReflection(v)) return undefined;
  const rows: Row[] = [];
  for (const b of v.bullets) {
    const [first, ...rest] = textRows(b, o.width - 4);
    rows.push([seg('  • ', { color: 'cyan', bold: true }), ...(first ?? [])], ...rest.map((r) => [seg('    '), ...r]));
  }
  v.explanations.forEach((e, i) => {
    rows.push(blank(), [
      seg(`sample ${i + 1}  `, { bold: true }),
      seg(cut(firstLine(e.input), o.width - 25), { dim: true }),
      seg(' → '),
      seg(cut(firstLine(e.output), 20), { color: 'green' }),
    ]);
    rows.push(
      ...textRows(e.explanation || '(no explanation)', o.width, {}, '    ').slice(0, o.compact ? 3 : undefined),
    );
  });
  return rows;
}

function solutionRows(
  s: { name: string; idea: string; why: string; complexity: string },
  rank: string,
  chosen: boolean,
  o: Opts,
): Row[] {
  const rows: Row[] = [
    [
      seg(rank, { color: chosen ? 'green' : 'cyan', bold: true }),
      seg(s.name, { bold: true, ...(chosen ? { color: 'green' } : {}) }),
      ...(s.complexity ? [seg(`   ${firstLine(s.complexity)}`, { color: 'yellow' })] : []),
    ],
  ];
  if (!o.compact || chosen) {
    rows.push(...textRows(s.idea, o.width, {}, '     ').slice(0, o.compact ? 2 : undefined));
    if (s.why && !o.compact) rows.push(...textRows(`why: ${s.why}`, o.width, { dim: true }, '     '));
  }
  return rows;
}

export function solutionsRows(p: Proposal, o: Opts): Row[] | undefined {
  const v = p.value;
  if (isSolutions(v)) return v.solutions.flatMap((s, i) => solutionRows(s, `${String(i + 1).padStart(2)}. `, false, o));
  if (!isChoice(v)) return undefined;
  const rows = v.ranked.flatMap((s, i) =>
    solutionRows(s, i === 0 ? ' ★  ' : `${String(i + 1).padStart(2)}. `, i === 0, o),
  );
  const limits = metaString(p.meta, 'limits');
  const chosen = v.ranked[0];
  if (chosen) {
    rows.push(blank(), [
      seg('chosen  ', { bold: true }),
      seg(chosen.name, { color: 'green', bold: true }),
      seg(`   ${firstLine(chosen.complexity) || 'complexity not given'}`, { color: 'yellow' }),
      ...(limits ? [seg(`  against the limits: ${limits}`, { dim: true })] : []),
    ]);
  }
  if (v.why) rows.push(...textRows(v.why, o.width, { dim: true }, '  '));
  return rows;
}

/** The tests as a table: number, input, output, whose, why (the first line of each). */
export function aiTestsRows(p: Proposal, o: Opts): Row[] | undefined {
  const v = p.value;
  if (!isAiTests(v)) return undefined;
  const changed = new Set(
    Array.isArray(p.meta?.changed)
      ? (p.meta.changed as unknown[]).filter((x): x is number => typeof x === 'number')
      : [],
  );
  // Input and output get most of the width; what is left explains.
  const inCol = Math.max(8, Math.floor((o.width - 16) * 0.35));
  const outCol = Math.max(6, Math.floor((o.width - 16) * 0.25));
  const why = Math.max(4, o.width - inCol - outCol - 14);
  const pad = (text: string, n: number): string => text + ' '.repeat(Math.max(0, n - cells(text)));
  const rows: Row[] = [
    [
      seg(' #  ', { bold: true }),
      seg(pad('input', inCol), { bold: true }),
      seg(' '),
      seg(pad('output', outCol), { bold: true }),
      seg(' whose  why', { bold: true }),
    ],
  ];
  v.tests.forEach((t, i) => {
    rows.push([
      seg(`${String(i + 1).padStart(2)}  `, { color: 'cyan' }),
      seg(pad(cut(firstLine(t.input), inCol), inCol)),
      seg(' '),
      seg(pad(cut(firstLine(t.output), outCol), outCol), changed.has(i) ? { color: 'yellow', bold: true } : {}),
      seg(
        t.by === 'person' ? ' yours  ' : ' AI     ',
        t.by === 'person' ? { color: 'magenta', bold: true } : { dim: true },
      ),
      seg(cut(firstLine(t.explanation), why), { dim: true }),
    ]);
  });
  if (changed.size > 0)
    rows.push(blank(), [
      seg(`the check corrected ${changed.size} output${changed.size === 1 ? '' : 's'} (yellow)`, { color: 'yellow' }),
    ]);
  if (!o.compact)
    rows.push(blank(), [
      seg(
        '  (e to edit: change an input or output, delete a test, or add your own — yours become anchors when they pass)',
        { dim: true },
      ),
    ]);
  return rows;
}

/** The fixing stages: which test, the anchors so far, each fix so far kept or reverted, then the answer. */
export function fixRows(p: Proposal, o: Opts): Row[] | undefined {
  const m = p.meta;
  const v = p.value;
  const rows: Row[] = [];
  if (isFixMeta(m)) {
    rows.push([seg('fixing  ', { bold: true }), seg(m.test, { color: 'red', bold: true })]);
    rows.push([
      seg('anchors ', { bold: true }),
      ...(m.anchors.length
        ? m.anchors.flatMap((a, i) => [seg(i ? '  ' : ''), seg(`⚓ ${a}`, { color: 'green' })])
        : [seg('none yet', { dim: true })]),
    ]);
    for (const h of m.history.slice(o.compact ? -2 : 0)) {
      rows.push([
        seg(h.kept ? '  ✓ kept      ' : '  ↶ reverted  ', { color: h.kept ? 'green' : 'yellow', bold: true }),
        seg(`${h.test}: `),
        seg(h.why, { dim: true }),
      ]);
    }
    rows.push(blank());
  }
  if (isFailureAnalysis(v)) {
    rows.push([seg('what went wrong', { bold: true })], ...textRows(v.wrong || '(not said)', o.width, {}, '  '));
    rows.push([seg('how to fix it', { bold: true })], ...textRows(v.fix || '(not said)', o.width, {}, '  '));
    return rows;
  }
  const program = isProgram(v) ? v : hasProgram(v) ? v.program : undefined;
  if (!program) return undefined;
  const analysis = hasProgram(v) ? v.analysis : undefined;
  if (analysis?.trim())
    rows.push([seg('what went wrong', { bold: true })], ...textRows(analysis, o.width, {}, '  '), blank());
  if (o.previousCode !== undefined)
    rows.push([seg('the fix', { bold: true })], ...diffRows(o.previousCode, program.source, { width: o.width }));
  else rows.push([seg('code', { bold: true })], ...codeRows(program.source, { lang: program.lang, width: o.width }));
  return rows;
}
