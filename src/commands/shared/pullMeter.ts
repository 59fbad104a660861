// The progress of `models pull` from Ollama's streamed status lines: one redrawn bar on a
// terminal (bytes, %, speed), plain lines at each tenth when the output is a file or a pipe.
import type { PullProgress } from '../../llm/types.js';

const BAR = 24;

/** "45s", "3m05s", "1h02m": the time left at the current speed. */
export function formatDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Sizes as Ollama prints them (decimal units). */
export function formatBytes(n: number): string {
  if (!n) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let i = 0;
  let v = n;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i++;
  }
  return `${v >= 100 || i === 0 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}

/** Speed is measured over this window, so it follows changes without jumping on every line. */
const WINDOW_MS = 5000;

export class PullMeter {
  private readonly layers = new Map<string, { total: number; completed: number }>();
  private status = '';
  private samples: { t: number; bytes: number }[] = [];
  private lastDraw = 0;
  private drawn = false;
  private lastTenth = -1;
  private readonly tty: boolean;

  constructor(
    private readonly name: string,
    private readonly out: NodeJS.WriteStream,
    private readonly now: () => number = Date.now,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  update(p: PullProgress): void {
    if (p.digest && p.total) this.layers.set(p.digest, { total: p.total, completed: p.completed ?? 0 });
    // "pulling <digest>" repeats with every progress line; every other status is news.
    const statusChanged = p.status !== this.status && !p.digest;
    this.status = p.status;
    const { total, completed } = this.totals();
    this.samples.push({ t: this.now(), bytes: completed });
    const cutoff = this.now() - WINDOW_MS;
    while (this.samples.length > 2 && (this.samples[0]?.t ?? 0) < cutoff) this.samples.shift();
    if (this.tty) {
      if (this.now() - this.lastDraw >= 100 || statusChanged) this.draw();
      return;
    }
    if (statusChanged) this.out.write(`${this.name}: ${this.status}\n`);
    if (total) {
      const tenth = Math.floor((completed / total) * 10);
      if (tenth > this.lastTenth) {
        this.lastTenth = tenth;
        this.out.write(`${this.line(total, completed)}\n`);
      }
    }
  }

  /** Leaves the last state on screen and moves below it. */
  finish(): void {
    if (this.tty && this.drawn) {
      this.draw();
      this.out.write('\n');
    }
  }

  private totals(): { total: number; completed: number } {
    let total = 0;
    let completed = 0;
    for (const l of this.layers.values()) {
      total += l.total;
      completed += Math.min(l.completed, l.total);
    }
    return { total, completed };
  }

  private speed(): number {
    const first = this.samples[0];
    const last = this.samples[this.samples.length - 1];
    if (!first || !last || last.t - first.t < 200) return 0;
    return ((last.bytes - first.bytes) * 1000) / (last.t - first.t);
  }

  private line(total: number, completed: number): string {
    const pct = total ? Math.min(100, Math.floor((completed / total) * 100)) : 0;
    const speed = this.speed();
    const left = speed > 0 && completed < total ? `  ${formatDuration((total - completed) / speed)} left` : '';
    const rate = speed > 0 ? `  ${formatBytes(speed)}/s${left}` : '';
    if (!this.tty)
      return `${this.name}: ${pct}% (${formatBytes(completed)} / ${formatBytes(total)}${speed > 0 ? `, ${formatBytes(speed)}/s` : ''})`;
    const filled = Math.round((pct / 100) * BAR);
    const bar = '█'.repeat(filled) + '░'.repeat(BAR - filled);
    return `${this.name} ${bar} ${String(pct).padStart(3)}%  ${formatBytes(completed)} / ${formatBytes(total)}${rate}`;
  }

  private draw(): void {
    const { total, completed } = this.totals();
    const text =
      total && this.status.startsWith('pulling ') && this.layers.size
        ? this.line(total, completed)
        : `${this.name}: ${this.status}`;
    const width = this.out.columns ? this.out.columns - 1 : 100;
    this.out.write(`\r\u001b[2K${text.slice(0, width)}`);
    this.lastDraw = this.now();
    this.drawn = true;
  }
}
