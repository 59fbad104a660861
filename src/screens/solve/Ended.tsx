import { Rows, rowText, seg, textRows, type Row } from '../../components/rows.js';

/**
 * How to go on. What happened is said once, by the end line the history prints just above
 * (it stays in the scrollback); here only what that line does not say.
 */
export function endedRows(file: string | undefined, backendFailed: boolean, width: number): Row[] {
  const lines: Row[] = [];
  if (file) lines.push([seg(`replay it: simcoach replay ${file}`, { dim: true })]);
  if (backendFailed) lines.push([seg('start the server or fix the model (simcoach doctor says how), then press R to go on from the last complete step', { dim: true })]);
  return lines.flatMap((r) => textRows(rowText(r), width, r[0] ?? {}));
}

export function Ended({ file, backendFailed, width }: { file?: string; backendFailed: boolean; width: number }) {
  return <Rows rows={endedRows(file, backendFailed, width)} />;
}
