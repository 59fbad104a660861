// `w`: one line asking where to write the program (the default filled in), then, when that file
// exists, "overwrite it? y/n". The app controller writes; this line only asks and reports.
import { Text, useInput } from 'ink';
import { useRef, useState } from 'react';
import { splitBurst } from '../../components/burst.js';
import { overwriteKey } from '../../components/currentProgram.js';
import { LineInput } from '../../components/Editor.js';
import type { Hint } from '../../components/KeyHints.js';
import { cut } from '../../components/rows.js';
import { tone } from '../../components/theme.js';
import { hiddenNote } from '../../terminal/printable.js';
import type { ProgramOut, WriteOutcome } from '../../app/controller.js';

export interface Said {
  text: string;
  tone?: 'red' | 'yellow' | 'green';
}

export const WRITE_HINTS: Hint[] = [
  { key: 'enter', label: 'write' },
  { key: 'esc', label: 'cancel' },
];

/** What the status line says after a write. */
export function writtenNotice(r: Exclude<WriteOutcome, { kind: 'exists' }>): Said {
  if (r.kind !== 'written') return { text: r.message, tone: 'red' };
  const text = `wrote ${r.lines} line${r.lines === 1 ? '' : 's'} to ${r.path}`;
  return r.hidden ? { text: `${text} — ${hiddenNote(r.hidden)}`, tone: 'yellow' } : { text, tone: 'green' };
}

/** What the status line says after `y`. */
export function copiedNotice(r: ReturnType<ProgramOut['copy']>): Said {
  if (!r.ok) return { text: r.message, tone: 'yellow' };
  const text = `copied ${r.lines} line${r.lines === 1 ? '' : 's'} to the clipboard (OSC 52)`;
  return r.hidden ? { text: `${text} — ${hiddenNote(r.hidden)}`, tone: 'yellow' } : { text, tone: 'green' };
}

/** The line itself; `onAsking` tells the screen when its key hints should be CONFIRM_HINTS. */
export function WriteProgram({
  out,
  source,
  initial,
  width,
  onDone,
  onAsking,
}: {
  out: ProgramOut;
  source: string;
  initial: string;
  width: number;
  onDone(said: Said | undefined): void;
  onAsking?(asking: boolean): void;
}) {
  const [phase, setPhaseState] = useState<
    { kind: 'path' } | { kind: 'busy' } | { kind: 'confirm'; path: string; given: string }
  >({ kind: 'path' });
  // Keys can outrun renders: the confirm reads the newest phase.
  const phaseNow = useRef(phase);
  const setPhase = (p: typeof phase): void => {
    phaseNow.current = p;
    setPhaseState(p);
    onAsking?.(p.kind === 'confirm');
  };
  const failed = (err: unknown): void =>
    onDone({ text: `not written: ${err instanceof Error ? err.message : String(err)}`, tone: 'red' });

  const submit = (given: string): void => {
    if (!given.trim()) return onDone(undefined);
    setPhase({ kind: 'busy' });
    out
      .write(given, source, false)
      .then(
        (r) => (r.kind === 'exists' ? setPhase({ kind: 'confirm', path: r.path, given }) : onDone(writtenNotice(r))),
        failed,
      );
  };

  useInput(
    (input, key) => {
      const p = phaseNow.current;
      if (p.kind !== 'confirm') return;
      for (const k of splitBurst(input, key, 'chars')) {
        const a = overwriteKey(k);
        if (a === 'no') return onDone({ text: `not written: ${p.path} is kept`, tone: 'yellow' });
        if (a === 'yes') {
          setPhase({ kind: 'busy' });
          out
            .write(p.given, source, true)
            .then(
              (r) =>
                onDone(r.kind === 'exists' ? { text: `not written: ${r.path} exists`, tone: 'red' } : writtenNotice(r)),
              failed,
            );
          return;
        }
      }
    },
    { isActive: phase.kind === 'confirm' },
  );

  if (phase.kind === 'path')
    return (
      <LineInput
        label="write the program to:"
        width={width}
        initial={initial}
        onSubmit={submit}
        onCancel={() => onDone(undefined)}
      />
    );
  if (phase.kind === 'busy') return <Text dimColor>{cut('writing…', width)}</Text>;
  return (
    <Text color={tone('yellow')} wrap="truncate-end">
      {cut(`${phase.path} exists: overwrite it? y/n`, width)}
    </Text>
  );
}

export const CONFIRM_HINTS: Hint[] = [
  { key: 'y', label: 'overwrite' },
  { key: 'n', label: 'keep the file' },
];

/** `w` and `y` on a screen that shows one step's program at a time (the replay viewer, the live timeline). */
export interface ProgramOutState {
  writing: boolean;
  asking: boolean;
  said: Said | undefined;
  /** A key was pressed: clears what the last w or y said, and does w or y when it was one of them. */
  key(wanted: 'write' | 'copy' | undefined): boolean;
  done(said: Said | undefined): void;
  setAsking(asking: boolean): void;
}

export function useProgramOut(out: ProgramOut | undefined, source: string | undefined): ProgramOutState {
  const [writing, setWriting] = useState(false);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState<Said | undefined>();
  return {
    writing,
    asking,
    said,
    setAsking,
    key(wanted) {
      setSaid(undefined);
      if (wanted === 'write') setWriting(true);
      else if (wanted === 'copy' && source !== undefined && out) setSaid(copiedNotice(out.copy(source)));
      else return false;
      return true;
    },
    done(x) {
      setWriting(false);
      setAsking(false);
      setSaid(x);
    },
  };
}

/** The line under the pane: `w`'s question while it asks, else what the last w or y said. */
export function ProgramOutLine({
  state,
  out,
  source,
  name,
  width,
}: {
  state: ProgramOutState;
  out: ProgramOut | undefined;
  source: string | undefined;
  name: string;
  width: number;
}) {
  if (state.writing && source !== undefined && out)
    return (
      <WriteProgram
        out={out}
        source={source}
        initial={name}
        width={width}
        onAsking={state.setAsking}
        onDone={state.done}
      />
    );
  if (!state.said) return null;
  return (
    <Text color={tone(state.said.tone)} wrap="truncate-end">
      {cut(state.said.text, width)}
    </Text>
  );
}

/** The key bar while `w` asks, else the screen's own. */
export function programOutHints(state: ProgramOutState, own: Hint[]): Hint[] {
  return state.writing ? (state.asking ? CONFIRM_HINTS : WRITE_HINTS) : own;
}
