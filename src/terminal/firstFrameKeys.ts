// The keys the plain first frame answers itself while Ink loads (src/terminal/firstFrame.ts): typed text
// and backspace edit the filter, ↑↓ move the choice, as the Ink picker (src/screens/Picker.tsx)
// does. The first key of any other kind (enter, esc, tab, a control key) and everything typed
// after it are not answered here: they are handed to Ink as typed, in order, so that the picker
// decides what they mean with the filter and choice the frame leaves it. Imports nothing.

/** What the frame's keys have made of the picker so far. */
export interface FrameKeysState {
  filter: string;
  index: number;
}

const UP = new Set(['\u001b[A', '\u001bOA']);
const DOWN = new Set(['\u001b[B', '\u001bOB']);

/** The key at the start of `text`: an arrow's escape sequence whole, else one code point. */
function firstKey(text: string): string {
  for (const seq of [...UP, ...DOWN]) if (text.startsWith(seq)) return seq;
  return String.fromCodePoint(text.codePointAt(0)!);
}

const printable = (key: string): boolean => {
  const c = key.codePointAt(0)!;
  return c >= 0x20 && c !== 0x7f && !(c >= 0x80 && c < 0xa0);
};

/**
 * Applies the keys of `text` the frame answers. `count(filter)`: how many rows that filter shows
 * (↓ stops at the last). Returns the new state and `rest`: the text from the first key the frame
 * does not answer on, '' when it answered all.
 */
export function frameKeys(
  state: FrameKeysState,
  text: string,
  count: (filter: string) => number,
): { state: FrameKeysState; rest: string } {
  let { filter, index } = state;
  let at = 0;
  while (at < text.length) {
    const key = firstKey(text.slice(at));
    if (UP.has(key)) index = Math.max(0, index - 1);
    else if (DOWN.has(key)) index = Math.max(0, Math.min(count(filter) - 1, index + 1));
    // Backspace as terminals send it (DEL, or ctrl-h): the Ink picker drops the last character for both.
    else if (key === '\u007f' || key === '\b') [filter, index] = [Array.from(filter).slice(0, -1).join(''), 0];
    else if (printable(key)) [filter, index] = [filter + key, 0];
    else return { state: { filter, index }, rest: text.slice(at) };
    at += key.length;
  }
  return { state: { filter, index }, rest: '' };
}
