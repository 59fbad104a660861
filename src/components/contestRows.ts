// The contest's rows as pure functions of its state: the bar under the solve screen (the tabs,
// the clock, the keys) and the board (the person's attempts per problem, and their other contests
// beside it). The screen only draws them.
import type { Board } from '../session/contestBoard.js';
import type { ContestRow } from '../session/contest.js';
import { cut, fitParts, seg, type Row } from './rows.js';

/** The contest's keys, for the bar and for `?`. */
export const CONTEST_KEYS: { key: string; what: string }[] = [
  { key: 'ctrl-n ctrl-p', what: 'contest: the next / previous problem (tab); each keeps its own session' },
  {
    key: 'ctrl-t',
    what: 'contest: your board (solved, ICPC penalty, Codeforces-style points) beside your past contests',
  },
  { key: 'u', what: 'contest, once the clock ended: upsolve — the tutor on every unsolved problem, hints on' },
];

/** H:MM:SS. */
export function fmtClock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The local wall time of `at`, HH:MM. */
export const hhmm = (at: number): string => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

export interface BarView {
  mode: 'contest' | 'upsolve';
  tabs: { label: string; solved: boolean }[];
  current: number;
  end: number;
  now: number;
  over: boolean;
}

/** One line: the tabs (✓ solved, [current]), the time left and when it ends, the keys; parts that do not fit drop from the end. */
export function barRow(v: BarView, width: number): Row {
  const tabs = v.tabs
    .map((t, i) => (i === v.current ? `[${t.label}${t.solved ? '✓' : ''}]` : ` ${t.label}${t.solved ? '✓' : ''} `))
    .join('');
  const clock =
    v.mode === 'upsolve' ? 'hints on' : v.over ? 'time is up' : `${fmtClock(v.end - v.now)} left (ends ${hhmm(v.end)})`;
  const parts: Row[] = [
    [seg(` ${v.mode} `, { inverse: true, bold: true })],
    [seg(tabs, { bold: true })],
    [seg(clock, { bold: true, color: v.over ? 'yellow' : 'cyan' })],
    [seg('^n ^p problem', { dim: true })],
    [seg('^t board', { dim: true })],
  ];
  return fitParts(parts, width);
}

const pastLine = (r: ContestRow): string =>
  `${r.date}  ${r.solved}/${r.problems} solved  penalty ${r.penalty}${r.points !== undefined ? `  ${r.points} pts` : ''}${r.virtual ? '  virtual' : ''}${r.running ? '  (running)' : ''}  ${r.set}`;

/** The board: a total line, a line per problem, then the person's past contests (theirs alone, from their journals). */
export function boardRows(b: Board, titles: Map<string, string>, past: ContestRow[], width: number): Row[] {
  const total = `${b.solved} solved · penalty ${b.penalty}${b.points !== undefined ? ` · ${b.points} points` : ''}`;
  const rows: Row[] = [[seg('Your board', { bold: true }), seg(`  ${total}`)]];
  for (const p of b.problems) {
    const mark = p.solved ? `+${p.rejected || ''} ${p.minute} min` : p.rejected ? `-${p.rejected}` : '';
    const pts = p.points !== undefined ? `${p.points} pts` : '';
    rows.push([
      seg(` ${p.label.padEnd(3)}`, { bold: true }),
      seg(cut(titles.get(p.id) ?? p.id, 30).padEnd(31)),
      seg(mark.padEnd(12), { color: p.solved ? 'green' : p.rejected ? 'red' : undefined }),
      seg(pts),
    ]);
  }
  rows.push([], [seg('Your past contests', { bold: true }), seg(past.length ? '' : '  none yet', { dim: true })]);
  for (const r of past.slice(-8)) rows.push([seg(` ${cut(pastLine(r), width - 2)}`)]);
  return rows;
}
