// The inline editor's text and cursor as plain data, so every key's effect is testable
// without a terminal. Lines are arrays of code points' strings to keep the cursor on characters.
export interface EditorState {
  lines: string[];
  row: number;
  col: number;
  /** First line shown (the editor scrolls to keep the cursor in view). */
  top: number;
  /** The texts before each change, newest last (ctrl-z goes back one); a run of typing is one change. */
  undo?: Snapshot[];
  /** The last change was typing on this row: the next character joins it in one undo step. */
  typing?: number;
}

interface Snapshot {
  lines: string[];
  row: number;
  col: number;
}

/** Changes ctrl-z can take back; older ones are dropped. */
export const UNDO_DEPTH = 200;

export interface EditorKey {
  input: string;
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageUp?: boolean;
  pageDown?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  backspace?: boolean;
  delete?: boolean;
  tab?: boolean;
  ctrl?: boolean;
  meta?: boolean;
}

const chars = (s: string): string[] => Array.from(s);

export function editorFrom(text: string): EditorState {
  const lines = text.replace(/\r/g, '').replace(/\t/g, '    ').split('\n');
  return { lines, row: 0, col: 0, top: 0 };
}

export const editorText = (s: EditorState): string => s.lines.join('\n');

const clampCol = (s: EditorState, row: number, col: number): number => Math.min(col, chars(s.lines[row] ?? '').length);

function insert(s: EditorState, text: string): EditorState {
  const lines = [...s.lines];
  const line = chars(lines[s.row] ?? '');
  const parts = text.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
  const before = line.slice(0, s.col).join('');
  const after = line.slice(s.col).join('');
  if (parts.length === 1) {
    lines[s.row] = before + parts[0] + after;
    return { ...s, lines, col: s.col + chars(parts[0]!).length };
  }
  const last = parts[parts.length - 1]!;
  const middle = parts.slice(1, -1);
  lines.splice(s.row, 1, before + parts[0], ...middle, last + after);
  return { ...s, lines, row: s.row + parts.length - 1, col: chars(last).length };
}

function backspace(s: EditorState): EditorState {
  const lines = [...s.lines];
  if (s.col > 0) {
    const line = chars(lines[s.row]!);
    line.splice(s.col - 1, 1);
    lines[s.row] = line.join('');
    return { ...s, lines, col: s.col - 1 };
  }
  if (s.row === 0) return s;
  const prev = lines[s.row - 1]!;
  lines.splice(s.row - 1, 2, prev + lines[s.row]);
  return { ...s, lines, row: s.row - 1, col: chars(prev).length };
}

function del(s: EditorState): EditorState {
  const lines = [...s.lines];
  const line = chars(lines[s.row]!);
  if (s.col < line.length) {
    line.splice(s.col, 1);
    lines[s.row] = line.join('');
    return { ...s, lines };
  }
  if (s.row >= lines.length - 1) return s;
  lines.splice(s.row, 2, lines[s.row]! + lines[s.row + 1]);
  return { ...s, lines };
}

function move(s: EditorState, row: number, col: number): EditorState {
  const r = Math.max(0, Math.min(s.lines.length - 1, row));
  return { ...s, row: r, col: Math.max(0, clampCol(s, r, col)) };
}

/** Keeps the cursor's line inside a window of `height` lines. */
export function scrolled(s: EditorState, height: number): EditorState {
  const h = Math.max(1, height);
  const top = s.row < s.top ? s.row : s.row >= s.top + h ? s.row - h + 1 : s.top;
  return top === s.top ? s : { ...s, top };
}

/** The line under the cursor removed (ctrl-x); the last line is emptied rather than removed. */
function deleteLine(s: EditorState): EditorState {
  if (s.lines.length === 1) return { ...s, lines: [''], col: 0 };
  const lines = s.lines.filter((_, i) => i !== s.row);
  const row = Math.min(s.row, lines.length - 1);
  return { ...s, lines, row, col: Math.min(s.col, chars(lines[row]!).length) };
}

function undo(s: EditorState): EditorState {
  const stack = s.undo ?? [];
  const last = stack[stack.length - 1];
  if (!last) return s;
  const { typing: _typing, ...rest } = s;
  return { ...rest, lines: last.lines, row: last.row, col: last.col, undo: stack.slice(0, -1) };
}

/**
 * One key's effect, undoable: a key that changes the text keeps the text before it for ctrl-z
 * (a run of typed characters on one line is one step, as editors do).
 */
export function editorKey(s: EditorState, k: EditorKey, height: number): EditorState {
  if (k.ctrl && k.input === 'z') return scrolled(undo(s), height);
  const next = editorKeyOnce(s, k, height);
  // A key that left the text as it was (a move, ctrl-x on an empty line) is not a step to undo.
  if (next.lines === s.lines || next.lines.join('\n') === s.lines.join('\n')) {
    const same = { ...next, lines: s.lines };
    return s.typing === undefined ? same : withoutTyping(same);
  }
  const typed = !k.ctrl && !k.meta && !k.return && !k.tab && k.input.length === 1 && !k.backspace && !k.delete;
  const joins = typed && s.typing === s.row;
  const stack = joins
    ? (s.undo ?? [])
    : [...(s.undo ?? []), { lines: s.lines, row: s.row, col: s.col }].slice(-UNDO_DEPTH);
  const { typing: _typing, ...rest } = next;
  return typed ? { ...rest, undo: stack, typing: next.row } : { ...rest, undo: stack };
}

const withoutTyping = (s: EditorState): EditorState => {
  const { typing: _typing, ...rest } = s;
  return rest;
};

function editorKeyOnce(s: EditorState, k: EditorKey, height: number): EditorState {
  const lineLen = chars(s.lines[s.row] ?? '').length;
  let next: EditorState = s;
  if (k.upArrow) next = move(s, s.row - 1, s.col);
  else if (k.downArrow) next = move(s, s.row + 1, s.col);
  else if (k.leftArrow) next = s.col > 0 ? { ...s, col: s.col - 1 } : s.row > 0 ? move(s, s.row - 1, Infinity) : s;
  else if (k.rightArrow)
    next = s.col < lineLen ? { ...s, col: s.col + 1 } : s.row < s.lines.length - 1 ? move(s, s.row + 1, 0) : s;
  else if (k.pageUp) next = move(s, s.row - height, s.col);
  else if (k.pageDown) next = move(s, s.row + height, s.col);
  else if (k.home || (k.ctrl && k.input === 'a')) next = { ...s, col: 0 };
  else if (k.end || (k.ctrl && k.input === 'e')) next = { ...s, col: lineLen };
  else if (k.return) next = insert(s, '\n' + (s.lines[s.row]?.match(/^\s*/)?.[0] ?? '').slice(0, s.col));
  else if (k.backspace) next = backspace(s);
  else if (k.delete) next = del(s);
  else if (k.tab) next = insert(s, '    ');
  else if (k.ctrl && k.input === 'x') next = deleteLine(s);
  else if (k.ctrl && k.input === 'k')
    next = { ...s, lines: s.lines.map((l, i) => (i === s.row ? chars(l).slice(0, s.col).join('') : l)) };
  else if (!k.ctrl && !k.meta && k.input) next = insert(s, k.input);
  return scrolled(next, height);
}
