/**
 * A confidence as an integer 0..100 from whatever the model wrote: 85, "85", "85%",
 * "Confidence: 85/100", "8.5/10", "0.85". Undefined when there is no number at all.
 */
export function parsePercent(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? clampPercent(v <= 1 && !Number.isInteger(v) ? v * 100 : v) : undefined;
  if (typeof v !== 'string') return undefined;
  const m = /(-?\d+(?:\.\d+)?)\s*(?:(%)|\/\s*(\d+(?:\.\d+)?))?/.exec(v);
  if (!m) return undefined;
  let n = Number(m[1]);
  if (m[3] !== undefined && Number(m[3]) > 0) n = (n / Number(m[3])) * 100;
  else if (m[2] === undefined && n > 0 && n < 1 && m[1]!.includes('.')) n *= 100;
  return clampPercent(n);
}

export const clampPercent = (n: number): number => Math.min(100, Math.max(0, Math.round(n)));
