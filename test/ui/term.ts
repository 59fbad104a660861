// A headless terminal for app tests: Ink writes into @xterm/headless at a chosen size, and the
// tests read the screen as a person would see it (ink-testing-library has no terminal height).
import { EventEmitter } from 'node:events';
import xterm from '@xterm/headless';

export const CLEAR = /\u001b\[2J|\u001b\[3J/;

export class TermOut extends EventEmitter {
  isTTY = true;
  writes: string[] = [];
  constructor(
    private readonly term: xterm.Terminal,
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write(s: string): boolean {
    this.writes.push(s);
    this.term.write(s);
    this.emit('write');
    return true;
  }

  /** Resolves once more than `n` writes have come (at once when they have): a wait driven by what the app draws. */
  written(n: number): Promise<void> {
    if (this.writes.length > n) return Promise.resolve();
    return new Promise((resolve) => {
      const on = (): void => {
        if (this.writes.length <= n) return;
        this.off('write', on);
        resolve();
      };
      this.on('write', on);
    });
  }
}

export class TermIn extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write(s: string): void {
    this.data = s;
    this.emit('readable');
    this.emit('data', s);
  }
  read(): string | null {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

/** The lines of one dynamic frame: what Ink wrote after erasing the previous one. */
export function frameLines(write: string): number {
  const text = write.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
  return text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
}

/** The visible screen, one string per row. */
export function screen(term: xterm.Terminal, rows: number): string[] {
  const b = term.buffer.active;
  const out: string[] = [];
  for (let i = 0; i < rows; i++) out.push(b.getLine(b.viewportY + i)?.translateToString(true) ?? '');
  return out;
}

/** A terminal of the given size with Ink's stdout and stdin over it. */
export function headlessTerm(cols: number, rows: number): { term: xterm.Terminal; stdout: TermOut; stdin: TermIn } {
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 5000, convertEol: true });
  return { term, stdout: new TermOut(term, cols, rows), stdin: new TermIn() };
}
