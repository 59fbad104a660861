// HTML fragments of a problem page to markdown (turndown), with the judge's math kept as TeX
// between dollars so that it stays readable in a terminal and to a model.
import TurndownService from 'turndown';

export type MathStyle = 'triple-dollar' | 'parens' | 'dollar';

const MARK = 'sc-math';

const escapeHtml = (s: string): string => s.replace(/&(?!#?\w+;)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page's math delimiters, found in the fragment's HTML text, become marked elements so that
 * turndown leaves the TeX alone (it would escape `_` and `*` in plain text). This scans TeX
 * delimiters inside text, never HTML structure: the structure is the parser's job.
 */
/** TeX as the marked element the converter keeps as `$…$` (or `$$…$$` on a line of its own). */
export const mathElement = (tex: string, display: boolean): string => `<span class="${MARK}" data-display="${display ? 1 : 0}">${escapeHtml(tex)}</span>`;

export function markMath(html: string, styles: MathStyle[]): string {
  const wrap = mathElement;
  let out = html;
  if (styles.includes('triple-dollar')) out = out.replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, tex: string) => wrap(tex, false));
  if (styles.includes('parens')) {
    out = out.replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => wrap(tex, true)).replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => wrap(tex, false));
  }
  if (styles.includes('dollar')) {
    // Inline math may run over one line break (Kattis wraps its source), never over a blank line.
    out = out.replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => wrap(tex, true)).replace(/\$((?:[^$\n]|\n(?![ \t]*\n)){1,400}?)\$/g, (_, tex: string) => wrap(tex.replace(/\s*\n\s*/g, ' '), false));
  }
  return out;
}

let service: TurndownService | null = null;

function turndown(): TurndownService {
  if (service) return service;
  const t = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
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
  t.escape = (text: string) => text.replace(/^(#{1,6} )/gm, '\\$1').replace(/^([-+*] |\d+\. |> )/gm, (m) => (m.startsWith('>') ? '\\> ' : m));
  t.remove(['script', 'style']);
  service = t;
  return t;
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
  return turndown().turndown(markMath(html, styles)).replace(CONTROL, '').replace(/\n{3,}/g, '\n\n').trim();
}
