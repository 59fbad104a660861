import { Box, Text, useInput } from 'ink';
import { useMemo, useState } from 'react';
import { KeyHints } from '../components/KeyHints.js';
import { cut } from '../components/rows.js';
import { tone } from '../components/theme.js';
import { LineInput } from '../components/Editor.js';
import type { ProblemEntry } from './controller.js';

/** Every word of the filter must appear in the id, title, tags or difficulty. */
export function filterProblems(list: ProblemEntry[], filter: string): ProblemEntry[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((p) => {
    const hay = `${p.id} ${p.title} ${p.tags.join(' ')} ${p.difficulty ?? ''} ${p.group}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

export interface PickerProps {
  problems: ProblemEntry[] | undefined;
  width: number;
  height: number;
  error?: string;
  onPick(ref: string): void;
  onQuit(): void;
  onSettings(): void;
}

/** The problem picker: type to filter, ↑↓ to choose, enter to open; ctrl-o opens a file by path. */
export function Picker({ problems, width, height, error, onPick, onQuit, onSettings }: PickerProps) {
  const [filter, setFilter] = useState('');
  const [index, setIndex] = useState(0);
  const [pathMode, setPathMode] = useState(false);
  const shown = useMemo(() => filterProblems(problems ?? [], filter), [problems, filter]);
  const listHeight = Math.max(3, height - 5);
  const at = Math.min(index, Math.max(0, shown.length - 1));
  const top = Math.max(0, Math.min(at - Math.floor(listHeight / 2), shown.length - listHeight));

  useInput(
    (input, key) => {
      if (key.ctrl && input === 'o') return setPathMode(true);
      if (key.ctrl && input === 'c') return onQuit();
      if (key.escape) return filter ? setFilter('') : onQuit();
      if (key.upArrow) return setIndex(Math.max(0, at - 1));
      if (key.downArrow) return setIndex(Math.min(shown.length - 1, at + 1));
      if (key.pageUp) return setIndex(Math.max(0, at - listHeight));
      if (key.pageDown) return setIndex(Math.min(shown.length - 1, at + listHeight));
      if (key.return) {
        const p = shown[at];
        // A filter that matches nothing but looks like a path opens that file.
        if (p) return onPick(p.ref);
        if (filter.trim()) return onPick(filter.trim());
        return;
      }
      if (key.tab) return onSettings();
      if (key.backspace || key.delete) return setFilter((f) => f.slice(0, -1));
      if (input && !key.ctrl && !key.meta) {
        setFilter((f) => f + input);
        setIndex(0);
      }
    },
    { isActive: !pathMode },
  );

  if (pathMode) {
    return (
      <Box flexDirection="column">
        <Text bold>Open a problem file (markdown, Companion JSON, FILE.jsonl:ID)</Text>
        <LineInput label="path:" width={width} onSubmit={(v) => (v.trim() ? onPick(v.trim()) : setPathMode(false))} onCancel={() => setPathMode(false)} />
        <KeyHints hints={[{ key: 'enter', label: 'open' }, { key: 'esc', label: 'back' }]} width={width} />
      </Box>
    );
  }
  const idWidth = Math.min(22, Math.max(6, ...shown.map((p) => p.id.length)));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Pick a problem </Text>
        <Text dimColor>{problems ? `${shown.length} of ${problems.length}` : 'loading…'}</Text>
      </Text>
      <Text wrap="truncate-end">
        <Text bold>filter: </Text>
        {filter}
        <Text inverse> </Text>
      </Text>
      {shown.slice(top, top + listHeight).map((p, i) => {
        const sel = top + i === at;
        const tail = [p.difficulty, p.group === 'saved' ? 'saved' : ''].filter(Boolean).join(' · ');
        const line = `${sel ? '›' : ' '} ${p.id.padEnd(idWidth)}  ${p.title}`;
        return (
          <Text key={p.ref} wrap="truncate-end" inverse={sel} color={sel ? undefined : p.group === 'saved' ? tone('cyan') : undefined}>
            {cut(line, Math.max(10, width - tail.length - 2))}
            {tail ? <Text dimColor>{`  ${tail}`}</Text> : null}
          </Text>
        );
      })}
      {problems && shown.length === 0 ? <Text dimColor>{filter ? 'no match — enter opens it as a file path' : 'no problems found'}</Text> : null}
      {error ? (
        <Text color={tone('red')} wrap="truncate-end">
          {cut(error, width)}
        </Text>
      ) : null}
      <KeyHints
        hints={[
          { key: 'type', label: 'filter' },
          { key: '↑↓', label: 'choose' },
          { key: 'enter', label: 'open' },
          { key: 'ctrl-o', label: 'open a file' },
          { key: 'tab', label: 'settings' },
          { key: 'esc', label: 'quit' },
        ]}
        width={width}
      />
    </Box>
  );
}
