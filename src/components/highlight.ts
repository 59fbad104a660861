// Syntax highlighting into rows: lowlight parses the code into a tree of hljs classes; each class
// maps to an Ink colour. Only the judge languages are registered (a small bundle).
import c from 'highlight.js/lib/languages/c';
import go from 'highlight.js/lib/languages/go';
import rust from 'highlight.js/lib/languages/rust';
import cpp from 'highlight.js/lib/languages/cpp';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import kotlin from 'highlight.js/lib/languages/kotlin';
import python from 'highlight.js/lib/languages/python';
import { createLowlight } from 'lowlight';
import { visibleControls } from '../terminal/printable.js';
import { cut, cells, type Row, type Seg } from './rows.js';
import { colorOn, type Tone } from './theme.js';

const lowlight = createLowlight({ python, cpp, javascript, java, c, rust, go, kotlin });

const LANG_ALIASES: Record<string, string> = {
  py: 'python',
  python3: 'python',
  'c++': 'cpp',
  cc: 'cpp',
  js: 'javascript',
  node: 'javascript',
  pypy: 'python',
  rs: 'rust',
  golang: 'go',
  kt: 'kotlin',
};

const CLASS_TONES: Record<string, Tone> = {
  keyword: 'magenta',
  built_in: 'cyan',
  type: 'cyan',
  literal: 'yellow',
  number: 'yellow',
  string: 'green',
  comment: 'gray',
  meta: 'blue',
  title: 'blue',
  'title.function': 'blue',
  'title.class': 'cyan',
  params: 'white',
  symbol: 'yellow',
  regexp: 'red',
};

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  properties?: { className?: unknown };
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: string; children?: HastNode[] };

function toneOf(className: unknown): Tone | undefined {
  if (!Array.isArray(className)) return undefined;
  for (const c of className) {
    const name = String(c).replace(/^hljs-/, '');
    const t = CLASS_TONES[name] ?? CLASS_TONES[name.split('.')[0] ?? ''];
    if (t) return t;
  }
  return undefined;
}

/** Flattens the tree into coloured pieces of text, in order. */
function flatten(node: HastNode, inherited: Tone | undefined, out: Seg[]): void {
  if (node.type === 'text') {
    const value = (node as HastText).value;
    out.push(inherited ? { text: value, color: inherited } : { text: value });
    return;
  }
  const el = node as HastElement;
  const t = node.type === 'element' ? (toneOf(el.properties?.className) ?? inherited) : inherited;
  for (const child of el.children ?? []) flatten(child, t, out);
}

/** Splits coloured pieces at newlines into lines. */
function toLines(segs: Seg[]): Seg[][] {
  const lines: Seg[][] = [[]];
  for (const s of segs) {
    const parts = s.text.split('\n');
    parts.forEach((p, i) => {
      if (i > 0) lines.push([]);
      if (p !== '') lines[lines.length - 1]!.push({ ...s, text: p });
    });
  }
  return lines;
}

/**
 * The code's lines as coloured pieces. Control and bidi characters are shown, not removed or
 * acted on (visibleControls): a lone carriage return is a line break to the compiler, so it
 * starts a new line here too, marked ␍, and every mark stands out in inverse.
 */
export function highlightLines(code: string, lang?: string): Seg[][] {
  const text = visibleControls(code.replace(/\t/g, '    ')).replace(/\s+$/, '');
  const name = lang ? (LANG_ALIASES[lang] ?? lang) : undefined;
  const plain = (): Seg[][] => text.split('\n').map((l) => (l === '' ? [] : [{ text: l }]));
  if (!colorOn() || !name || !lowlight.registered(name)) return plain().map(markHidden);
  try {
    return toLines(flattenRoot(lowlight.highlight(name, text) as unknown as HastNode)).map(markHidden);
  } catch {
    return plain().map(markHidden);
  }
}

const MARK = /[\u2400-\u2421]|⟨U\+[0-9A-F]{4,6}⟩/g;

/** The marks visibleControls left, as pieces of their own in inverse red. */
function markHidden(line: Seg[]): Seg[] {
  return line.flatMap((s) => {
    if (!/[\u2400-\u2421⟨]/.test(s.text)) return [s];
    const out: Seg[] = [];
    let at = 0;
    for (const m of s.text.matchAll(MARK)) {
      if (m.index > at) out.push({ ...s, text: s.text.slice(at, m.index) });
      out.push({ text: m[0], color: 'red', inverse: true });
      at = m.index + m[0].length;
    }
    if (at < s.text.length) out.push({ ...s, text: s.text.slice(at) });
    return out;
  });
}

function flattenRoot(root: HastNode): Seg[] {
  const out: Seg[] = [];
  flatten(root, undefined, out);
  return out;
}

/** Splits one line of segments into rows of at most `width` cells (long code lines fold). */
export function foldSegs(line: Seg[], width: number): Row[] {
  const rows: Row[] = [[]];
  let used = 0;
  for (const s of line) {
    let rest = s.text;
    while (rest.length > 0) {
      const room = width - used;
      if (room <= 0) {
        rows.push([]);
        used = 0;
        continue;
      }
      const piece = cut(rest, room);
      const take = piece.length > 0 ? piece : rest.slice(0, 1);
      rows[rows.length - 1]!.push({ ...s, text: take });
      used += cells(take);
      rest = rest.slice(take.length);
    }
  }
  return rows;
}
