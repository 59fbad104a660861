// Limits as people write them: `2s`, `1500ms`, `2 seconds`, `256MB`, `1024 megabytes`, `1 GiB`.

const TIME_UNITS: Record<string, number> = {
  ms: 1, msec: 1, millisecond: 1, milliseconds: 1,
  s: 1000, sec: 1000, secs: 1000, second: 1000, seconds: 1000,
};

const MEMORY_UNITS: Record<string, number> = {
  b: 1 / 1048576, byte: 1 / 1048576, bytes: 1 / 1048576,
  kb: 1 / 1024, kib: 1 / 1024, kilobyte: 1 / 1024, kilobytes: 1 / 1024,
  mb: 1, mib: 1, m: 1, megabyte: 1, megabytes: 1,
  gb: 1024, gib: 1024, g: 1024, gigabyte: 1024, gigabytes: 1024,
};

function parseQuantity(text: string, units: Record<string, number>, bareUnit: number): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === '' ? bareUnit : units[unit];
  if (factor === undefined) return undefined;
  return Math.round(value * factor);
}

/** Milliseconds, or undefined when the text is not a time. A bare number is milliseconds. */
export function parseTimeLimit(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? Math.round(text) : undefined;
  const ms = parseQuantity(text, TIME_UNITS, 1);
  return ms !== undefined && ms > 0 ? ms : undefined;
}

/** Megabytes, or undefined when the text is not a size. A bare number is megabytes. */
export function parseMemoryLimit(text: string | number): number | undefined {
  if (typeof text === 'number') return Number.isFinite(text) && text > 0 ? Math.round(text) : undefined;
  const mb = parseQuantity(text, MEMORY_UNITS, 1);
  return mb !== undefined && mb > 0 ? mb : undefined;
}

/** `2000` → `2s`, `1500` → `1500ms`: the shortest form that reads back the same. */
export function formatTimeLimit(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
