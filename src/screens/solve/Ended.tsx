import { compareRows, trimBlock } from '../../components/TestTable.js';
import { Rows, cells, rowText, seg, textRows, wrapLine, type Row } from '../../components/rows.js';
import type { TestResult } from '../../runners/build/types.js';
import { sessionRef } from '../../session/index.js';

/**
 * How to go on. What happened is said once, by the end line the history prints just above
 * (it stays in the scrollback); here only what that line does not say. `offered`: the hidden
 * test a failed Submit can send to the debugger (`d`).
 */
export function endedRows(
  file: string | undefined,
  backendFailed: boolean,
  width: number,
  offered?: TestResult,
  lang?: string,
): Row[] {
  const lines: Row[] = [];
  if (lang) lines.push([seg(`language: ${lang}`, { dim: true })]);
  if (offered)
    lines.push([
      seg(
        `d sends ${offered.name} (${offered.verdict}) to the debugger as a new sample; the samples and the Submit then run again`,
      ),
    ]);
  if (backendFailed)
    lines.push([
      seg(
        'start the server or fix the model (simcoach doctor says how), then press R to go on from the last complete step',
        { dim: true },
      ),
    ]);
  const rows = lines.flatMap((r) => textRows(rowText(r), width, r[0] ?? {}));
  // The one place the session's file is named: a command to paste, so never cut — on a line of
  // its own when "replay it:" and it do not fit one line together; by the session's id when the
  // file does not fit a line (a long home); a file elsewhere broken at its slashes.
  if (file) {
    const full = `simcoach replay ${file}`;
    const command = cells(full) <= width ? full : `simcoach replay ${sessionRef(file)}`;
    const dim = { dim: true };
    if (cells(`replay it: ${command}`) <= width) rows.push([seg(`replay it: ${command}`, dim)]);
    else rows.push([seg('replay it:', dim)], ...pathRows(command, width).map((l) => [seg(l, dim)]));
  }
  return rows;
}

/** A command too wide for a line, broken after slashes (a name longer than a line is split, as nothing else can show it). */
function pathRows(command: string, width: number): string[] {
  const rows: string[] = [];
  let line = '';
  for (const part of command.split(/(?<=\/)/)) {
    if (line && cells(line + part) > width) {
      rows.push(line);
      line = '';
    }
    const pieces = wrapLine(line + part, width);
    rows.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  if (line) rows.push(line);
  return rows;
}

export function Ended({
  file,
  backendFailed,
  width,
  offered,
  lang,
}: {
  file?: string;
  backendFailed: boolean;
  width: number;
  offered?: TestResult;
  lang?: string;
}) {
  return <Rows rows={endedRows(file, backendFailed, width, offered, lang)} />;
}

/**
 * The test `d` would add, before it is added: its input, the expected output and what the
 * program printed (or how it failed), within `height` rows.
 */
export function sampleRows(t: TestResult, width: number, height: number): Row[] {
  const room = Math.max(1, Math.floor((height - 6) / 3));
  const rows: Row[] = [
    [seg(`Send ${t.name} to the debugger as a new sample?`, { bold: true })],
    ...textRows(
      `The program fails it (${t.verdict}${t.detail ? `: ${t.detail}` : ''}). From its last samples run the flow goes on with this test among the samples, debugs, and submits again.`,
      width,
      { dim: true },
    ),
    [seg('input:', { bold: true })],
    ...trimBlock(t.input, room, width - 2).map((l) => [seg(`  ${l}`)]),
  ];
  if (t.verdict === 'WA') rows.push(...compareRows(t.expected, t.actual, width, room));
  else {
    rows.push(
      [seg('expected:', { bold: true })],
      ...trimBlock(t.expected, room, width - 2).map((l) => [seg(`  ${l}`)]),
    );
    const why =
      t.verdict === 'TLE'
        ? 'time limit exceeded'
        : t.verdict === 'MLE'
          ? 'memory limit exceeded'
          : t.stderr.trim() || `exit code ${t.exitCode ?? t.signal ?? '?'}`;
    rows.push(
      [seg('got:', { bold: true })],
      ...trimBlock(`${t.actual ? `${t.actual.replace(/\s+$/, '')}\n` : ''}(${why})`, room, width - 2).map((l) => [
        seg(`  ${l}`, { color: 'red' }),
      ]),
    );
  }
  return rows;
}

export function SampleConfirm({ test, width, height }: { test: TestResult; width: number; height: number }) {
  return <Rows rows={sampleRows(test, width, height)} height={height} />;
}
