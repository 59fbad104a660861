// The built-in editor's undo (ctrl-z) and delete-line (ctrl-x), as plain data: a run of typing is
// one undo step, every other change is one, and undo walks back to the text the editor opened with.
import { describe, expect, it } from 'vitest';
import {
  UNDO_DEPTH,
  editorFrom,
  editorKey,
  editorText,
  type EditorKey,
  type EditorState,
} from '../../src/components/editorModel.js';

const press = (s: EditorState, ...keys: EditorKey[]): EditorState => keys.reduce((st, k) => editorKey(st, k, 10), s);
const type = (s: EditorState, text: string): EditorState => press(s, ...Array.from(text).map((c) => ({ input: c })));
const UNDO: EditorKey = { input: 'z', ctrl: true };
const DELETE_LINE: EditorKey = { input: 'x', ctrl: true };

describe('the editor: undo and delete-line', () => {
  it('a word typed is undone in one step; a new line and a backspace are steps of their own', () => {
    let s = press(editorFrom('print(1)'), { input: '', end: true });
    s = type(s, ' # one');
    s = press(s, { input: '', return: true });
    s = type(s, 'x = 2');
    s = press(s, { input: '', backspace: true });
    expect(editorText(s)).toBe('print(1) # one\nx = ');
    s = press(s, UNDO);
    expect(editorText(s)).toBe('print(1) # one\nx = 2');
    s = press(s, UNDO);
    expect(editorText(s)).toBe('print(1) # one\n');
    s = press(s, UNDO);
    expect(editorText(s)).toBe('print(1) # one');
    s = press(s, UNDO);
    expect(editorText(s)).toBe('print(1)');
    expect(s.col).toBe(8);
    // Nothing more to undo: the text it opened with stays.
    expect(editorText(press(s, UNDO))).toBe('print(1)');
  });

  it('moving the cursor ends a run of typing: the two runs undo apart', () => {
    let s = type(editorFrom(''), 'ab');
    s = press(s, { input: '', leftArrow: true });
    s = type(s, 'X');
    expect(editorText(s)).toBe('aXb');
    expect(editorText(press(s, UNDO))).toBe('ab');
    expect(editorText(press(s, UNDO, UNDO))).toBe('');
  });

  it('ctrl-x deletes the line under the cursor (the last one is emptied), and ctrl-z brings it back', () => {
    let s = press(editorFrom('a\nb\nc'), { input: '', downArrow: true }, DELETE_LINE);
    expect(editorText(s)).toBe('a\nc');
    expect(s.row).toBe(1);
    s = press(s, DELETE_LINE, DELETE_LINE);
    expect(editorText(s)).toBe('');
    s = press(s, DELETE_LINE);
    expect(editorText(s)).toBe('');
    s = press(s, UNDO, UNDO, UNDO);
    expect(editorText(s)).toBe('a\nb\nc');
  });

  it('keeps at most UNDO_DEPTH steps', () => {
    let s = editorFrom('');
    for (let i = 0; i < UNDO_DEPTH + 20; i++) s = press(s, { input: '', return: true });
    expect(s.undo).toHaveLength(UNDO_DEPTH);
    for (let i = 0; i < UNDO_DEPTH + 20; i++) s = press(s, UNDO);
    expect(s.lines).toHaveLength(21);
  });
});
