// The one sanitizer for text simcoach did not write itself — a program's stderr, a compiler's
// messages, a problem's title, a session's fields, a model's explanation, a URL received over
// HTTP — before it reaches a terminal: escape sequences (colours, cursor moves, screen clears,
// OSC titles, clipboard writes and links) are removed by `strip-ansi`, and the control characters
// left over (a lone ESC, BEL, backspace, carriage return, C1 codes) go too, as do the bidi
// controls that make a terminal show text in another order than it is stored.
import stripAnsi from 'strip-ansi';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
/** Bidi embeddings, overrides and isolates, and the invisible direction marks. */
export const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without escape sequences, control or bidi characters; newlines and tabs stay. */
export const printable = (text: string): string => stripAnsi(text).replace(CONTROL, '').replace(BIDI, '');

/** `printable`, on one line: a title, a name, a field of a table row (line breaks become spaces). */
export const printableLine = (text: string): string => printable(text.replace(/\r\n|[\r\n\u2028\u2029\t\v\f]/g, ' '));

/** Every character a terminal would act on or reorder by, except newline and tab. */
const HIDDEN = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** How one hidden character is shown: a control picture (␍ ␛ ␇…) or its code point. */
function mark(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x20) return String.fromCodePoint(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * `text` with every control and bidi character shown instead of acted on: for a program, where
 * removing one would hide what the compiler sees. A lone carriage return (a line break to Python
 * and g++, the start of the same line to a terminal) is shown as ␍ and starts a new line, so
 * `# note\rimport os` reads as the two lines it is. CRLF stays a plain line break.
 */
export const visibleControls = (text: string): string =>
  text.replace(HIDDEN, (ch) => (ch === '\r\n' ? '\n' : ch === '\r' ? '␍\n' : mark(ch)));

/** How many characters `visibleControls` would mark (CRLF is not one). */
export const hiddenCount = (text: string): number => [...text.matchAll(HIDDEN)].filter((m) => m[0] !== '\r\n').length;

/** What the code pane, `w`, `y` and `-o` say about a program holding `n` such characters. */
export const hiddenNote = (n: number): string =>
  `${n} control or bidi character${n === 1 ? '' : 's'} in the program (shown as ␍ ⟨U+…⟩): the compiler may see other lines than a terminal shows`;

/** A word as a POSIX shell reads it back: as it is when it needs no quoting, else in single quotes. */
export const shellWord = (w: string): string => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
