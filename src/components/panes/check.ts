// The panes of "check my code": the person's program (or how to give one), the explanation of
// its failure with the wrong line marked in the code, the complexity review, and the model's
// simulation held against the real trace.
import type { Proposal } from '../../engine/types.js';
import type { Trace } from '../../runners/trace/trace.js';
import type { TraceComparison } from '../../runners/trace/traceDiff.js';
import { codeRows } from '../CodeBlock.js';
import { blank, cut, seg, textRows, type Row } from '../rows.js';
import { compareRows } from '../TestTable.js';
import { isProgram, metaString } from './shapes.js';

interface Opts {
  width: number;
  compact?: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

const isExplanation = (
  v: unknown,
): v is {
  trace: string;
  line: number | null;
  lineText?: string;
  culprit: string;
  explanation: string;
  fixWanted: boolean;
  predictWanted?: boolean;
} =>
  isObj(v) &&
  typeof v.trace === 'string' &&
  typeof v.explanation === 'string' &&
  typeof v.culprit === 'string' &&
  (v.line === null || typeof v.line === 'number');

const isReview = (v: unknown): v is { complexity: string; fit: string; limits: string; notes: string } =>
  isObj(v) && typeof v.complexity === 'string' && typeof v.fit === 'string';

function section(title: string, body: string, o: Opts, max?: number): Row[] {
  const t = body.trim();
  if (!t) return [];
  let rows = textRows(t, o.width, {}, '  ');
  if (max !== undefined && rows.length > max)
    rows = [...rows.slice(0, max), [seg(`  … ${rows.length - max} more lines`, { dim: true })]];
  return [[seg(title, { bold: true })], ...rows];
}

export function yoursRows(p: Proposal, o: Opts): Row[] | undefined {
  if (!isProgram(p.value)) return undefined;
  if (p.value.source.trim() === '') {
    return [
      [seg('Bring the program you want checked:', { bold: true })],
      [seg('  o  ', { bold: true, color: 'cyan' }), seg('open a file (a path; the language from its extension)')],
      [seg('  E  ', { bold: true, color: 'cyan' }), seg('write it in $VISUAL / $EDITOR')],
      [seg('  e  ', { bold: true, color: 'cyan' }), seg('type or paste it here')],
      blank(),
      ...textRows(
        'It is judged on the samples, then the hidden tests. On a failure the model explains it and names the line; it fixes nothing unless you press f.',
        o.width,
        { dim: true },
        '  ',
      ),
    ];
  }
  return [
    [seg(p.value.lang, { color: 'cyan' }), seg('  your program', { dim: true })],
    ...codeRows(p.value.source, { lang: p.value.lang, width: o.width }),
  ];
}

/** The program's rows with one line marked, cut to a window around it when compact. */
function markedCode(source: string, lang: string, line: number | null, o: Opts): Row[] {
  const rows = codeRows(source, { lang, width: o.width - 2 });
  let n = 0;
  const out: { row: Row; line: number }[] = [];
  for (const r of rows) {
    if (/\d/.test(r[0]?.text ?? '')) n++;
    const hit = n === line;
    out.push({
      line: n,
      row: [
        seg(hit ? '▶ ' : '  ', { color: 'red', bold: true }),
        ...(hit ? r.map((s) => ({ ...s, inverse: true })) : r),
      ],
    });
  }
  if (!o.compact || line === null) return out.map((x) => x.row);
  return out.filter((x) => Math.abs(x.line - line) <= 2).map((x) => x.row);
}

export function explainRows(p: Proposal, o: Opts): Row[] | undefined {
  const v = p.value;
  if (!isExplanation(v)) return undefined;
  const m = p.meta;
  const rows: Row[] = [];
  const test = metaString(m, 'test');
  if (test)
    rows.push([
      seg('fails  ', { bold: true }),
      seg(`${test}  ${metaString(m, 'verdict') ?? ''}`, { color: 'red', bold: true }),
    ]);
  const input = metaString(m, 'input');
  if (input?.trim()) rows.push(...section('input', input, o, 6));
  const expected = metaString(m, 'expected');
  const actual = metaString(m, 'actual');
  if (expected !== undefined && actual !== undefined && (expected || actual))
    rows.push(blank(), ...compareRows(expected, actual, o.width, 6, ['expected', 'your program printed']));
  rows.push(blank());
  const at = v.line === null ? '(the answer named no line)' : `line ${v.line}${v.lineText ? `   ${v.lineText}` : ''}`;
  rows.push([
    seg('goes wrong at  ', { bold: true }),
    seg(cut(at, Math.max(10, o.width - 16)), { color: v.line === null ? 'yellow' : 'red', bold: true }),
  ]);
  const what =
    v.culprit === 'idea'
      ? 'the idea is wrong'
      : v.culprit === 'implementation'
        ? 'the idea is right; the implementation is wrong'
        : 'not said whether the idea or the code';
  rows.push([
    seg('verdict        ', { bold: true }),
    seg(what, { color: v.culprit === 'unknown' ? 'yellow' : 'red', bold: true, inverse: v.culprit !== 'unknown' }),
  ]);
  rows.push(blank(), ...section('why', v.explanation, o));
  const program = metaString(m, 'program');
  if (program && v.line !== null)
    rows.push(
      blank(),
      [seg('your program', { bold: true })],
      ...markedCode(program, metaString(m, 'lang') ?? 'python', v.line, o),
    );
  rows.push(blank(), ...section('the failing input, by hand', v.trace, o, o.compact ? 6 : undefined));
  if (v.predictWanted)
    rows.push(blank(), [
      seg('predict, then see asked for', { color: 'yellow', bold: true }),
      seg(' — approve and the question comes', { dim: true }),
    ]);
  rows.push(
    blank(),
    v.fixWanted
      ? [
          seg('fix asked for', { color: 'yellow', bold: true }),
          seg(' — approve and the model writes one', { dim: true }),
        ]
      : [
          seg(
            'no fix unless you ask: f asks for one · v: predict, then see · T holds this simulation against the real run',
            { dim: true },
          ),
        ],
  );
  return rows;
}

export function reviewRows(p: Proposal, o: Opts): Row[] | undefined {
  const v = p.value;
  if (!isReview(v)) return undefined;
  const fit =
    v.fit === 'fits' ? 'fits the limits' : v.fit === 'too-slow' ? 'too slow for the largest input' : 'not said';
  return [
    [seg('accepted  ', { bold: true, color: 'green' }), seg('on every test we have')],
    blank(),
    ...section('complexity', v.complexity, o),
    [
      seg('verdict  ', { bold: true }),
      seg(fit, { color: v.fit === 'fits' ? 'green' : v.fit === 'too-slow' ? 'red' : 'yellow', bold: true }),
    ],
    ...section('against the limits', v.limits, o),
    ...section('notes', v.notes, o, o.compact ? 4 : undefined),
  ];
}

/** A state as `name=value` pairs, the names the model spoke of first. */
const stateText = (vars: Record<string, string>, first: readonly string[] = []): string =>
  [...first.filter((k) => k in vars), ...Object.keys(vars).filter((k) => !first.includes(k))]
    .map((k) => `${k}=${vars[k]}`)
    .join(' ');

/**
 * The model's simulation beside the real run: a row per model step with the real state it was
 * matched to; the first step where they differ is marked, with what each side says, and the
 * real run's next steps follow.
 */
export function traceCompareRows(c: TraceComparison, t: Trace, width: number, predicted?: string): Row[] {
  const col = Math.max(20, Math.floor((width - 5) / 2));
  const rows: Row[] = [
    [
      seg("the model's simulation".padEnd(col), { bold: true }),
      seg(' │ ', { dim: true }),
      seg('the real run (line: variables)', { bold: true }),
    ],
  ];
  if (c.model.length === 0)
    rows.push([seg('the simulation has no lines of the form "line N: name = value" to check', { color: 'yellow' })]);
  for (let i = 0; i < c.matches.length; i++) {
    const m = c.matches[i]!;
    const left = c.model[m.model]!.text;
    const real = m.real !== undefined ? t.steps[m.real] : undefined;
    const shown = t.steps[m.state ?? m.real ?? -1] ?? real;
    const right =
      real && shown
        ? `${real.line}: ${stateText(
            shown.vars,
            c.model[m.model]!.claims.map(([n]) => n),
          )}`
        : '';
    const mark = m.status === 'same' ? '✓' : m.status === 'differs' ? '✗' : '·';
    const style =
      m.status === 'differs'
        ? { color: 'red' as const, bold: true, inverse: true }
        : m.status === 'same'
          ? {}
          : { dim: true };
    rows.push([
      seg(`${mark} ${cut(left, col - 2)}`.padEnd(col), style),
      seg(' │ ', { dim: true }),
      seg(cut(right, col), m.status === 'differs' ? { color: 'red', bold: true } : { dim: m.status !== 'same' }),
    ]);
    if (m.status === 'differs') {
      for (const x of m.mismatches ?? [])
        rows.push([seg(`    ${x.name}: the model says ${x.model}, the real run has ${x.real}`, { color: 'red' })]);
    }
  }
  if (c.firstDiff !== undefined) {
    const from = c.matches[c.firstDiff]!.real ?? 0;
    rows.push(blank(), [seg('the real run from there', { bold: true })]);
    for (const s of t.steps.slice(from, from + 8))
      rows.push([
        seg(`  ${'  '.repeat(Math.max(0, s.depth - 1))}${s.line}: `, { color: 'cyan' }),
        seg(cut(stateText(s.vars) + (s.ret !== undefined ? `  → returns ${s.ret}` : ''), width - 10)),
      ]);
  } else if (c.checked > 0) {
    rows.push(blank(), [
      seg(`no difference: the real run agrees with all ${c.checked} values the simulation states`, {
        color: 'green',
        bold: true,
      }),
    ]);
  }
  if (t.truncated)
    rows.push([
      seg(
        `the real run was recorded up to its ${t.truncated === 'steps' ? 'step cap' : t.truncated === 'size' ? 'size cap' : 'time limit'} (${t.steps.length} steps)`,
        { color: 'yellow' },
      ),
    ]);
  if (t.error)
    rows.push([
      seg(`the real run died at line ${t.error.line ?? '?'}: ${t.error.type}: ${t.error.message}`, { color: 'red' }),
    ]);
  if (predicted !== undefined)
    rows.push(blank(), ...compareRows(predicted, t.stdout, width, 6, ['predicted (model)', 'printed (real run)']));
  return rows;
}
