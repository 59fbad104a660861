// The replay screen: a saved session's steps in the panes of the live app, driven by keys or
// played at the recorded pace. It reads only the in-memory timeline it is given.
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { clock } from '../session/format.js';
import { beats, gapToNext } from '../session/pace.js';
import type { Beat } from '../session/pace.js';
import type { Timeline } from '../session/timeline.js';
import { fullBeat, stepBlocks, stepMark, type Block, type Tone } from './replay-model.js';

export interface ReplayProps {
  timeline: Timeline;
  speed: number;
  branch?: number;
}

type Mode = 'view' | 'jump' | 'branch';

const toneColor: Record<Tone, string | undefined> = {
  normal: undefined,
  dim: 'gray',
  person: 'cyan',
  good: 'green',
  bad: 'red',
  warn: 'yellow',
  heading: undefined,
};

interface Line {
  text: string;
  tone: Tone;
  bold?: boolean;
}

function blockLines(b: Block): Line[] {
  const lines = (text: string, tone: Tone): Line[] => text.replace(/\n$/, '').split('\n').map((t) => ({ text: t, tone }));
  switch (b.kind) {
    case 'edit':
      return [{ text: `✎ ${b.title ?? 'edit'}`, tone: 'person', bold: true }, ...lines(b.text, 'person')];
    case 'tests': {
      const head: Line = { text: `tests: ${b.text}`, tone: b.tone, bold: true };
      const rows = (b.result?.tests ?? []).map((t) => ({
        text: `  ${t.name.padEnd(12)} ${t.verdict.padEnd(4)} ${String(t.timeMs).padStart(5)} ms  ${Math.round(t.memoryKb / 1024)} MB${t.detail ? `  ${t.detail}` : ''}`,
        tone: (t.verdict === 'AC' ? 'good' : 'bad') as Tone,
      }));
      const ce = b.result?.compile && !b.result.compile.ok ? lines(b.result.compile.message, 'bad') : [];
      return [head, ...ce, ...rows];
    }
    case 'decision':
      return [{ text: `→ ${b.text}`, tone: b.tone, bold: true }];
    case 'error':
      return lines(`error: ${b.text}`, 'bad');
    default:
      return lines(b.text, b.tone);
  }
}

const Hints = ({ mode, playing }: { mode: Mode; playing: boolean }) => {
  const keys =
    mode === 'view'
      ? [['→/space', 'next'], ['←', 'previous'], ['g', 'jump'], ['p', playing ? 'pause' : 'play'], ['b', 'branch'], ['↑↓', 'scroll'], ['q', 'quit']]
      : [['↑↓', 'move'], ['enter', 'choose'], ['esc', 'back']];
  return (
    <Box>
      {keys.map(([k, what]) => (
        <Text key={k}>
          <Text bold>{k}</Text>
          <Text color="gray"> {what}   </Text>
        </Text>
      ))}
    </Box>
  );
};

export function ReplayScreen({ timeline: tl, speed, branch: initialBranch }: ReplayProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const rows = stdout?.rows ?? 24;
  const [branchId, setBranchId] = useState(initialBranch ?? tl.lastBranch.id);
  const branch = tl.branch(branchId);
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<Mode>('view');
  const [cursor, setCursor] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [beat, setBeat] = useState<Beat | undefined>(undefined);
  const [scroll, setScroll] = useState(0);

  const ref = branch.steps[Math.min(index, branch.steps.length - 1)];
  const view = useMemo(() => (ref ? tl.load(ref) : undefined), [tl, ref]);

  const go = (i: number): void => {
    setIndex(Math.max(0, Math.min(branch.steps.length - 1, i)));
    setBeat(undefined);
    setScroll(0);
  };

  // Playing walks the beats of the current step, then moves on after the recorded pause.
  useEffect(() => {
    if (!playing || !view) return;
    const plan = beats(view, { speed });
    const timers = plan.map((b) => setTimeout(() => setBeat(b), b.at));
    const last = plan[plan.length - 1]!.at;
    const next = branch.steps[index + 1];
    timers.push(
      setTimeout(() => {
        if (next) go(index + 1);
        else {
          setPlaying(false);
          setBeat(undefined);
        }
      }, last + (next ? gapToNext(view, next.t, { speed }) : 0) + 1),
    );
    return () => timers.forEach(clearTimeout);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, view]);

  const picker = (length: number, choose: (i: number) => void) => (input: string, key: { upArrow: boolean; downArrow: boolean; return: boolean; escape: boolean }) => {
    if (key.upArrow) setCursor((c) => Math.max(0, c - 1));
    else if (key.downArrow) setCursor((c) => Math.min(length - 1, c + 1));
    else if (key.return) {
      choose(cursor);
      setMode('view');
    } else if (key.escape || input === 'q') setMode('view');
  };

  useInput((input, key) => {
    if (mode === 'jump') return picker(branch.steps.length, go)(input, key);
    if (mode === 'branch')
      return picker(tl.branches.length, (i) => {
        setBranchId(tl.branches[i]!.id);
        setIndex(0);
        setBeat(undefined);
      })(input, key);
    if (input === 'q' || key.escape || (key.ctrl && input === 'c')) exit();
    else if (key.rightArrow || input === ' ' || input === 'l' || input === 'n') {
      setPlaying(false);
      go(index + 1);
    } else if (key.leftArrow || input === 'h') {
      setPlaying(false);
      go(index - 1);
    } else if (input === 'g') {
      setPlaying(false);
      tl.marks();
      setCursor(index);
      setMode('jump');
    } else if (input === 'b') {
      setPlaying(false);
      setCursor(Math.max(0, tl.branches.findIndex((b) => b.id === branchId)));
      setMode('branch');
    } else if (input === 'p') {
      setBeat(undefined);
      setPlaying((p) => !p);
    } else if (key.upArrow || input === 'k') setScroll((s) => Math.max(0, s - 1));
    else if (key.downArrow || input === 'j') setScroll((s) => s + 1);
    else if (key.pageDown) setScroll((s) => s + rows - 8);
    else if (key.pageUp) setScroll((s) => Math.max(0, s - rows + 8));
  });

  const h = tl.header;
  const height = Math.max(4, rows - 7 - Math.min(2, tl.warnings.length));
  const title = `${h.problem.title || h.problem.id} · ${h.flow} · ${h.model}${h.label ? ` · ${h.label}` : ''}`;
  const status = `${tl.branches.length > 1 ? `branch ${branchId} · ` : ''}step ${index + 1}/${branch.steps.length}${ref ? ` · ${ref.title} · ${clock(ref.t)}` : ''}${playing ? ` · ▶ playing ×${speed}` : ''}`;

  let body: ReactElement;
  if (mode === 'jump' || mode === 'branch') {
    const items =
      mode === 'jump'
        ? branch.steps.map((s, i) => {
            const m = stepMark(s);
            return { key: `${s.start}`, label: `${String(i + 1).padStart(3)}  ${m.mark.padEnd(3)} ${s.title}  ${clock(s.t)}`, tone: m.tone };
          })
        : tl.branches.map((b) => ({
            key: `b${b.id}`,
            label: `branch ${b.id}: ${b.steps.length} steps${b.from !== undefined ? `, back from branch ${b.from} at step ${(b.atStep ?? 0) + 1}` : ''}${b.id === tl.lastBranch.id ? ' (last)' : ''}`,
            tone: 'normal' as Tone,
          }));
    const top = Math.max(0, Math.min(cursor - Math.floor(height / 2), items.length - height));
    body = (
      <Box flexDirection="column" height={height}>
        <Text bold>{mode === 'jump' ? 'Jump to a step' : 'Pick a branch'}</Text>
        {items.slice(top, top + height - 1).map((it, i) => (
          <Text key={it.key} inverse={top + i === cursor} color={toneColor[it.tone]}>
            {it.label}
          </Text>
        ))}
      </Box>
    );
  } else {
    const blocks = view ? stepBlocks(view, beat ?? fullBeat(view), h.lang) : [];
    const lines = blocks.flatMap((b, i) => (i > 0 ? [{ text: '', tone: 'normal' as Tone }, ...blockLines(b)] : blockLines(b)));
    // While a step streams, follow its end; otherwise start at the top and let the person scroll.
    const start = playing ? Math.max(0, lines.length - height) : Math.min(scroll, Math.max(0, lines.length - height));
    body = (
      <Box flexDirection="column" height={height}>
        {ref ? null : <Text color="yellow">This session has no steps to show.</Text>}
        {lines.slice(start, start + height).map((l, i) => (
          <Text key={start + i} color={toneColor[l.tone]} bold={Boolean(l.bold)} wrap="truncate-end">
            {l.text || ' '}
          </Text>
        ))}
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>simcoach replay</Text>
        <Text color="gray"> · {h.id} · </Text>
        {title}
      </Text>
      <Text color="gray">{status}</Text>
      {tl.warnings.slice(0, 2).map((w) => (
        <Text key={w} color="yellow" wrap="truncate-end">
          note: {w}
        </Text>
      ))}
      <Box borderStyle="round" borderColor="gray" flexDirection="column" paddingX={1}>
        <Text bold>{ref?.title ?? ''}</Text>
        {body}
      </Box>
      <Hints mode={mode} playing={playing} />
    </Box>
  );
}
