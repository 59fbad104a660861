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
export const printableLine = (text: string): string =>
  printable(text.replace(/\r\n|[\r\n\u2028\u2029\t\v\f]/g, ' '));
