// Progress of an eval on stderr: on a terminal one bar redrawn in place (done/total, pass@1 so far,
// ETA) by cli-progress; elsewhere (a pipe, a CI log) one plain line per finished pair.
import cliProgress from 'cli-progress';
import type { EvalRecord } from './records.js';

export interface ProgressOptions {
  stream: NodeJS.WriteStream;
  total: number;
  /** Pairs already in the results file, and how many of them passed. */
  done: number;
  passed: number;
  /** Show the flow in each line (several flows side by side). */
  showFlow: boolean;
  /** The plain line for one result, coloured as the caller's terminal allows. */
  line: (r: EvalRecord) => string;
}

export class EvalProgress {
  private bar: cliProgress.SingleBar | undefined;
  private done: number;
  private passed: number;
  private readonly running = new Set<string>();

  constructor(private readonly o: ProgressOptions) {
    this.done = o.done;
    this.passed = o.passed;
    if (o.stream.isTTY) {
      const columns = o.stream.columns || 80;
      this.bar = new cliProgress.SingleBar(
        {
          stream: o.stream,
          format: '[{bar}] {value}/{total} · pass@1 {pass} · ETA {eta_formatted} · {current}',
          barsize: Math.max(10, Math.min(30, columns - 70)),
          hideCursor: true,
          clearOnComplete: false,
          linewrap: false,
          etaBuffer: 20,
          fps: 5,
        },
        cliProgress.Presets.legacy,
      );
      this.bar.start(o.total, this.done, this.payload());
    }
  }

  private payload(): { pass: string; current: string } {
    const pass = this.done ? `${((this.passed / this.done) * 100).toFixed(1)}%` : '-';
    return { pass, current: [...this.running].slice(0, 3).join(', ') || '…' };
  }

  started(label: string): void {
    this.running.add(label);
    this.bar?.update(this.done, this.payload());
  }

  finished(label: string, r: EvalRecord | undefined): void {
    this.running.delete(label);
    if (r) {
      this.done++;
      if (r.passed) this.passed++;
      if (!this.bar) this.o.stream.write(this.o.line(r) + '\n');
    }
    this.bar?.update(this.done, this.payload());
  }

  stop(): void {
    this.bar?.update(this.done, { ...this.payload(), current: 'done' });
    this.bar?.stop();
    this.bar = undefined;
  }
}
