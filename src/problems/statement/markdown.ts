// HTML fragments of a problem page to markdown (turndown), with the judge's math kept as TeX
// between dollars so that it stays readable in a terminal and to a model.
import TurndownService from 'turndown';
import { tables } from '@joplin/turndown-plugin-gfm';

export type MathStyle = 'triple-dollar' | 'parens' | 'dollar';

const MARK = 'sc-math';

const escapeHtml = (s: string): string =>
  s
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/**
 * The page's math delimiters, found in the fragment's HTML text, become marked elements so that
 * turndown leaves the TeX alone (it would escape `_` and `*` in plain text). This scans TeX
 * delimiters inside text, never HTML structure: the structure is the parser's job.
 */
/** TeX as the marked element the converter keeps as `$…$` (or `$$…$$` on a line of its own). */
export const mathElement = (tex: string, display: boolean): string =>
  `<span class="${MARK}" data-display="${display ? 1 : 0}">${escapeHtml(tex)}</span>`;

export function markMath(html: string, styles: MathStyle[]): string {
  const wrap = mathElement;
  let out = html;
  if (styles.includes('triple-dollar'))
    out = out.replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, tex: string) => wrap(tex, false));
  if (styles.includes('parens')) {
    out = out
      .replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => wrap(tex, true))
      .replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => wrap(tex, false));
  }
  if (styles.includes('dollar')) {
    // Inline math may run over one line break (Kattis wraps its source), never over a blank line.
    out = out
      .replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => wrap(tex, true))
      .replace(/\$((?:[^$\n]|\n(?![ \t]*\n)){1,400}?)\$/g, (_, tex: string) =>
        wrap(tex.replace(/\s*\n\s*/g, ' '), false),
      );
  }
  return out;
}

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (service) return service;
  const t = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
  });
  t.addRule('math', {
    filter: (node) => node.nodeName === 'SPAN' && (node as HTMLElement).classList.contains(MARK),
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const tex = (el.textContent ?? '').trim();
      return el.getAttribute('data-display') === '1' ? `\n\n$$${tex}$$\n\n` : `$${tex}$`;
    },
  });
  // AtCoder writes every variable as <var>: TeX inside.
  t.addRule('var', {
    filter: ['var'],
    replacement: (_content, node) => `$${(node.textContent ?? '').trim()}$`,
  });
  // A <pre> with markup inside (AtCoder's input formats hold <var>) is still a code block; its
  // lines are kept whether they are newlines, <br> (Codeforces' notes) or one <div> a line
  // (Codeforces' samples), and its fence is longer than any run of backticks inside it.
  t.addRule('pre', {
    filter: ['pre'],
    replacement: (_content, node) => {
      const body = preText(node).replace(/\n$/, '');
      const fence = '`'.repeat(Math.max(3, ...[...body.matchAll(/`+/g)].map((m) => m[0].length + 1)));
      return `\n\n${fence}\n${body}\n${fence}\n\n`;
    },
  });
  // Markdown escapes only where a person's reader would misread the line: turndown's default
  // escapes every text node on its own, so `$i$-th` came out `$i$\-th` and "output -1" `\-1`.
  t.escape = (text: string) =>
    text.replace(/^(#{1,6} )/gm, '\\$1').replace(/^([-+*] |\d+\. |> )/gm, (m) => (m.startsWith('>') ? '\\> ' : m));
  t.remove(['script', 'style']);
  // Tables stay tables (GFM pipes): the plugin writes the rows and cells, a pipe in a cell as `\|`
  // and a line break as `<br>`; the rule after it (a later rule is tried first) shapes the table.
  t.use(tables);
  t.addRule('pipe-table', { filter: 'table', replacement: (content) => pipeTable(content) });
  service = t;
  return t;
}

/** The cells of one written row, split at the pipes that are not escaped. */
const cellsOf = (line: string): string[] =>
  line
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/);

/**
 * The plugin's rows as one pipe table: the header is the row of <th> (the plugin marks it with the
 * divider), else the first row, as a person reads a judge's table; every row as wide as the widest,
 * since a pipe table drops the cells past its header's. Every table is written this way, never kept
 * as HTML (the plugin keeps one holding code or a list), which a terminal would show as tags. A
 * table the plugin left as text (one cell, a table inside a table: a page's layout) stays text.
 */
function pipeTable(content: string): string {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0 || !lines.every((l) => l.startsWith('|') && l.endsWith('|')))
    return `\n\n${content.trim()}\n\n`;
  const divider = (l: string | undefined) => l !== undefined && cellsOf(l).every((c) => /^\s*:?-{3,}:?\s*$/.test(c));
  const rows = lines.filter((l, i) => !(i === 1 && divider(l))).map(cellsOf);
  const align = divider(lines[1]) ? cellsOf(lines[1]!).map((c) => c.trim()) : [];
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) =>
    `| ${Array.from({ length: width }, (_, i) => (r[i] ?? '').replace(/\s*<br>\s*/g, '<br>').trim()).join(' | ')} |`;
  const head = line(rows[0]!);
  const rule = line(Array.from({ length: width }, (_, i) => align[i] ?? '---'));
  return `\n\n${[head, rule, ...rows.slice(1).map(line)].join('\n')}\n\n`;
}

/** Block elements whose content is a line of its own inside a <pre>. */
const LINE_BLOCKS = new Set(['DIV', 'P', 'LI', 'TR']);

/** A <pre>'s text with its line structure: text as is, <br> a line break, a block a line. */
function preText(node: Node): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += child.textContent ?? '';
    else if (child.nodeName === 'BR') out += '\n';
    else if (child.nodeType === 1 && !LINE_BLOCKS.has(child.nodeName)) out += preText(child);
    else if (child.nodeType === 1) {
      if (out !== '' && !out.endsWith('\n')) out += '\n';
      out += preText(child);
      if (!out.endsWith('\n')) out += '\n';
    }
  }
  return out;
}

// Control characters (an entity such as &#27; decodes to ESC) never reach the file or a terminal;
// newline and tab stay.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** One fragment's markdown, trimmed; math as `$…$`. */
export function toMarkdown(html: string, styles: MathStyle[]): string {
  return turndown()
    .turndown(markMath(html, styles))
    .replace(CONTROL, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
