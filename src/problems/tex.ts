// TeX as people read it in a terminal: `$1 \le n \le 10^5$` → `1 ≤ n ≤ 10⁵`. The symbol table and
// the sub/superscript forms are unicodeit's; what is here is the structure unicodeit leaves
// alone (fractions, roots, \text{}, operator names) and reading each command as a whole word,
// because unicodeit replaces by prefix (`\left` would become `≤ft`, `\log` `łog`).
import { replace as unicodeit } from 'unicodeit';
import { subsuperscripts } from 'unicodeit/ts_dist/js/data.js';

const SCRIPT = new Map<string, string>(subsuperscripts.map(([tex, uni]) => [tex!, uni!]));

/** Commands written as their name (`\log n` → `log n`). */
const WORDS = new Set([
  'log',
  'ln',
  'lg',
  'min',
  'max',
  'gcd',
  'lcm',
  'sin',
  'cos',
  'tan',
  'exp',
  'lim',
  'det',
  'deg',
  'dim',
  'sup',
  'inf',
  'arg',
  'mod',
  'bmod',
  'argmin',
  'argmax',
  'Pr',
  'ker',
]);
/** Spacing and sizing commands that only move ink. */
const SPACES: Record<string, string> = {
  ',': ' ',
  ';': ' ',
  ':': ' ',
  '!': '',
  ' ': ' ',
  quad: '  ',
  qquad: '  ',
  enspace: ' ',
  thinspace: ' ',
  '\\': ' ',
};
const DROP = new Set([
  'left',
  'right',
  'big',
  'Big',
  'bigg',
  'Bigg',
  'bigl',
  'bigr',
  'Bigl',
  'Bigr',
  'displaystyle',
  'textstyle',
  'limits',
  'nolimits',
  'middle',
]);
/** One-argument commands whose argument is plain text. */
const TEXT = new Set([
  'text',
  'textrm',
  'textit',
  'textbf',
  'texttt',
  'textsf',
  'mathrm',
  'mathit',
  'mathbf',
  'mathtt',
  'mathsf',
  'mathcal',
  'mathbb',
  'mathfrak',
  'operatorname',
  'mbox',
  'hbox',
  'boldsymbol',
  'emph',
]);
/** Symbols unicodeit does not have, or has in a form that reads worse here. */
const SYMBOLS: Record<string, string> = {
  ldots: '…',
  dots: '…',
  dotsc: '…',
  dotsb: '⋯',
  cdots: '⋯',
  vdots: '⋮',
  ddots: '⋱',
  '{': '{',
  '}': '}',
  '%': '%',
  $: '$',
  '&': '&',
  '#': '#',
  _: '_',
  lvert: '|',
  rvert: '|',
  vert: '|',
  mid: '|',
  lVert: '‖',
  rVert: '‖',
  colon: ':',
  lbrace: '{',
  rbrace: '}',
  lt: '<',
  gt: '>',
  le: '≤',
  ge: '≥',
  leq: '≤',
  geq: '≥',
  leqslant: '⩽',
  geqslant: '⩾',
  ne: '≠',
  neq: '≠',
  cdot: '·',
  times: '×',
  oplus: '⊕',
  land: '∧',
  lor: '∨',
  lnot: '¬',
  to: '→',
  gets: '←',
  infty: '∞',
};

/** Reads a `{group}` (or one token) at `i`; returns its text and where it ends. */
function argument(s: string, i: number): { text: string; end: number } {
  while (s[i] === ' ') i++;
  if (s[i] === '{') {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      if (s[j] === '\\') j++;
      else if (s[j] === '{') depth++;
      else if (s[j] === '}' && --depth === 0) return { text: s.slice(i + 1, j), end: j + 1 };
    }
    return { text: s.slice(i + 1), end: s.length };
  }
  if (s[i] === '\\') {
    const m = /^\\([a-zA-Z]+|.)/.exec(s.slice(i));
    if (m) return { text: m[0], end: i + m[0].length };
  }
  return { text: s[i] ?? '', end: Math.min(s.length, i + 1) };
}

/** `x` as a sub- or superscript: in Unicode when every character has a form, else `_x` / `^(x+1)`. */
function script(mark: '_' | '^', body: string): string {
  const chars = [...body];
  const forms = chars.map((c) => (c === ' ' ? '' : SCRIPT.get(mark + c)));
  if (chars.length > 0 && forms.every((f) => f !== undefined)) return forms.join('');
  const plain = body.trim();
  return /^[\p{L}\p{N}]+$/u.test(plain) && [...plain].length === 1 ? `${mark}${plain}` : `${mark}(${plain})`;
}

/** A fraction's side: parenthesised when it is more than one term. */
const side = (x: string): string => (/^[\p{L}\p{N}.ᵢⱼₖₙₘ₀-₉⁰-⁹]+$/u.test(x) || /^\(.*\)$/.test(x) ? x : `(${x})`);

/** One command by its whole name; `undefined` when neither table knows it. */
function command(name: string): string | undefined {
  if (name in SYMBOLS) return SYMBOLS[name];
  if (name in SPACES) return SPACES[name];
  if (DROP.has(name)) return '';
  if (WORDS.has(name)) return name === 'bmod' ? 'mod' : name;
  const u = unicodeit(`\\${name}`);
  // unicodeit replaces prefixes: a result that still holds letters of the name is not a whole match.
  return u !== `\\${name}` && !/[a-zA-Z\\]/.test(u) ? u : undefined;
}

/** A TeX math fragment (no dollars) as plain Unicode text. */
export function texToUnicode(tex: string): string {
  let out = '';
  const s = tex.replace(/\s+/g, ' ');
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const m = /^\\([a-zA-Z]+|.)/.exec(s.slice(i));
      if (!m) {
        i++;
        continue;
      }
      const name = m[1]!;
      i += m[0].length;
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
        const a = argument(s, i);
        const b = argument(s, a.end);
        out += `${side(texToUnicode(a.text).trim())}/${side(texToUnicode(b.text).trim())}`;
        i = b.end;
      } else if (name === 'binom' || name === 'dbinom' || name === 'tbinom') {
        const a = argument(s, i);
        const b = argument(s, a.end);
        out += `C(${texToUnicode(a.text).trim()}, ${texToUnicode(b.text).trim()})`;
        i = b.end;
      } else if (name === 'sqrt') {
        let degree = '';
        if (s[i] === '[') {
          const close = s.indexOf(']', i);
          degree = texToUnicode(s.slice(i + 1, close < 0 ? s.length : close));
          i = close < 0 ? s.length : close + 1;
        }
        const a = argument(s, i);
        const root = degree === '3' ? '∛' : degree === '4' ? '∜' : degree ? `${script('^', degree)}√` : '√';
        out += `${root}${side(texToUnicode(a.text).trim())}`;
        i = a.end;
      } else if (name === 'pmod') {
        const a = argument(s, i);
        out += ` (mod ${texToUnicode(a.text).trim()})`;
        i = a.end;
      } else if (TEXT.has(name)) {
        const a = argument(s, i);
        const styled =
          name === 'mathbb' || name === 'mathcal' || name === 'mathfrak' ? unicodeit(`\\${name}{${a.text}}`) : '';
        if (styled && !styled.includes('\\')) {
          out += styled;
          i = a.end;
          continue;
        }
        out += name === 'operatorname' || name.startsWith('math') ? texToUnicode(a.text) : a.text;
        i = a.end;
      } else if (
        name === 'overline' ||
        name === 'bar' ||
        name === 'hat' ||
        name === 'tilde' ||
        name === 'vec' ||
        name === 'underline'
      ) {
        const a = argument(s, i);
        const mark = {
          overline: '\u0305',
          bar: '\u0304',
          hat: '\u0302',
          tilde: '\u0303',
          vec: '\u20d7',
          underline: '\u0332',
        }[name];
        out += [...texToUnicode(a.text)].map((ch) => ch + mark).join('');
        i = a.end;
      } else if (name === 'not') {
        const a = argument(s, i);
        const inner = texToUnicode(a.text);
        out += inner === '=' ? '≠' : inner === '∈' ? '∉' : `${inner}\u0338`;
        i = a.end;
      } else {
        const word = command(name);
        out += word ?? name;
        // `\log n`: a word command keeps the space TeX would put after it.
        if (word !== undefined && WORDS.has(name) && /[\p{L}\p{N}]/u.test(s[i] ?? '')) out += ' ';
      }
    } else if (c === '_' || c === '^') {
      const a = argument(s, i + 1);
      out += script(c, texToUnicode(a.text));
      i = a.end;
    } else if (c === '{' || c === '}') {
      i++;
    } else if (c === '~') {
      out += ' ';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out.replace(/ {2,}/g, ' ');
}

/**
 * Every math span of a text in Unicode: `$$$…$$$` (Codeforces), `$$…$$`, `$…$`, `\(…\)`, `\[…\]`.
 * A lone `$` (a price: "costs $5") is text: inline math opens with no space after the dollar and
 * closes with none before it and no digit after it (pandoc's rule). `escape` is applied to what
 * came from math, e.g. to keep markdown from reading its `*` and `_`.
 */
export function mathToUnicode(text: string, escape: (s: string) => string = (s) => s): string {
  // A short formula reads as one thing: its spaces do not break (`1 ≤ n ≤ 10⁵` stays on one line).
  const conv = (tex: string): string => {
    const u = texToUnicode(tex).trim();
    return escape(u.length <= 24 ? u.replace(/ /g, '\u00a0') : u);
  };
  return text
    .replace(/\$\$\$([\s\S]+?)\$\$\$/g, (_, t: string) => conv(t))
    .replace(/\$\$([\s\S]+?)\$\$/g, (_, t: string) => conv(t))
    .replace(/\\\[([\s\S]+?)\\\]/g, (_, t: string) => conv(t))
    .replace(/\\\(([\s\S]+?)\\\)/g, (_, t: string) => conv(t))
    .replace(/\$(?=\S)((?:\\\$|[^$\n])+?)(?<=\S)\$(?!\d)/g, (_, t: string) => conv(t));
}
