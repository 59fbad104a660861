// `g` in a live session: the replay's timeline over the journal written so far. Any earlier step
// can be read again, whole, with its decision; nothing is decided or branched here (that is `b`),
// and the gate keeps waiting underneath.
import { Box, Text, useInput } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import { KeyHints, type Hint } from '../../components/KeyHints.js';
import { fullBeat, stepMark, stepRows } from '../../components/replayModel.js';
import { cut, fitRow, Rows, seg, wrapRows, type Row } from '../../components/rows.js';
import { tone } from '../../components/theme.js';
import { clock } from '../../session/format.js';
import type { Timeline } from '../../session/timeline.js';
import { programKey, stepProgram } from '../../components/currentProgram.js';
import { withProgramHints } from '../../components/solveHints.js';
import type { ProgramOut } from '../../app/controller.js';
import { ProgramOutLine, programOutHints, useProgramOut } from './WriteProgram.js';

const LIST_HINTS: Hint[] = [
  { key: '↑↓', label: 'move' },
  { key: 'enter', label: 'read' },
  { key: 'esc/g', label: 'back to the step' },
];
const STEP_HINTS: Hint[] = [
  { key: '←→', label: 'previous/next' },
  { key: '↑↓ pgup pgdn', label: 'scroll' },
  { key: 'esc', label: 'the list' },
  { key: 'g', label: 'back to the step' },
];

/** `w` / `y` on the step looked at: where to, and the default file name. */
export interface LookbackOut {
  out: ProgramOut;
  name: string;
}

export function Lookback({
  load,
  width,
  height,
  onClose,
  program,
}: {
  load(): Promise<Timeline>;
  width: number;
  height: number;
  onClose(): void;
  program?: LookbackOut;
}) {
  const [tl, setTl] = useState<Timeline | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [cursor, setCursorState] = useState(0);
  const [reading, setReadingState] = useState(false);
  const [scroll, setScrollState] = useState(0);
  // Keys can outrun renders: the handler reads and writes the newest values.
  const now = useRef({ cursor: 0, reading: false, scroll: 0 });
  const set = (p: Partial<typeof now.current>): void => {
    now.current = { ...now.current, ...p };
    if (p.cursor !== undefined) setCursorState(p.cursor);
    if (p.reading !== undefined) setReadingState(p.reading);
    if (p.scroll !== undefined) setScrollState(p.scroll);
  };

  useEffect(() => {
    let live = true;
    load().then(
      (t) => {
        if (!live) return;
        t.marks();
        setTl(t);
        const last = Math.max(0, t.lastBranch.steps.length - 1);
        set({ cursor: last });
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => void (live = false);
    // Read once when opened: the journal as it stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const steps = tl?.lastBranch.steps ?? [];
  const bodyHeight = Math.max(3, height - 3);
  const ref = steps[Math.min(cursor, steps.length - 1)];
  const lines = useMemo<Row[]>(() => {
    if (!tl || !ref || !reading) return [];
    const view = tl.load(ref);
    return wrapRows(stepRows(view, fullBeat(view), { width, streamHeight: bodyHeight }), width);
  }, [tl, ref, reading, width, bodyHeight]);

  // The program of the step at the cursor (read or only listed).
  const out = program?.out;
  const source = useMemo(() => (tl && ref && out ? stepProgram(tl.load(ref)) : undefined), [tl, ref, out]);
  // `w`'s line, the overwrite question, and what the last w or y said.
  const po = useProgramOut(out, source);

  useInput(
    (input, key) => {
      const s = now.current;
      if (po.key(programKey({ ...key, input }, source !== undefined))) return;
      if (input === 'g' || (key.escape && !s.reading) || input === 'q') return onClose();
      if (!tl || steps.length === 0) return;
      const clamp = (i: number): number => Math.max(0, Math.min(steps.length - 1, i));
      if (s.reading) {
        if (key.escape) return set({ reading: false });
        if (key.leftArrow || input === 'h') return set({ cursor: clamp(s.cursor - 1), scroll: 0 });
        if (key.rightArrow || input === 'l' || input === ' ') return set({ cursor: clamp(s.cursor + 1), scroll: 0 });
        const max = Math.max(0, lines.length - bodyHeight);
        if (key.upArrow || input === 'k') return set({ scroll: Math.max(0, s.scroll - 1) });
        if (key.downArrow || input === 'j') return set({ scroll: Math.min(max, s.scroll + 1) });
        if (key.pageUp) return set({ scroll: Math.max(0, s.scroll - bodyHeight + 1) });
        if (key.pageDown) return set({ scroll: Math.min(max, s.scroll + bodyHeight - 1) });
        return;
      }
      if (key.upArrow || input === 'k') return set({ cursor: clamp(s.cursor - 1) });
      if (key.downArrow || input === 'j') return set({ cursor: clamp(s.cursor + 1) });
      if (key.return) return set({ reading: true, scroll: 0 });
    },
    { isActive: !po.writing },
  );

  let body: React.ReactNode;
  if (error) body = <Text color={tone('yellow')}>{cut(error, width)}</Text>;
  else if (!tl) body = <Text dimColor>reading the session…</Text>;
  else if (steps.length === 0) body = <Text dimColor>no step is saved yet</Text>;
  else if (reading && ref) {
    body = <Rows rows={lines} from={Math.min(scroll, Math.max(0, lines.length - bodyHeight))} height={bodyHeight} />;
  } else {
    const items: Row[] = steps.map((s, i) => {
      const m = stepMark(s);
      return [
        seg(`${String(i + 1).padStart(3)}  `),
        seg(m.mark.padEnd(3), m.tone ? { color: m.tone } : {}),
        seg(` ${s.title}  `),
        seg(clock(s.t), { dim: true }),
      ];
    });
    const top = Math.max(0, Math.min(cursor - Math.floor(bodyHeight / 2), items.length - bodyHeight));
    body = (
      <Rows
        rows={items
          .slice(top, top + bodyHeight)
          .map((r, i) => fitRow(top + i === cursor ? r.map((x) => ({ ...x, inverse: true })) : r, width))}
      />
    );
  }
  const title =
    reading && ref
      ? `Timeline · step ${cursor + 1}/${steps.length} · ${ref.title} (read only)`
      : 'Timeline · look back at a step (read only; b branches)';
  return (
    <Box flexDirection="column">
      <Text bold color={tone('cyan')} wrap="truncate-end">
        {cut(`▸ ${title}`, width)}
      </Text>
      <Box flexDirection="column" height={bodyHeight}>
        {body}
      </Box>
      <ProgramOutLine state={po} out={out} source={source} name={program?.name ?? ''} width={width} />
      <KeyHints
        hints={programOutHints(
          po,
          source !== undefined
            ? withProgramHints(reading ? STEP_HINTS : LIST_HINTS, 2)
            : reading
              ? STEP_HINTS
              : LIST_HINTS,
        )}
        width={width}
      />
    </Box>
  );
}
