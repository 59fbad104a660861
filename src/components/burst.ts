// Ink hands `useInput` everything one read of stdin brought that is not an escape sequence as a
// single string: three backspaces typed fast arrive as "\x7f\x7f\x7f", a paste as its whole text
// with its line breaks, type-ahead as "ab". This turns such a burst back into the keys it stands
// for, so every screen handles each one (a paste stays one piece of text where text is wanted).
import type { EditorKey } from './editorModel.js';

/** A key as the screens read it: Ink's flags plus the text it typed. */
export interface KeyPress extends EditorKey {
  escape?: boolean;
  shift?: boolean;
}

/** The flags of Ink's `Key` that this module reads (so callers pass Ink's object as it is). */
export type InkKeyLike = Omit<KeyPress, 'input'>;

const SPECIAL: (keyof InkKeyLike)[] = [
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageUp',
  'pageDown',
  'home',
  'end',
  'return',
  'escape',
  'tab',
  'backspace',
  'delete',
  'ctrl',
  'meta',
];

/**
 * The keys of one read. `text: 'runs'` keeps each run of printable characters as one key (a
 * paste into an editor or a filter); `'chars'` gives one key per character (commands).
 */
export function splitBurst(input: string, key: InkKeyLike, text: 'runs' | 'chars' = 'runs'): KeyPress[] {
  const single = SPECIAL.some((k) => key[k] === true) || Array.from(input).length <= 1;
  if (single) return [{ ...key, input }];
  const out: KeyPress[] = [];
  let run = '';
  const flush = (): void => {
    if (!run) return;
    if (text === 'runs') out.push({ input: run });
    else for (const c of Array.from(run)) out.push({ input: c });
    run = '';
  };
  const chars = Array.from(input);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    const code = c.codePointAt(0)!;
    if (c === '\r' || c === '\n') {
      if (c === '\r' && chars[i + 1] === '\n') i++;
      // A paste's line breaks stay text where text is wanted; one that ends the burst is enter.
      if (text === 'runs' && i < chars.length - 1) run += '\n';
      else {
        flush();
        out.push({ input: '', return: true });
      }
    } else if (c === '\x7f' || c === '\b') {
      flush();
      out.push({ input: '', backspace: true });
    } else if (c === '\t') {
      flush();
      out.push({ input: '', tab: true });
    } else if (code < 32) {
      flush();
      // ctrl-a … ctrl-z arrive as 1 … 26: named by their letter, as Ink names a single one.
      if (code >= 1 && code <= 26) out.push({ input: String.fromCharCode(96 + code), ctrl: true });
    } else run += c;
  }
  flush();
  return out;
}
