// A model's answer as a person reads it while it streams. In JSON-schema mode the answer is one
// JSON object whose string values hold the text: those are decoded as they arrive (no quotes,
// braces or `\n` escapes; each key a heading) by @streamparser/json's tokenizer, which takes the
// text chunk by chunk and hands over a string still being written. Free text passes as it is.
// Either way the result is markdown-ish lines, lightly styled: headings bold, code fences as a
// rule with the language, code under a gutter. Every chunk costs what it adds, never the whole
// answer again, so a long answer streams as cheaply as a short one.
import { Tokenizer, TokenType } from '@streamparser/json';
import type { Row, Seg } from './rows.js';
import { clean, seg, wrapRow } from './rows.js';

/** Complete lines kept for the tail: more than any terminal shows at once. */
const KEEP = 400;

/** A key as a heading: `time_complexity` → "Time complexity", `aiTests` → "Ai tests". */
export const keyTitle = (k: string): string => {
  const words = k
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : k;
};

interface Container {
  kind: 'object' | 'array';
  /** In an object: the next string is a key. */
  expectKey: boolean;
  /** Items written so far in an array (a blank line goes between objects). */
  items: number;
}

/** `after`: the JSON value has closed; a closing fence may follow, which is noise. */
type Mode = 'undecided' | 'json' | 'after' | 'text';

/**
 * The decoder of one answer: `push` each new piece of the raw text, read `lines()` and
 * `partial()` for what a person sees. Tolerant: text that stops being JSON goes on as plain text.
 */
export class AnswerText {
  private mode: Mode = 'undecided';
  private pending = '';
  private tokenizer: Tokenizer | undefined;
  private stack: Container[] = [];
  /** The string being written and how much of it is out already. */
  private open: { offset: number; shown: number } | undefined;
  private bytesIn = 0;
  /** The byte (in the whole answer) just after the top-level JSON value, once it has closed. */
  private endByte: number | undefined;
  private done: StyledLine[] = [];
  private dropped = 0;
  private line = '';
  private fence: string | undefined;

  /** Feeds the next piece of the raw answer. */
  push(chunk: string): void {
    if (!chunk) return;
    if (this.mode === 'undecided') {
      this.pending += chunk;
      const start = this.pending.trimStart();
      // A ```json fence around the object is the model's habit in free-text mode: see through it.
      const fenced = /^```(?:json)?[ \t]*\n/i.exec(start);
      const body = fenced ? start.slice(fenced[0].length).trimStart() : start;
      if (body === '' || /^```[a-z]*$/i.test(start)) return; // not enough to tell yet
      const text = this.pending;
      this.pending = '';
      if (body.startsWith('{') || body.startsWith('[')) {
        this.mode = 'json';
        this.startTokenizer();
        this.feedJson(body);
      } else {
        this.mode = 'text';
        this.write(text);
      }
      return;
    }
    if (this.mode === 'json') this.feedJson(chunk);
    else if (this.mode === 'after') this.afterJson(chunk);
    else this.write(chunk);
  }

  private afterJson(chunk: string): void {
    this.pending += chunk;
    const t = this.pending.trimStart();
    // Wait until it is clear whether a fence line comes (and where it ends).
    if (t === '' || '```'.startsWith(t) || (t.startsWith('```') && !t.includes('\n'))) return;
    const rest = t.startsWith('```') ? t.slice(t.indexOf('\n') + 1) : t;
    this.pending = '';
    this.mode = 'text';
    this.write(rest);
  }

  /** The complete lines still kept, oldest first, each styled. */
  lines(): readonly StyledLine[] {
    return this.done;
  }

  /** The line being written. */
  partial(): StyledLine {
    return styleLine(this.line, this.fence);
  }

  /** Lines no longer kept (only the tail is). */
  get droppedLines(): number {
    return this.dropped;
  }

  private startTokenizer(): void {
    const t = new Tokenizer({ emitPartialTokens: true });
    t.onToken = ({ token, value, offset, partial }) => this.token(token, value, offset, partial === true);
    t.onError = () => {
      // Not JSON after all (or broken): what follows is shown as it came.
      this.mode = 'text';
    };
    this.tokenizer = t;
  }

  private feedJson(chunk: string): void {
    const before = this.bytesIn;
    this.bytesIn += Buffer.byteLength(chunk);
    this.tokenizer!.write(chunk);
    if (this.endByte !== undefined) {
      // The value ended inside this chunk: what follows is text again (a closing fence is noise).
      this.mode = 'after';
      this.afterJson(
        Buffer.from(chunk)
          .subarray(Math.max(0, this.endByte - before))
          .toString('utf8'),
      );
    } else if (this.mode === 'text') {
      // The tokenizer gave up in this chunk (not JSON after all): the chunk is shown as it came.
      this.newLine();
      this.write(chunk);
    }
  }

  private token(token: TokenType, value: unknown, offset: number, partial: boolean): void {
    const top = this.stack[this.stack.length - 1];
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        if (top?.kind === 'array') {
          if (token === TokenType.LEFT_BRACE && top.items > 0) this.newLine(true);
          top.items++;
        }
        this.stack.push({
          kind: token === TokenType.LEFT_BRACE ? 'object' : 'array',
          expectKey: token === TokenType.LEFT_BRACE,
          items: 0,
        });
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.stack.pop();
        if (this.stack.length === 0) {
          this.newLine();
          // Where the value ended, as a byte offset into the whole answer (see feedJson).
          this.endByte = offset + 1;
          this.tokenizer!.onToken = () => undefined;
          this.tokenizer!.onError = () => undefined;
        }
        return;
      case TokenType.COMMA:
        if (top?.kind === 'object') top.expectKey = true;
        return;
      case TokenType.COLON:
        return;
      case TokenType.STRING: {
        const text = String(value);
        if (top?.kind === 'object' && top.expectKey) {
          if (partial) return; // a key is shown whole, as its heading
          top.expectKey = false;
          this.newLine();
          const depth = this.stack.filter((c) => c.kind === 'object').length;
          this.write(`${'#'.repeat(Math.min(6, depth + 1))} ${keyTitle(text)}\n`);
          return;
        }
        if (!this.open || this.open.offset !== offset) {
          this.open = { offset, shown: 0 };
          if (top?.kind === 'array') {
            top.items++;
            this.newLine();
            this.write('- ');
          }
        }
        this.write(text.slice(this.open.shown));
        this.open.shown = text.length;
        if (!partial) {
          this.open = undefined;
          this.newLine();
        }
        return;
      }
      default:
        // Numbers, booleans and null: shown once whole.
        if (partial) return;
        if (top?.kind === 'array') {
          top.items++;
          this.newLine();
          this.write('- ');
        }
        this.write(`${String(value)}\n`);
    }
  }

  /** Ends the line being written, if any (and adds a blank one when asked). */
  private newLine(blankAfter = false): void {
    if (this.line !== '') this.write('\n');
    if (blankAfter) this.write('\n');
  }

  private write(text: string): void {
    if (!text) return;
    const parts = clean(text.replace(/\r\n?/g, '\n')).split('\n');
    this.line += parts[0]!;
    for (let i = 1; i < parts.length; i++) {
      this.finish(this.line);
      this.line = parts[i]!;
    }
  }

  private finish(line: string): void {
    const styled = styleLine(line, this.fence);
    if (styled.kind === 'fence') this.fence = this.fence === undefined ? styled.lang : undefined;
    this.done.push(styled);
    if (this.done.length > KEEP * 2) {
      this.dropped += this.done.length - KEEP;
      this.done = this.done.slice(-KEEP);
    }
  }
}

export interface StyledLine {
  kind: 'heading' | 'fence' | 'code' | 'text';
  text: string;
  /** A fence's language. */
  lang?: string;
}

const FENCE = /^\s*```\s*([\w+#.-]*)\s*$/;

/** One line read as light markdown, given the fence it is in (undefined outside code). */
export function styleLine(line: string, fence: string | undefined): StyledLine {
  const f = FENCE.exec(line);
  if (f) return { kind: 'fence', text: line, lang: fence === undefined ? (f[1] ?? '') : '' };
  if (fence !== undefined) return { kind: 'code', text: line };
  const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
  if (h) return { kind: 'heading', text: h[1]! };
  // Emphasis markers are noise in a terminal; list bullets read better as bullets.
  return { kind: 'text', text: line.replace(/\*\*(.+?)\*\*/g, '$1').replace(/^(\s*)[-*] /, '$1• ') };
}

/** A styled line as rows of `width` cells. */
export function lineRows(l: StyledLine, width: number): Row[] {
  let r: Seg[];
  switch (l.kind) {
    case 'heading':
      r = [seg(l.text, { bold: true, color: 'cyan' })];
      break;
    case 'fence':
      r = [seg(l.lang ? `── ${l.lang} ` : '──', { dim: true })];
      break;
    case 'code':
      return wrapRow([seg(l.text)], Math.max(1, width - 2)).map((row) => [seg('│ ', { dim: true }), ...row]);
    default:
      r = l.text === '' ? [] : [seg(l.text)];
  }
  return r.length === 0 ? [r] : wrapRow(r, width);
}

/** The whole of a finished (or cancelled) answer, decoded and styled: for panes, not the live tail. */
export function answerRows(raw: string, width: number): Row[] {
  const a = new AnswerText();
  a.push(raw);
  const lines = [...a.lines(), a.partial()];
  while (lines.length > 0 && lines[lines.length - 1]!.text === '' && lines[lines.length - 1]!.kind === 'text')
    lines.pop();
  return lines.flatMap((l) => lineRows(l, width));
}
