import type { Outcome } from '../../engine/types.js';
import { Rows, rowText, seg, textRows, type Row } from '../../components/rows.js';

/** What happened, once: the outcome with its reason, where the session is saved, how to go on. */
export function endedRows(o: Outcome, file: string | undefined, backendFailed: boolean, width: number): Row[] {
  const solved = o.status === 'solved';
  const lines: Row[] = [
    [seg(solved ? '★ solved' : o.status, { bold: true, color: solved ? 'green' : 'yellow' }), seg(o.samples ? `  samples ${o.samples.passed}/${o.samples.total}` : '')],
    ...(o.reason ? [[seg(o.reason)]] : []),
    ...(file ? [[seg(`replay it: simcoach replay ${file}`, { dim: true })]] : []),
  ];
  if (backendFailed) lines.push([seg('start the server or fix the model (simcoach doctor says how), then press R to go on from the last complete step', { dim: true })]);
  return lines.flatMap((r) => textRows(rowText(r), width, r[0] ?? {}));
}

export function Ended({ outcome, file, backendFailed, width }: { outcome: Outcome; file?: string; backendFailed: boolean; width: number }) {
  return <Rows rows={endedRows(outcome, file, backendFailed, width)} />;
}
