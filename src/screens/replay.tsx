// The replay screen: a saved session's steps in the panes of the live app, driven by keys or
// played at the recorded pace. It reads only the in-memory timeline it is given.
import { Box, Text, useApp, useInput, useStdout, type Key } from 'ink';
import { useEffect, useMemo, useReducer, type ReactElement } from 'react';
import { clock } from '../session/format.js';
import { beats, gapToNext } from '../session/pace.js';
import type { Beat } from '../session/pace.js';
import { finalText, type StepRef, type Timeline } from '../session/timeline.js';
import { branchLanguage, languageText } from '../session/language.js';
import { KeyHints, type Hint } from '../components/KeyHints.js';
import { Rows, fitRow, seg, wrapRows, type Row } from '../components/rows.js';
import { tone } from '../components/theme.js';
import { fullBeat, replayProgramKey, stepRows, stepMark } from '../components/replayModel.js';
import { stepProgram } from '../components/currentProgram.js';
import { withProgramHints } from '../components/solveHints.js';
import type { ProgramOut } from '../app/controller.js';
import { ProgramOutLine, programOutHints, useProgramOut } from './solve/WriteProgram.js';
import { printableLine } from '../terminal/printable.js';

/** How play waits between beats: the real clock by default; tests drive it by hand. */
export interface PlayClock {
  after(ms: number, fn: () => void): () => void;
}

const realClock: PlayClock = {
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

export interface ReplayProps {
  timeline: Timeline;
  speed: number;
  branch?: number;
  clock?: PlayClock;
  /** `w` / `y`: the viewed step's program to a file or the clipboard. */
  out?: ProgramOut;
}

type Mode = 'view' | 'jump' | 'branch';

function hints(mode: Mode, playing: boolean): Hint[] {
  if (mode !== 'view')
    return [
      { key: '↑↓', label: 'move' },
      { key: 'enter', label: 'choose' },
      { key: 'esc', label: 'back' },
    ];
  return [
    { key: '→/space', label: 'next' },
    { key: '←', label: 'previous' },
    { key: 'g', label: 'jump' },
    { key: 'p', label: playing ? 'pause' : 'play' },
    { key: 'b', label: 'branch' },
    { key: '↑↓', label: 'scroll' },
    { key: 'q', label: 'quit' },
  ];
}

/** The code and the plan the flow had before step `index`, for the panes' diffs. */
function before(tl: Timeline, steps: StepRef[], index: number): { previousCode?: string; previousPlan?: string } {
  const out: { previousCode?: string; previousPlan?: string } = {};
  // A few steps back is enough (a plan precedes its code closely); never the whole session.
  for (let i = index - 1; i >= Math.max(0, index - 12); i--) {
    const ref = steps[i]!;
    const isCode = ref.pane === 'code' || ref.pane === 'debug';
    if ((isCode && out.previousCode === undefined) || (ref.pane === 'plan' && out.previousPlan === undefined)) {
      const text = finalText(tl.load(ref))?.text;
      if (text !== undefined) out[isCode ? 'previousCode' : 'previousPlan'] = text;
    }
  }
  return out;
}

interface Nav {
  branchId: number;
  index: number;
  mode: Mode;
  cursor: number;
  playing: boolean;
  beat?: Beat;
  scroll: number;
  quit?: boolean;
}

type Action =
  | { type: 'go'; by: number }
  | { type: 'advance' }
  | { type: 'open'; mode: 'jump' | 'branch' }
  | { type: 'cursor'; by: number }
  | { type: 'choose' }
  | { type: 'cancel' }
  | { type: 'play' }
  | { type: 'beat'; beat: Beat }
  | { type: 'stopped' }
  | { type: 'scroll'; by: number }
  | { type: 'key'; input: string; key: Key; page: number };

/** Every key's effect as a pure step from one state to the next (keys can outrun renders). */
function navigate(tl: Timeline, s: Nav, a: Action): Nav {
  const steps = tl.branch(s.branchId).steps.length;
  const clamp = (i: number, n: number): number => Math.max(0, Math.min(n - 1, i));
  const at = (index: number): Nav => ({ ...s, index: clamp(index, steps), beat: undefined, scroll: 0 });
  switch (a.type) {
    case 'go':
      return { ...at(s.index + a.by), playing: false };
    case 'advance':
      return s.index + 1 < steps ? at(s.index + 1) : { ...s, playing: false, beat: undefined };
    case 'open':
      return {
        ...s,
        playing: false,
        mode: a.mode,
        cursor:
          a.mode === 'jump'
            ? s.index
            : Math.max(
                0,
                tl.branches.findIndex((b) => b.id === s.branchId),
              ),
      };
    case 'cursor':
      return { ...s, cursor: clamp(s.cursor + a.by, s.mode === 'jump' ? steps : tl.branches.length) };
    case 'choose':
      if (s.mode === 'jump') return { ...at(s.cursor), mode: 'view' };
      return {
        ...s,
        mode: 'view',
        branchId: tl.branches[s.cursor]?.id ?? s.branchId,
        index: 0,
        beat: undefined,
        scroll: 0,
      };
    case 'cancel':
      return { ...s, mode: 'view' };
    case 'play':
      return { ...s, playing: !s.playing, beat: undefined };
    case 'beat':
      return s.playing ? { ...s, beat: a.beat } : s;
    case 'stopped':
      return { ...s, playing: false, beat: undefined };
    case 'scroll':
      return { ...s, scroll: Math.max(0, s.scroll + a.by) };
    case 'key':
      return onKey(tl, s, a.input, a.key, a.page);
  }
}

/** A key press read against the state it arrives in, not the one last rendered. */
function onKey(tl: Timeline, s: Nav, input: string, key: Key, page: number): Nav {
  const go = (a: Action): Nav => navigate(tl, s, a);
  if (s.mode !== 'view') {
    if (key.upArrow || input === 'k') return go({ type: 'cursor', by: -1 });
    if (key.downArrow || input === 'j') return go({ type: 'cursor', by: 1 });
    if (key.return) return go({ type: 'choose' });
    if (key.escape || input === 'q') return go({ type: 'cancel' });
    return s;
  }
  if (input === 'q' || key.escape || (key.ctrl && input === 'c')) return { ...s, quit: true };
  if (key.rightArrow || input === ' ' || input === 'l' || input === 'n') return go({ type: 'go', by: 1 });
  if (key.leftArrow || input === 'h') return go({ type: 'go', by: -1 });
  if (input === 'g') {
    tl.marks(); // the list shows each step's decision and verdict
    return go({ type: 'open', mode: 'jump' });
  }
  if (input === 'b') return go({ type: 'open', mode: 'branch' });
  if (input === 'p') return go({ type: 'play' });
  if (key.upArrow || input === 'k') return go({ type: 'scroll', by: -1 });
  if (key.downArrow || input === 'j') return go({ type: 'scroll', by: 1 });
  if (key.pageDown) return go({ type: 'scroll', by: page });
  if (key.pageUp) return go({ type: 'scroll', by: -page });
  return s;
}

export function ReplayScreen({
  timeline: tl,
  speed,
  branch: initialBranch,
  clock: playClock = realClock,
  out,
}: ReplayProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const rows = stdout?.rows ?? 24;
  const [nav, dispatch] = useReducer((s: Nav, a: Action) => navigate(tl, s, a), {
    branchId: initialBranch ?? tl.lastBranch.id,
    index: 0,
    mode: 'view',
    cursor: 0,
    playing: false,
    scroll: 0,
  });
  const { branchId, index, mode, cursor, playing, beat, scroll } = nav;
  const branch = tl.branch(branchId);
  const ref = branch.steps[Math.min(index, branch.steps.length - 1)];
  const view = useMemo(() => (ref ? tl.load(ref) : undefined), [tl, ref]);
  // The branch's language (on the short second line, which any width shows whole) and at each
  // step, for w's file name: the person may have switched it at a gate.
  const language = useMemo(() => branchLanguage(tl, branchId), [tl, branchId]);

  // Playing walks the beats of the current step, then moves on after the recorded pause.
  useEffect(() => {
    if (!playing || !view) return;
    const plan = beats(view, { speed });
    const cancels = plan.map((b) => playClock.after(b.at, () => dispatch({ type: 'beat', beat: b })));
    const next = branch.steps[index + 1];
    const pause = plan[plan.length - 1]!.at + (next ? gapToNext(view, next.t, { speed }) : 0) + 1;
    cancels.push(playClock.after(pause, () => dispatch({ type: 'advance' })));
    return () => cancels.forEach((c) => c());
  }, [playing, view, speed, branch, index, playClock]);

  useEffect(() => {
    if (nav.quit) exit();
  }, [nav.quit, exit]);

  // The viewed step's program, for w and y; the line under the pane while writing or after.
  const source = useMemo(() => (view && out ? stepProgram(view) : undefined), [view, out]);
  const po = useProgramOut(out, source);
  useInput(
    (input, key) => {
      if (po.key(replayProgramKey(mode, { ...key, input }, source !== undefined))) return;
      dispatch({ type: 'key', input, key, page: rows - 8 });
    },
    { isActive: !po.writing },
  );

  // Quitting leaves the terminal as a full-screen app does: the frame and its key row erased
  // (an empty last frame), the shell prompt where the replay began.
  if (nav.quit) return null;

  const h = tl.header;
  const width = Math.max(20, (stdout?.columns ?? 80) - 4);
  const line = po.writing || po.said !== undefined;
  const height = Math.max(4, rows - 7 - Math.min(2, tl.warnings.length) - (line ? 1 : 0));
  const title = printableLine(
    `${h.problem.title || h.problem.id} · ${h.flow} · ${h.model}${h.label ? ` · ${h.label}` : ''}`,
  );
  const status = `${tl.branches.length > 1 ? `branch ${branchId} · ` : ''}step ${index + 1}/${branch.steps.length}${ref ? ` · ${ref.title} · ${clock(ref.t)}` : ''} · ${languageText(language)}${playing ? ` · ▶ playing ×${speed}` : ''}`;

  let body: ReactElement;
  if (mode === 'jump' || mode === 'branch') {
    const items: Row[] =
      mode === 'jump'
        ? branch.steps.map((s, i) => {
            const m = stepMark(s);
            return [
              seg(`${String(i + 1).padStart(3)}  `),
              seg(m.mark.padEnd(3), m.tone ? { color: m.tone } : {}),
              seg(` ${s.title}  `),
              seg(clock(s.t), { dim: true }),
            ];
          })
        : tl.branches.map((b) => [
            seg(
              `branch ${b.id}: ${b.steps.length} steps${b.from !== undefined ? `, ${b.sample ? `${b.sample.name ?? 'a hidden test'} added as a sample, from` : 'back from'} branch ${b.from} at step ${(b.atStep ?? 0) + 1}` : ''}${b.id === tl.lastBranch.id ? ' (last)' : ''}${tl.samples(b.id).length > tl.header.problem.samples.length ? ` · ${tl.samples(b.id).length} samples` : ''}`,
            ),
          ]);
    const top = Math.max(0, Math.min(cursor - Math.floor(height / 2), items.length - height + 1));
    const shown = items
      .slice(top, top + height - 1)
      .map((r, i) => (top + i === cursor ? r.map((x) => ({ ...x, inverse: true })) : r));
    body = (
      <Box flexDirection="column" height={height}>
        <Text bold>{mode === 'jump' ? 'Jump to a step' : 'Pick a branch'}</Text>
        <Rows rows={shown.map((r) => fitRow(r, width))} />
      </Box>
    );
  } else {
    // Wrapped before scrolling: a long or multi-line row takes the rows it needs, within the pane.
    const lines = view
      ? wrapRows(
          stepRows(view, beat ?? fullBeat(view), { width, streamHeight: height, ...before(tl, branch.steps, index) }),
          width,
        )
      : [];
    // While a step streams, follow its end; otherwise start at the top and let the person scroll.
    const start = playing ? Math.max(0, lines.length - height) : Math.min(scroll, Math.max(0, lines.length - height));
    body = (
      <Box flexDirection="column" height={height}>
        {ref ? null : <Text color={tone('yellow')}>This session has no steps to show.</Text>}
        <Rows rows={lines} from={start} height={height} />
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      <Text wrap="truncate-end">
        <Text bold>simcoach replay</Text>
        <Text color={tone('gray')}> · {h.id} · </Text>
        {title}
      </Text>
      <Text color={tone('gray')} wrap="truncate-end">
        {status}
      </Text>
      {tl.warnings.slice(0, 2).map((w) => (
        <Text key={w} color={tone('yellow')} wrap="truncate-end">
          note: {w}
        </Text>
      ))}
      <Box borderStyle="round" borderColor={tone('gray')} flexDirection="column" paddingX={1}>
        <Text bold>{ref?.title ?? ''}</Text>
        {body}
      </Box>
      <ProgramOutLine
        state={po}
        out={out}
        source={source}
        name={out ? out.defaultName(h.problem.id, (ref && language.byStep.get(ref.step)) ?? language.end) : ''}
        width={width + 4}
      />
      <KeyHints
        hints={programOutHints(
          po,
          source !== undefined && mode === 'view' ? withProgramHints(hints(mode, playing), 2) : hints(mode, playing),
        )}
        width={width + 4}
      />
    </Box>
  );
}
