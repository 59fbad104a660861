import { Rows, seg, type Row } from './rows.js';
import type { Tone } from './theme.js';

/** A bar of `width` cells filled to value/max; the label and percentage beside it. */
export function barRow(value: number, max: number, width: number, label = '', color: Tone = 'cyan'): Row {
  const f = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const barWidth = Math.max(4, width - label.length - 7);
  const full = Math.round(f * barWidth);
  return [
    ...(label ? [seg(label + ' ')] : []),
    seg('█'.repeat(full), { color }),
    seg('░'.repeat(barWidth - full), { dim: true }),
    seg(` ${String(Math.round(f * 100)).padStart(3)}%`),
  ];
}

export function Progress({ value, max, width, label }: { value: number; max: number; width: number; label?: string }) {
  return <Rows rows={[barRow(value, max, width, label)]} />;
}

/** MapCoder's confidence 0..100: red below 40, yellow below 70, green above. */
export function confidenceRow(confidence: number, width: number): Row {
  const c = Math.max(0, Math.min(100, Math.round(confidence)));
  const tone: Tone = c < 40 ? 'red' : c < 70 ? 'yellow' : 'green';
  return barRow(c, 100, Math.min(width, 50), 'confidence', tone);
}

export function ConfidenceBar({ confidence, width }: { confidence: number; width: number }) {
  return <Rows rows={[confidenceRow(confidence, width)]} />;
}
