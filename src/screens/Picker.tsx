import { Box, Text, useInput } from 'ink';
import { useMemo, useRef, useState } from 'react';
import { KeyHints } from '../components/KeyHints.js';
import { cells, cut } from '../components/rows.js';
import { filterProblems, idColumn, listTop, pickerChoices, pickerRow, type NextRow } from '../terminal/pickerRow.js';
import { tone } from '../components/theme.js';
import { splitBurst, type KeyPress } from '../components/burst.js';
import { LineInput } from '../components/Editor.js';
import type { ProblemEntry } from '../app/controller.js';
import type { FrameKeysState } from '../terminal/firstFrameKeys.js';

// The filter is shared with the plain first frame, which answers the first keys before Ink loads.
export { filterProblems };

/** Where the picker starts: the filter and choice typed at the plain first frame (src/terminal/firstFrameKeys.ts). */
export type PickerStart = FrameKeysState;

export interface PickerProps {
  problems: ProblemEntry[] | undefined;
  start?: PickerStart;
  /** What `simcoach next` picks: the first row while nothing is typed. */
  next?: NextRow;
  width: number;
  height: number;
  error?: string;
  /** The flows a session can be started in here, and the one chosen at first (the settings'). */
  flows?: readonly string[];
  flow?: string;
  /** The language sessions start in and where it came from: "python (from settings)". */
  lang?: string;
  /** `flow`: the one chosen with ctrl-f, when the picker offers flows. */
  onPick(ref: string, flow?: string): void;
  /** Ctrl-p: practise the chosen problem (the person writes the program, hints on request). */
  onPractice?(ref: string): void;
  onQuit(): void;
  onSettings(): void;
}

/** The flow after `current` in `flows` (ctrl-f goes round them); the first when `current` is not among them. */
export const nextFlow = (flows: readonly string[], current: string | undefined): string | undefined =>
  flows.length === 0 ? undefined : flows[(flows.indexOf(current ?? '') + 1) % flows.length];

/**
 * The problem picker: type to filter, ↑↓ to choose, enter to open; ctrl-f chooses the flow (letters
 * filter, so the flow key is a control key as ctrl-p and ctrl-o are); ctrl-o opens a file by path.
 */
export function Picker({
  problems,
  start,
  next,
  width,
  height,
  error,
  flows = [],
  flow: firstFlow,
  lang,
  onPick,
  onPractice,
  onQuit,
  onSettings,
}: PickerProps) {
  const [flow, setFlowState] = useState(firstFlow);
  const flowNow = useRef(firstFlow);
  const setFlow = (f: string | undefined): void => {
    flowNow.current = f;
    setFlowState(f);
  };
  const [filter, setFilterState] = useState(start?.filter ?? '');
  const [index, setIndexState] = useState(start?.index ?? 0);
  const [pathMode, setPathModeState] = useState(false);
  const pathNow = useRef(false);
  const setPathMode = (on: boolean): void => {
    pathNow.current = on;
    setPathModeState(on);
  };
  // Keys can come several to a chunk (type-ahead, a paste, "sum⏎" at once): the handler works on
  // the newest values, not the ones of the last render.
  const now = useRef({ filter: start?.filter ?? '', index: start?.index ?? 0 });
  const setFilter = (f: string): void => {
    now.current = { filter: f, index: 0 };
    setFilterState(f);
    setIndexState(0);
  };
  const setIndex = (i: number): void => {
    now.current = { ...now.current, index: i };
    setIndexState(i);
  };
  const shown = useMemo(() => filterProblems(problems ?? [], filter), [problems, filter]);
  const choices = useMemo(
    () => (problems ? pickerChoices(shown, filter, next) : shown),
    [problems, shown, filter, next],
  );
  const choicesFor = (f: string): ReturnType<typeof pickerChoices<ProblemEntry>> =>
    problems ? pickerChoices(filterProblems(problems, f), f, next) : [];
  const listHeight = Math.max(3, height - 5);
  const at = Math.min(index, Math.max(0, choices.length - 1));
  const top = listTop(at, choices.length, listHeight);

  const pickIn = (ref: string): void =>
    flowNow.current !== undefined && flows.length > 0 ? onPick(ref, flowNow.current) : onPick(ref);

  const open = (how: (ref: string) => void = pickIn): void => {
    const { filter: f, index: i } = now.current;
    const list = choicesFor(f);
    const p = list[Math.min(i, Math.max(0, list.length - 1))];
    // A filter that matches nothing opens that text as a file path.
    if (p) how(p.ref);
    else if (f.trim()) how(f.trim());
  };

  /** One key; true when it left the list (opened, quit, settings or the path input). */
  const pickerKey = (k: KeyPress): boolean => {
    const cur = now.current;
    const count = choicesFor(cur.filter).length;
    if (k.ctrl && k.input === 'o') return (setPathMode(true), true);
    if (k.ctrl && k.input === 'c') return (onQuit(), true);
    if (k.ctrl && k.input === 'p' && onPractice) return (open(onPractice), true);
    if (k.ctrl && k.input === 'f') return (setFlow(nextFlow(flows, flowNow.current)), false);
    if (k.escape) return cur.filter ? (setFilter(''), false) : (onQuit(), true);
    if (k.upArrow) setIndex(Math.max(0, cur.index - 1));
    else if (k.downArrow) setIndex(Math.min(count - 1, cur.index + 1));
    else if (k.pageUp) setIndex(Math.max(0, cur.index - listHeight));
    else if (k.pageDown) setIndex(Math.min(count - 1, cur.index + listHeight));
    else if (k.return) return (open(), true);
    else if (k.tab) return (onSettings(), true);
    else if (k.backspace || k.delete) setFilter(Array.from(cur.filter).slice(0, -1).join(''));
    else if (k.input && !k.ctrl && !k.meta) {
      const [text = '', ...rest] = k.input.split('\n');
      setFilter(cur.filter + text);
      if (rest.length > 0) return (open(), true);
    }
    return false;
  };

  useInput((input, key) => {
    // Always subscribed (toggling would drop keys typed while React swaps handlers); the path
    // input has the keys while it is open.
    if (pathNow.current) return;
    // Every key of a burst in order ("sum⏎" typed ahead, three backspaces); a paste is one text.
    for (const k of splitBurst(input, key, 'runs')) if (pickerKey(k)) return;
  });

  if (pathMode) {
    return (
      <Box flexDirection="column">
        <Text bold>Open a problem file (markdown, Companion JSON, FILE.jsonl:ID)</Text>
        <LineInput
          label="path:"
          width={width}
          onSubmit={(v) => (v.trim() ? onPick(v.trim()) : setPathMode(false))}
          onCancel={() => setPathMode(false)}
        />
        <KeyHints
          hints={[
            { key: 'enter', label: 'open' },
            { key: 'esc', label: 'back' },
          ]}
          width={width}
        />
      </Box>
    );
  }
  // One id column for the whole list, as the first frame lays it out, so rows do not move as the list scrolls or filters.
  const idWidth = idColumn(problems ?? [], width, cells);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>Pick a problem </Text>
        <Text dimColor>{problems ? `${shown.length} of ${problems.length}` : 'loading…'}</Text>
        {flows.length > 0 && flow !== undefined ? (
          <>
            <Text dimColor>{' · flow '}</Text>
            <Text color={tone('cyan')}>{flow}</Text>
          </>
        ) : null}
        {lang !== undefined ? <Text dimColor>{` · ${lang}`}</Text> : null}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>filter: </Text>
        {filter}
        <Text inverse> </Text>
      </Text>
      {choices.slice(top, top + listHeight).map((p, i) => {
        const sel = top + i === at;
        const { main, tail } = pickerRow(p, sel, idWidth, width, cells);
        return (
          <Text
            key={p.ref}
            wrap="truncate-end"
            inverse={sel}
            color={sel ? undefined : p.group === 'saved' ? tone('cyan') : undefined}
          >
            {main}
            {tail ? <Text dimColor>{tail}</Text> : null}
          </Text>
        );
      })}
      {problems && shown.length === 0 ? (
        <Text dimColor>{filter ? 'no match — enter opens it as a file path' : 'no problems found'}</Text>
      ) : null}
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
          ...(flows.length > 1 ? [{ key: 'ctrl-f', label: 'flow' }] : []),
          ...(onPractice ? [{ key: 'ctrl-p', label: 'practise it' }] : []),
          { key: 'ctrl-o', label: 'open a file' },
          { key: 'tab', label: 'settings' },
          { key: 'esc', label: 'quit' },
        ]}
        width={width}
      />
    </Box>
  );
}
