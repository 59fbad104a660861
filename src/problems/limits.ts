// Limits as people write them: `2s`, `1500ms`, `2 seconds`, `256MB`, `1024 megabytes`, `1 GiB`.

const TIME_UNITS: Record<string, number> = {
  ms: 1,
  msec: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
};

const MEMORY_UNITS: Record<string, number> = {
  b: 1 / 1048576,
  byte: 1 / 1048576,
  bytes: 1 / 1048576,
  kb: 1 / 1024,
  kib: 1 / 1024,
  kilobyte: 1 / 1024,
  kilobytes: 1 / 1024,
  mb: 1,
  mib: 1,
  m: 1,
  megabyte: 1,
  megabytes: 1,
  gb: 1024,
  gib: 1024,
  g: 1024,
  gigabyte: 1024,
  gigabytes: 1024,
};

/**
 * The largest limits simcoach judges with: past them a limit is a typo or a crafted file (a
 * day-long time limit, ten terabytes), not a contest's. Real judges stay far below (15 s, 2 GB).
 */
export const MAX_TIME_LIMIT_MS = 60_000;
export const MAX_MEMORY_LIMIT_MB = 4096;

/** A time limit within (0, MAX_TIME_LIMIT_MS]. */
export const clampTimeLimit = (ms: number): number => Math.min(MAX_TIME_LIMIT_MS, Math.max(1, Math.round(ms)));
/** A memory limit within (0, MAX_MEMORY_LIMIT_MB]. */
export const clampMemoryLimit = (mb: number): number => Math.min(MAX_MEMORY_LIMIT_MB, Math.max(1, Math.round(mb)));

function parseQuantity(text: string, units: Record<string, number>, bareUnit: number): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!m) return undefined;
  const value = Number(m[1]);
  const unit = (m[2] ?? '').toLowerCase();
  const factor = unit === '' ? bareUnit : units[unit];
  if (factor === undefined) return undefined;
  return Math.round(value * factor);
}

/** Milliseconds (at most MAX_TIME_LIMIT_MS), or undefined when the text is not a time. A bare number is milliseconds. */
export function parseTimeLimit(text: string | number): number | undefined {
  const ms = typeof text === 'number' ? text : parseQuantity(text, TIME_UNITS, 1);
  return ms !== undefined && Number.isFinite(ms) && ms > 0 ? clampTimeLimit(ms) : undefined;
}

/** Megabytes (at most MAX_MEMORY_LIMIT_MB), or undefined when the text is not a size. A bare number is megabytes. */
export function parseMemoryLimit(text: string | number): number | undefined {
  const mb = typeof text === 'number' ? text : parseQuantity(text, MEMORY_UNITS, 1);
  return mb !== undefined && Number.isFinite(mb) && mb > 0 ? clampMemoryLimit(mb) : undefined;
}

/** `2000` → `2s`, `1500` → `1500ms`: the shortest form that reads back the same. */
export function formatTimeLimit(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
