// Small text helpers the session commands share (plain text, no colour decisions).

export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A timestamp as local `YYYY-MM-DD HH:MM`, or the text as given when it is not a date. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** Milliseconds as `m:ss` (or `h:mm:ss`). */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = `${pad2(s % 60)}`;
  return h > 0 ? `${h}:${pad2(m)}:${rest}` : `${m}:${rest}`;
}

/**
 * Model calls with repair requests apart: "7 calls", "7 calls + 1 repair". `calls` counts every
 * call, repairs included; the first figure is the method's own.
 */
export function callsText(calls: number, repairs = 0): string {
  const method = calls - repairs;
  return `${method} call${method === 1 ? '' : 's'}${repairs > 0 ? ` + ${repairs} repair${repairs === 1 ? '' : 's'}` : ''}`;
}
