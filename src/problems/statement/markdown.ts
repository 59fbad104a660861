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
export function markMath(html: string, styles: MathStyle[]): string {
  const wrap = (tex: string, display: boolean) => `<span class="${MARK}" data-display="${display ? 1 : 0}">${escapeHtml(tex)}</span>`;
  let out = html;
  if (styles.includes('triple-dollar')) out = out.replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, tex: string) => wrap(tex, false));
  if (styles.includes('parens')) {
    out = out.replace(/\\\[([\s\S]+?)\\\]/g, (_, tex: string) => wrap(tex, true)).replace(/\\\(([\s\S]+?)\\\)/g, (_, tex: string) => wrap(tex, false));
  }
  if (styles.includes('dollar')) {
    out = out.replace(/\$\$([\s\S]+?)\$\$/g, (_, tex: string) => wrap(tex, true)).replace(/\$([^$\n]+?)\$/g, (_, tex: string) => wrap(tex, false));
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
  // A <pre> with markup inside (AtCoder's input formats hold <var>) is still a code block.
  t.addRule('pre', {
    filter: ['pre'],
    replacement: (_content, node) => `\n\n\`\`\`\n${(node.textContent ?? '').replace(/\n$/, '')}\n\`\`\`\n\n`,
  });
  t.remove(['script', 'style']);
  service = t;
  return t;
}

/** One fragment's markdown, trimmed; math as `$…$`. */
export function toMarkdown(html: string, styles: MathStyle[]): string {
  return turndown().turndown(markMath(html, styles)).replace(/\n{3,}/g, '\n\n').trim();
}
