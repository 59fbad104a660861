import { Box, Text, useInput } from 'ink';
import { useRef, useState } from 'react';
import { splitBurst } from './burst.js';
import { editorFrom, editorKey, editorText, scrolled, type EditorState } from './editorModel.js';
import { KeyHints, type Hint } from './KeyHints.js';
import { cells, cut } from './rows.js';

export const EDITOR_HINTS: Hint[] = [
  { key: 'ctrl-s', label: 'save' },
  { key: 'esc', label: 'cancel' },
  { key: 'ctrl-z', label: 'undo' },
  { key: '←↑↓→', label: 'move' },
  { key: 'home/end', label: 'line' },
  { key: 'pgup/pgdn', label: 'page' },
  { key: 'ctrl-d', label: 'delete' },
  { key: 'ctrl-k', label: 'cut to end' },
  { key: 'ctrl-x', label: 'delete line' },
];

export interface EditorProps {
  initial: string;
  width: number;
  /** Lines of text shown (the hints take one more). */
  height: number;
  onSave(text: string): void;
  onCancel(): void;
  title?: string;
  /** A state kept from an earlier editor on the same text (its edits and cursor), opened instead of `initial`. */
  start?: EditorState;
  /** Each change, for whoever keeps the text when the editor is closed without a save (a contest's tab switch). */
  onChange?(s: EditorState): void;
}

/** The cursor's line, scrolled sideways so the cursor stays on screen; the cursor in inverse. */
function CursorLine({ line, col, width }: { line: string; col: number; width: number }) {
  const cs = Array.from(line);
  const start = Math.max(0, col - width + 2);
  const before = cs.slice(start, col).join('');
  const at = cs[col] ?? ' ';
  const after = cut(cs.slice(col + 1).join(''), Math.max(0, width - cells(before) - 1));
  return (
    <Text wrap="truncate-end">
      {before}
      <Text inverse>{at}</Text>
      {after}
    </Text>
  );
}

/**
 * A multi-line editor for plans and code. Backspace arrives as "delete" from most terminals
 * (Ink cannot tell them apart), so both erase backwards and ctrl-d deletes forwards.
 */
export function Editor({ initial, width, height, onSave, onCancel, title, start, onChange }: EditorProps) {
  const [s, setS] = useState<EditorState>(() => start ?? editorFrom(initial));
  // Keys can arrive faster than React re-subscribes the handler: read and write the newest state.
  const latest = useRef(s);
  const textHeight = Math.max(1, height - (title ? 1 : 0));
  useInput((input, key) => {
    // Every key of a burst, in order; a paste is one piece of text.
    for (const k of splitBurst(input, key, 'runs')) {
      if (k.ctrl && k.input === 's') return onSave(editorText(latest.current));
      if (k.escape) return onCancel();
      latest.current = editorKey(
        latest.current,
        { ...k, backspace: k.backspace || k.delete, delete: k.ctrl && k.input === 'd' },
        textHeight,
      );
    }
    setS(latest.current);
    onChange?.(latest.current);
  });
  const view = scrolled(s, textHeight);
  const gutter = String(s.lines.length).length + 1;
  const shown = view.lines.slice(view.top, view.top + textHeight);
  return (
    <Box flexDirection="column">
      {title ? (
        <Text bold wrap="truncate-end">
          {cut(`${title} — line ${s.row + 1}/${s.lines.length}`, width)}
        </Text>
      ) : null}
      {shown.map((line, i) => {
        const n = view.top + i;
        return (
          <Box key={n}>
            <Text dimColor>{String(n + 1).padStart(gutter - 1) + ' '}</Text>
            {n === s.row ? (
              <CursorLine line={line} col={s.col} width={width - gutter} />
            ) : (
              <Text wrap="truncate-end">{cut(line, width - gutter) || ' '}</Text>
            )}
          </Box>
        );
      })}
      {Array.from({ length: textHeight - shown.length }, (_, i) => (
        <Text key={`pad${i}`} dimColor>
          {'~'}
        </Text>
      ))}
      <KeyHints hints={EDITOR_HINTS} width={width} />
    </Box>
  );
}

/** A one-line input (notes, filters, paths): enter submits, esc cancels. */
export function LineInput({
  label,
  width,
  onSubmit,
  onCancel,
  initial = '',
}: {
  label: string;
  width: number;
  onSubmit(v: string): void;
  onCancel(): void;
  initial?: string;
}) {
  const [v, setValue] = useState(initial);
  const latest = useRef(v);
  const setV = (f: (x: string) => string): void => {
    latest.current = f(latest.current);
    setValue(latest.current);
  };
  useInput((input, key) => {
    for (const k of splitBurst(input, key, 'runs')) {
      if (k.return) return onSubmit(latest.current);
      if (k.escape) return onCancel();
      if (k.backspace || k.delete) setV((x) => Array.from(x).slice(0, -1).join(''));
      else if (k.ctrl && k.input === 'u') setV(() => '');
      else if (!k.ctrl && !k.meta && k.input && !k.upArrow && !k.downArrow) {
        // A pasted line break ends the line there.
        const [text = '', ...rest] = k.input.split('\n');
        setV((x) => x + text);
        if (rest.length > 0) return onSubmit(latest.current);
      }
    }
  });
  const room = Math.max(4, width - cells(label) - 2);
  const chars = Array.from(v);
  const shown = chars.slice(Math.max(0, chars.length - room + 1)).join('');
  return (
    <Text wrap="truncate-end">
      <Text bold>{label} </Text>
      {shown}
      <Text inverse> </Text>
    </Text>
  );
}
