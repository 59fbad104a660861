import { firstDifferingLine } from '../terminal/differingLine.js';
import type { JudgeResult, TestResult } from '../runners/build/types.js';
import { cutOf, wholeSize } from '../session/cut.js';
import { Rows, cells, cut, seg, textRows, wrapRow, type Row } from './rows.js';
import { verdictTone } from './theme.js';

const fmtTime = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);
/** Memory always in MB, as the limits are given: one unit to compare by eye. */
export const fmtMem = (kb: number): string => `${(kb / 1024).toFixed(1)} MB`;

/**
 * At most `lines` lines of `s`, each cut to `width`, with a note of what was left out. A test the
 * session file keeps cut (a long one, read back in a replay) says its size and that the rest is not kept.
 */
export function trimBlock(s: string, lines: number, width: number): string[] {
  const kept = cutOf(s);
  const all = (kept ? kept.head : s).replace(/\s+$/, '').split('\n');
  const shown = all.slice(0, lines).map((l) => cut(l, width));
  if (kept) shown.push(cut(`… ${wholeSize(kept)} in all; the rest is not kept in the session`, width));
  else if (all.length > lines) shown.push(`… ${all.length - lines} more line${all.length - lines === 1 ? '' : 's'}`);
  return shown.length ? shown : ['(empty)'];
}

/** Expected vs got, side by side when there is room, else one above the other. */
export function compareRows(
  expected: string,
  got: string,
  width: number,
  max = 6,
  labels: [string, string] = ['expected', 'got'],
): Row[] {
  const rows: Row[] = [];
  if (width >= 60) {
    const col = Math.floor((width - 3) / 2);
    const e = trimBlock(expected, max, col);
    const g = trimBlock(got, max, col);
    rows.push([seg(labels[0].padEnd(col), { bold: true }), seg(' │ '), seg(labels[1], { bold: true })]);
    for (let i = 0; i < Math.max(e.length, g.length); i++) {
      const a = e[i] ?? '';
      const b = g[i] ?? '';
      rows.push([seg(a.padEnd(col)), seg(' │ ', { dim: true }), seg(b, a === b ? {} : { color: 'red', bold: true })]);
    }
    return rows;
  }
  rows.push([seg(`${labels[0]}:`, { bold: true })], ...trimBlock(expected, max, width - 2).map((l) => [seg(`  ${l}`)]));
  rows.push(
    [seg(`${labels[1]}:`, { bold: true })],
    ...trimBlock(got, max, width - 2).map((l) => [seg(`  ${l}`, { color: 'red' })]),
  );
  return rows;
}

/** A test's row; a name too long for its column is never cut (it is what `d` and the files go by): it takes a row of its own. */
function testRows(t: TestResult, nameWidth: number): Row[] {
  const long = cells(t.name) > nameWidth;
  const rest: Row = [
    seg((long ? '' : t.name) + ' '.repeat(Math.max(0, nameWidth - (long ? 0 : cells(t.name)))) + '  '),
    seg(t.verdict.padEnd(4), { color: verdictTone(t.verdict), bold: true }),
    seg(fmtTime(t.timeMs).padStart(9), { dim: true }),
    seg(fmtMem(t.memoryKb).padStart(10), { dim: true }),
    ...(t.detail && t.verdict !== 'AC' ? [seg('  ' + t.detail, { dim: true })] : []),
  ];
  return long ? [[seg(t.name)], rest] : [rest];
}

/** The slowest test and the most memory, against the problem's limits when it has them. */
function peakRow(result: JudgeResult): Row {
  const time = Math.max(...result.tests.map((t) => t.timeMs));
  const mem = Math.max(...result.tests.map((t) => t.memoryKb));
  const lim = result.limits ?? {};
  const timeOf = lim.timeMs !== undefined ? ` of ${fmtTime(lim.timeMs)}` : '';
  const memOf = lim.memoryMb !== undefined ? ` of ${lim.memoryMb.toFixed(1)} MB` : '';
  return [seg(`slowest ${fmtTime(time)}${timeOf} · most memory ${fmtMem(mem)}${memOf}`, { dim: true })];
}

/** The judge's table: one row per test, the summary, and expected vs got for the first failure. */
export function testTableRows(result: JudgeResult, width: number): Row[] {
  const rows: Row[] = [];
  if (result.notRun)
    return [[seg('not run', { color: 'yellow', bold: true }), seg(`  ${result.notRun}`, { dim: true })]];
  rows.push([
    seg(result.verdict, { color: verdictTone(result.verdict), bold: true }),
    seg(`  ${result.passed}/${result.total} passed`),
  ]);
  // How the run was judged, whatever its verdict: beside the verdict, never cut.
  for (const n of result.notes ?? [])
    rows.push(...wrapRow([seg('warning: ', { color: 'yellow', bold: true }), seg(n, { color: 'yellow' })], width, 9));
  if (result.compile && !result.compile.ok) {
    rows.push([seg('compile error:', { bold: true, color: 'magenta' })]);
    rows.push(...textRows(result.compile.message.split('\n').slice(0, 8).join('\n'), width, { dim: true }, '  '));
    return rows;
  }
  // As wide as the longest name that leaves room for the time and memory beside it; a longer one takes a row of its own.
  const room = width - 2 - 4 - 9 - 10;
  const nameWidth = Math.max(4, ...result.tests.map((t) => cells(t.name)).filter((w) => w <= room));
  rows.push([seg('test'.padEnd(nameWidth + 2) + 'res ' + 'time'.padStart(9) + 'memory'.padStart(10), { dim: true })]);
  for (const t of result.tests) rows.push(...testRows(t, nameWidth));
  if (result.tests.length > 0) rows.push(peakRow(result));
  const first = result.tests.find((t) => t.verdict !== 'AC');
  if (first) rows.push([], ...failureCardRows(first, width));
  return rows;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;
const linesOf = (text: string): string[] => (text.replace(/\n$/, '') === '' ? [] : text.replace(/\n$/, '').split('\n'));

/**
 * The first failure as a short card, as `watch` prints it: the input's head and size, and the
 * outputs around the first line where they differ — so a long test never pushes the verdict off a
 * small pane. The whole expected and got follow below the card, for scrolling to.
 */
export function failureCardRows(t: TestResult, width: number): Row[] {
  const input = linesOf(t.input);
  const rows: Row[] = [
    ...wrapRow(
      [
        seg(`first failure: ${t.name} (${t.verdict})`, { bold: true }),
        ...(t.detail ? [seg(`  ${t.detail}`, { dim: true })] : []),
      ],
      width,
      2,
    ),
    [seg(`input · ${plural(input.length, 'line')}, ${plural(Buffer.byteLength(t.input), 'byte')}`, { dim: true })],
    ...trimBlock(t.input, 3, width - 2).map((l) => [seg(`  ${l}`)]),
  ];
  if (t.verdict === 'WA' || t.actual.trim() !== '') {
    const want = linesOf(t.expected);
    const got = linesOf(t.actual);
    const at = firstDifferingLine(want, got);
    const from = Math.max(0, at - 1);
    rows.push(
      ...compareRows(want.slice(from, at + 2).join('\n'), got.slice(from, at + 2).join('\n'), width, 3, [
        `expected · line ${at + 1} of ${want.length}`,
        `got · ${plural(got.length, 'line')}`,
      ]),
    );
    if (want.length > 3 || got.length > 3)
      rows.push([], [seg('whole output', { bold: true })], ...compareRows(t.expected, t.actual, width, 200));
  }
  if (t.verdict !== 'WA' && t.stderr.trim())
    rows.push(...textRows(t.stderr.split('\n').slice(-6).join('\n'), width, { dim: true }, '  '));
  return rows;
}

export function TestTable({ result, width }: { result: JudgeResult; width: number }) {
  return <Rows rows={testTableRows(result, width)} />;
}
