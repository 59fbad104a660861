// The contest screen: the problems as tabs, each with its own practice session (started when its
// tab is first opened), the solve screen of the open one, and the contest's bar under it with the
// clock. The clock is the contest journal's end time (app/contestService.ts), so a contest started
// again after a kill shows the same time left. When it ends the sessions stop, the board shows, and
// `u` offers the upsolve. React only: every session and the board come through the app controller.
import { Box, Text, useInput, useStdout } from 'ink';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AppController, ContestFace, SessionHandle } from '../app/controller.js';
import { CONTEST_KEYS, barRow, boardRows } from '../components/contestRows.js';
import { Rows, cut, seg, type Row } from '../components/rows.js';
import { CLEAR_ALL } from './hooks.js';
import type { TabMemory } from '../components/tabMemory.js';

const Solve = lazy(() => import('./Solve.js').then((m) => ({ default: m.Solve })));

export interface ContestProps {
  app: AppController;
  contest: ContestFace;
  width: number;
  height: number;
  closing: boolean;
  onExit(code: number): void;
}

interface Open {
  session: SessionHandle;
  startedAt: number;
}

/** Now, once a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    t.unref?.();
    return () => clearInterval(t);
  }, []);
  return now;
}

/** One practice session per tab, started when the tab is first shown, all stopped once time is up. */
function useTabSessions(
  app: AppController,
  current: ContestFace['problems'][number],
  over: boolean,
): { open: Record<string, Open>; error?: string } {
  const [open, setOpen] = useState<Record<string, Open>>({});
  const [error, setError] = useState<string>();
  const starting = useRef(new Set<string>());
  useEffect(() => {
    const id = current.problem.id;
    if (over || starting.current.has(id)) return;
    starting.current.add(id);
    app.startSession(current.problem, 'practice').then(
      (session) => setOpen((o) => ({ ...o, [id]: { session, startedAt: Date.now() } })),
      (err: unknown) => setError(err instanceof Error ? err.message : String(err)),
    );
  }, [app, current, over]);
  // Time is up: no session goes on (a submission now would not count).
  useEffect(() => {
    if (over) for (const o of Object.values(open)) void o.session.stop();
  }, [over, open]);
  return { open, ...(error !== undefined ? { error } : {}) };
}

/** The board in place of the solve screen: on ctrl-t, and once time is up. */
function BoardView({
  contest,
  now,
  width,
  height,
  bar,
  over,
}: {
  contest: ContestFace;
  now: number;
  width: number;
  height: number;
  bar: Row;
  over: boolean;
}) {
  const titles = new Map(contest.problems.map((p) => [p.problem.id, p.problem.title]));
  const keys = over
    ? contest.mode === 'contest'
      ? 'u upsolve (the tutor on what you did not solve, hints on)  q quit'
      : 'q quit'
    : 'q or ctrl-t back';
  return (
    <Box flexDirection="column" width={width}>
      <Rows rows={boardRows(contest.board(now), titles, contest.past(now), width).slice(0, height - 3)} />
      <Rows rows={[bar, [seg(cut(keys, width), { dim: true })]]} />
    </Box>
  );
}

function memoryOf(all: Map<string, TabMemory>, id: string): TabMemory {
  const kept = all.get(id) ?? {};
  all.set(id, kept);
  return kept;
}

export function ContestScreen({ app, contest, width, height, closing, onExit }: ContestProps) {
  const { write } = useStdout();
  const now = useNow();
  // Re-read the board after each recorded submission.
  const [, setAttempts] = useState(0);
  useEffect(() => contest.subscribe(() => setAttempts((n) => n + 1)), [contest]);
  const [tab, setTab] = useState(0);
  // Each tab's unsaved editor text, kept while another tab's solve screen is shown.
  const [memories] = useState(() => new Map<string, TabMemory>());
  const [showBoard, setShowBoard] = useState(false);
  const over = contest.mode === 'contest' && contest.overAt(now) !== undefined;
  const current = contest.problems[tab]!;
  const { open, error } = useTabSessions(app, current, over);

  const quit = (code: number): void =>
    void Promise.all(Object.values(open).map((o) => o.session.stop())).finally(() => onExit(code));
  // A tab's solve screen prints its own history: the screen is cleared first, as on a new width.
  const repaint = (f: () => void): void => {
    write(CLEAR_ALL);
    f();
  };
  const n = contest.problems.length;
  useInput((input, key) => {
    if (key.ctrl && (input === 'n' || input === 'p'))
      return repaint(() => [setTab((t) => (t + (input === 'n' ? 1 : n - 1)) % n), setShowBoard(false)]);
    if (key.ctrl && input === 't') return repaint(() => setShowBoard((b) => !b));
    if (!over && !showBoard) return;
    if (input === 'u' && over) {
      contest.upsolve();
      return quit(0);
    }
    if (input === 'q') return over ? quit(0) : repaint(() => setShowBoard(false));
  });

  const solved = new Set(
    contest
      .board(now)
      .problems.filter((p) => p.solved)
      .map((p) => p.id),
  );
  const bar = barRow(
    {
      mode: contest.mode,
      tabs: contest.problems.map((p) => ({ label: p.label, solved: solved.has(p.problem.id) })),
      current: tab,
      end: contest.end,
      now,
      over,
    },
    width,
  );
  if (over || showBoard)
    return closing ? null : (
      <BoardView contest={contest} now={now} width={width} height={height} bar={bar} over={over} />
    );
  const o = open[current.problem.id];
  const s = app.settings.get();
  return (
    <Box flexDirection="column" width={width}>
      {o ? (
        <Suspense fallback={<Text dimColor>{cut(`opening ${current.problem.id}…`, width)}</Text>}>
          <Solve
            key={current.problem.id}
            session={o.session}
            problem={current.problem}
            app={app}
            flow="practice"
            model={s.model}
            lang={s.lang}
            width={width}
            height={height - 1}
            startedAt={o.startedAt}
            closing={closing}
            onQuit={() => quit(0)}
            moreKeys={CONTEST_KEYS}
            memory={memoryOf(memories, current.problem.id)}
          />
        </Suspense>
      ) : (
        <Text dimColor>{cut(error ?? `opening ${current.problem.id}…`, width)}</Text>
      )}
      {closing ? null : <Rows rows={[bar]} />}
    </Box>
  );
}
