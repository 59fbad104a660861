// The one sanitizer for text simcoach did not write itself — a program's stderr, a compiler's
// messages, a problem name received over HTTP — before it reaches a terminal: escape sequences
// (colours, cursor moves, screen clears, OSC titles and links) are removed by `strip-ansi`, and
// the control characters left over (a lone ESC, BEL, backspace, carriage return, C1 codes) go too.
import stripAnsi from 'strip-ansi';

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` without escape sequences or control characters; newlines and tabs stay. */
export const printable = (text: string): string => stripAnsi(text).replace(CONTROL, '');
