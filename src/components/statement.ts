// A problem statement as rows: markdown rendered by marked-terminal, math in Unicode, and what the
// problem screen shows elsewhere left out (the title heading, the sample blocks), so no section
// appears twice. marked-terminal writes ANSI text; its styles are read back into segments so the
// rows stay plain data (the theme decides colour, NO_COLOR included) and fit any width.
import { Chalk, type ChalkInstance } from 'chalk';
import { Marked, type MarkedExtension, type Token, type Tokens } from 'marked';
import { markedTerminal } from 'marked-terminal';
import { mathToUnicode } from '../problems/tex.js';
import { cells, clean, type Row, type Seg } from './rows.js';
import type { Tone } from './theme.js';
import { printable } from '../terminal/printable.js';
import { fitTable } from './statementTable.js';

// Level 1 always: the codes are read back into segments, never written to the terminal as they are.
const ansi: ChalkInstance = new Chalk({ level: 1 });
const plain = (s: string): string => s;

function renderer(width: number): Marked {
  const m = new Marked();
  m.use(
    // @types/marked-terminal still types the v5 renderer class; since v6 this returns an extension.
    markedTerminal({
      width,
      reflowText: true,
      showSectionPrefix: false,
      emoji: false,
      tab: 2,
      code: ansi.yellow,
      codespan: ansi.yellow,
      blockquote: ansi.dim,
      html: plain,
      heading: ansi.bold,
      firstHeading: ansi.bold,
      hr: ansi.dim,
      listitem: plain,
      table: plain,
      paragraph: plain,
      strong: ansi.bold,
      em: ansi.underline,
      del: ansi.strikethrough,
      link: ansi.cyan,
      href: ansi.cyan,
      text: plain,
      // Borders and headers plain: cli-table3 would colour them by its own detection.
      tableOptions: { style: { head: [], border: [] } },
    }) as unknown as MarkedExtension,
  );
  // Code blocks as written: a statement's code is an example, not something to highlight.
  m.use({
    renderer: {
      code: ({ text }) =>
        `${text
          .split('\n')
          .map((l) => `  ${ansi.yellow(l)}`)
          .join('\n')}\n\n`,
    },
  });
  // Tables fitted to the pane (marked-terminal draws them as wide as their longest cell); a cell's
  // `<br>` is a line of its own, the header bold.
  m.use({
    renderer: {
      table(token: Tokens.Table) {
        const cell = (c: Tokens.TableCell): string => this.parser.parseInline(c.tokens).replace(/<br\s*\/?>/gi, '\n');
        return `${fitTable(
          token.header.map((c) => ansi.bold(cell(c))),
          token.rows.map((r) => r.map(cell)),
          width,
        )}\n\n`;
      },
    },
  });
  return m;
}

/** Markdown characters a math span may now hold (`\ast` is `*`), escaped so they stay text. */
const escapeMarkdown = (s: string): string => s.replace(/([\\`*_[\]<>#|~])/g, '\\$1');

/** APPS and Codeforces copies mark sections as `-----Input-----`. */
const DASHED = /^-{3,}\s*([A-Za-z][A-Za-z ]*?)\s*-{3,}\s*$/gm;

/**
 * A pipe table's row. A `|` in a cell is written `\|`, inside math too (`$\|x\|$`); TeX would read
 * that as ‖, so the math gets its plain `|` back, and escapeMarkdown escapes it again for the cell.
 */
const TABLE_ROW = /^\|.*\|[ \t]*$/gm;

/** Math in Unicode everywhere except inside code. */
function prepare(markdown: string): string {
  const parts = markdown
    .replace(DASHED, '## $1')
    .replace(TABLE_ROW, (row) => row.replace(/\$[^$\n]*\$/g, (math) => math.replace(/\\\|/g, '|')))
    .split(/(```[\s\S]*?```|`[^`\n]*`)/);
  return parts.map((p, i) => (i % 2 === 1 ? p : mathToUnicode(p, escapeMarkdown))).join('');
}

/** Sections that only hold the examples, which the screen shows as samples. */
const SAMPLES_HEADING =
  /^(examples?|samples?|(sample|example)s?( test)?( \d+)?|sample tests?|sample (input|output)s?( \d+)?|example (input|output)s?( \d+)?|test cases?|入力例.*|出力例.*)$/i;
const SPEC_HEADING = { input: /^input( format)?$/i, output: /^output( format)?$/i };

export interface StatementOptions {
  /** The title the screen already shows: a first heading that says it again is left out. */
  title?: string;
  /**
   * The samples the screen shows itself: an example section that holds nothing else (their
   * inputs and outputs, labels) is left out; one with more in it (a table, a note) stays.
   */
  samples?: { input: string; outputs: string[] }[];
}

const LABEL = /^((sample|example)\s*)?(input|output)s?(\s*\d+)?\s*:?$/i;

/** Does a section hold only the samples, as data lines and labels? */
function onlySamples(section: Token[], samples: StatementOptions['samples']): boolean {
  if (!samples?.length) return false;
  const known = new Set(
    samples.flatMap((s) => [s.input, ...s.outputs]).flatMap((t) => t.split('\n').map((l) => l.trim())),
  );
  return section.every((t) => {
    if (t.type === 'space' || t.type === 'hr') return true;
    if (t.type !== 'paragraph' && t.type !== 'code' && t.type !== 'heading') return false;
    return String(t.text)
      .split('\n')
      .map((l) => l.trim().replace(/\\(.)/g, '$1'))
      .every((l) => l === '' || LABEL.test(l) || known.has(l));
  });
}

/** The tokens worth showing, and which of Input / Output the statement has as sections. */
function keep(tokens: Token[], o: StatementOptions): { tokens: Token[]; has: { input: boolean; output: boolean } } {
  const out: Token[] = [];
  const has = { input: false, output: false };
  const firstReal = tokens.findIndex((t) => t.type !== 'space');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'heading') {
      const text = String(t.text).trim().replace(/[:.]$/, '');
      if (i === firstReal && t.depth === 1 && o.title !== undefined) continue;
      if (SAMPLES_HEADING.test(text)) {
        let end = i + 1;
        while (
          end < tokens.length &&
          !(tokens[end]!.type === 'heading' && (tokens[end] as { depth: number }).depth <= t.depth)
        )
          end++;
        if (onlySamples(tokens.slice(i + 1, end), o.samples)) {
          i = end - 1;
          continue;
        }
      }
      if (SPEC_HEADING.input.test(text)) has.input = true;
      if (SPEC_HEADING.output.test(text)) has.output = true;
    }
    if (t.type === 'code' && (t.lang === 'input' || t.lang === 'output') && o.samples?.length) continue;
    out.push(t);
  }
  return { tokens: out, has };
}

const SGR_TONE: Record<number, Tone> = {
  31: 'red',
  32: 'green',
  33: 'yellow',
  34: 'blue',
  35: 'magenta',
  36: 'cyan',
  37: 'white',
  90: 'gray',
};

/** One line of SGR-styled text as segments (the only escapes chalk at level 1 writes). */
function segments(line: string): Seg[] {
  const out: Seg[] = [];
  let style: Omit<Seg, 'text'> = {};
  for (const [i, part] of line.split(/\x1b\[([0-9;]*)m/).entries()) {
    if (i % 2 === 0) {
      const text = clean(part);
      if (text) out.push({ text, ...style });
      continue;
    }
    for (const code of part.split(';').map(Number)) {
      const next: Omit<Seg, 'text'> = { ...style };
      if (code === 0) style = {};
      else if (code === 1) style = { ...next, bold: true };
      else if (code === 2) style = { ...next, dim: true };
      else if (code === 4) style = { ...next, underline: true };
      else if (code === 9) style = { ...next, strike: true };
      else if (code === 22) style = { ...next, bold: false, dim: false };
      else if (code === 24) style = { ...next, underline: false };
      else if (code === 29) style = { ...next, strike: false };
      else if (code === 39) style = { ...next, color: undefined };
      else if (SGR_TONE[code]) style = { ...next, color: SGR_TONE[code] };
    }
  }
  return out.map(
    (s) => Object.fromEntries(Object.entries(s).filter(([, v]) => v !== undefined && v !== false)) as unknown as Seg,
  );
}

/** A styled line wrapped at word boundaries to `width`, continuation rows indented like the line. */
function wrapSegs(line: Seg[], width: number): Row[] {
  const chars = line.flatMap((s) => [...s.text].map((ch) => ({ ch, s })));
  const total = chars.reduce((n, c) => n + cells(c.ch), 0);
  if (total <= width) return [line];
  const indent = /^ */.exec(chars.map((c) => c.ch).join(''))![0].length;
  const hang = Math.min(
    indent + (/^ *(?:[*•-]|\d+\.) /.exec(chars.map((c) => c.ch).join(''))?.[0].length ?? indent) - indent,
    Math.floor(width / 2),
  );
  const rows: Row[] = [];
  let start = 0;
  let lead = 0;
  while (start < chars.length) {
    const room = Math.max(1, width - lead);
    let end = start;
    let used = 0;
    let lastSpace = -1;
    while (end < chars.length && used + cells(chars[end]!.ch) <= room) {
      if (chars[end]!.ch === ' ' && end > start) lastSpace = end;
      used += cells(chars[end]!.ch);
      end++;
    }
    if (end < chars.length && chars[end]!.ch !== ' ' && lastSpace > start) end = lastSpace;
    const piece = chars.slice(start, end);
    const row: Row = lead > 0 ? [{ text: ' '.repeat(lead) }] : [];
    const padded = row.length;
    for (const { ch, s } of piece) {
      const last = row.length > padded ? row[row.length - 1] : undefined;
      if (last && sameStyle(last, s)) last.text += ch;
      else row.push({ ...s, text: ch });
    }
    const lastSeg = row[row.length - 1];
    if (lastSeg) lastSeg.text = lastSeg.text.replace(/\s+$/, '');
    rows.push(row.filter((r) => r.text !== ''));
    start = end;
    while (start < chars.length && chars[start]!.ch === ' ') start++;
    lead = indent + hang;
  }
  return rows;
}

const sameStyle = (a: Seg, b: Seg): boolean =>
  a.color === b.color &&
  a.bold === b.bold &&
  a.dim === b.dim &&
  a.underline === b.underline &&
  a.strike === b.strike &&
  a.inverse === b.inverse;

export interface RenderedStatement {
  rows: Row[];
  /** The statement has its own Input / Output sections (the screen need not add them). */
  has: { input: boolean; output: boolean };
}

/** A statement in markdown as rows of at most `width` cells. */
export function statementRows(markdown: string, width: number, o: StatementOptions = {}): RenderedStatement {
  const w = Math.max(20, width);
  const m = renderer(w);
  // The author's own escape sequences go before rendering: only the renderer's colours are read back.
  const { tokens, has } = keep(m.lexer(prepare(printable(markdown))), o);
  const text = m.parser(tokens).replace(/\s+$/, '');
  const rows: Row[] = [];
  let blankRun = 0;
  for (const line of text.split('\n')) {
    const segs = segments(line);
    const empty = segs.every((s) => s.text.trim() === '');
    // One blank line between blocks, however the renderer spaced them.
    if (empty) {
      if (rows.length > 0 && blankRun++ === 0) rows.push([]);
      continue;
    }
    blankRun = 0;
    // Spaces inside a formula held it together while wrapping; copied text gets plain ones.
    for (const r of wrapSegs(segs, w))
      rows.push(r.map((x) => (x.text.includes('\u00a0') ? { ...x, text: x.text.replace(/\u00a0/g, ' ') } : x)));
  }
  return { rows, has };
}
