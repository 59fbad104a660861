// `simcoach contest SET|DIR [--minutes N] [--start TIME]`: the person's own contest on a set — the
// problems as tabs, a clock, the model off for the whole contest, the judge, `watch`, `run` and
// `stress` with their own brute force as always, and a board of their attempts (ICPC penalty,
// Codeforces-style points where the set gives them). `--start` makes it a virtual contest on a set
// they have not seen, the clock running from that time. With no set it goes on with the contest
// that runs (after a kill: the end time is the journal's), `--end` ends it now.
import { resolve } from 'node:path';
import { parse } from '../flags/args.js';
import { resolveSettings, type Settings } from '../settings/load.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import type { Problem } from '../problems/types.js';
import { labelAt } from '../session/contestBoard.js';
import {
  appendContest,
  boardOf,
  contestRow,
  createContest,
  listContests,
  overAt,
  runningContest,
  unlockModel,
  type Contest,
} from '../session/contest.js';
import { color } from '../terminal/term.js';
import { contestTable } from './shared/contestTable.js';
import { contestSet } from './shared/contestSet.js';

const DEFAULT_MINUTES = 120;
const NEEDS_TERMINAL = 'contest needs a terminal: you write the programs in it (`--end` and `stats` work anywhere)';

function minutesOf(v: unknown): number {
  if (v === undefined) return DEFAULT_MINUTES;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 1440)
    throw new UsageError(`--minutes takes a whole number of minutes, 1 to 1440, got '${String(v)}'`);
  return n;
}

/** A start time: an ISO date-time, or HH:MM today (local). It must be past, and the contest not over yet. */
export function startOf(v: string, minutes: number, now: number): number {
  const hm = /^(\d{1,2}):(\d{2})$/.exec(v.trim());
  const at = hm ? new Date(new Date(now).setHours(Number(hm[1]), Number(hm[2]), 0, 0)).getTime() : Date.parse(v);
  if (!Number.isFinite(at)) throw new UsageError(`--start takes a time: HH:MM today or an ISO date-time, got '${v}'`);
  if (at > now) throw new UsageError(`--start ${v} is still to come: a virtual contest starts now or earlier`);
  if (at + minutes * 60_000 <= now)
    throw new UsageError(`--start ${v}: a ${minutes}-minute contest from then is over already`);
  return at;
}

/** A virtual contest is on a set the person has not seen: no session of theirs on any of its problems. */
async function unseen(problems: Problem[]): Promise<void> {
  const { listSessions } = await import('../session/index.js');
  const seen = new Set((await listSessions()).sessions.map((s) => s.problem));
  const hit = problems.find((p) => [p.id, ...(p.aliases ?? [])].some((n) => seen.has(n)));
  if (hit)
    throw new UserError(
      `a virtual contest is on a set you have not seen, and you have a session on ${hit.id}`,
      EXIT.usage,
    );
}

/** The settings of a contest's sessions: practice, the ladder locked and no question of the model's, its header saying so. */
export function contestSettings(s: Settings, id: string): Settings {
  const off = {
    ...s,
    flow: 'practice' as const,
    model: 'off',
    budgets: { ...s.budgets, practice: { ...s.budgets.practice, hints: 'contest' as const } },
    contest: id,
  };
  return off;
}

async function openContest(c: Contest, values: { lang?: string }): Promise<number> {
  const problems = await contestSet(c.header.set);
  const mine = c.header.problems
    .map((p) => problems.find((x) => x.id === p.id))
    .filter((p): p is Problem => p !== undefined);
  const settings = contestSettings(
    resolveSettings(values.lang !== undefined ? { lang: values.lang } : {}),
    c.header.id,
  );
  const { contestService } = await import('../app/contestService.js');
  const { launchApp } = await import('../launch/launch.js');
  const service = contestService(c, 'contest', mine);
  const code = await launchApp({ settings, contest: service });
  const now = Date.now();
  const over = overAt(c, now) !== undefined;
  process.stdout.write(
    over
      ? `${boardText(c, now)}\n`
      : `the contest runs on until ${new Date(c.header.end).toLocaleTimeString()}: \`simcoach contest\` goes back to it\n`,
  );
  if (service.upsolveAsked()) {
    const { upsolve } = await import('./upsolve.js');
    return upsolve(c, values);
  }
  return code;
}

/** The final board and the person's other contests beside it. */
export function boardText(c: Contest, now: number): string {
  const b = boardOf(c, now);
  const lines = [
    color.bold(
      `contest ${c.header.id}: ${b.solved} solved, penalty ${b.penalty}${b.points !== undefined ? `, ${b.points} points` : ''}`,
    ),
  ];
  for (const p of b.problems)
    lines.push(
      `  ${p.label.padEnd(3)} ${p.solved ? `accepted at ${p.minute} min after ${p.rejected} rejected` : `not solved (${p.rejected} rejected)`}${p.points !== undefined ? `, ${p.points} points` : ''}`,
    );
  lines.push(
    '',
    contestTable(
      listContests().contests.map((x) => contestRow(x, now)),
      (h) => color.bold(h),
      c.header.id,
    ),
  );
  return lines.join('\n');
}

function endNow(): number {
  const c = runningContest();
  if (!c) throw new UserError('no contest is running', EXIT.failed);
  appendContest(c, { type: 'end', at: Date.now() });
  unlockModel(c.header.id);
  process.stdout.write(
    `${boardText(c, Date.now())}\n\nthe model is back on: ${color.bold('simcoach upsolve')} opens the tutor on what you did not solve\n`,
  );
  return EXIT.ok;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'contest');
  if (positionals.length > 1) throw new UsageError('contest takes one set: a file, a folder, or a Companion batch');
  if (values.end) {
    if (positionals.length > 0 || values.minutes !== undefined || values.start !== undefined)
      throw new UsageError('--end takes nothing else: it ends the contest that runs');
    return endNow();
  }
  const running = runningContest();
  if (positionals.length === 0) {
    if (!running)
      throw new UsageError(
        'contest takes a set (a file, a folder, a Companion batch); no contest is running to go back to',
      );
    return openContest(needsTerminal(running), values);
  }
  if (running)
    throw new UserError(
      `contest ${running.header.id} runs until ${new Date(running.header.end).toLocaleTimeString()}: \`simcoach contest\` goes back to it, \`simcoach contest --end\` ends it`,
      EXIT.usage,
    );
  // Everything is checked before anything is written: the set, the minutes, the start, a virtual contest's set unseen.
  const problems = await contestSet(positionals[0]!);
  const minutes = minutesOf(values.minutes);
  const now = Date.now();
  const start = values.start !== undefined ? startOf(values.start, minutes, now) : now;
  if (values.start !== undefined) await unseen(problems);
  needsTerminal(undefined);
  const c = createContest(
    {
      set: resolve(positionals[0]!),
      problems: problems.map((p, i) => ({
        id: p.id,
        label: labelAt(i),
        title: p.title,
        ...(p.points !== undefined ? { points: p.points } : {}),
      })),
      start,
      end: start + minutes * 60_000,
      ...(values.start !== undefined ? { virtual: true as const } : {}),
    },
    now,
  );
  return openContest(c, values);
}

/** A contest started where no one can write the programs would lock the model for nothing. */
function needsTerminal<T>(v: T): T {
  if (!process.stdin.isTTY || !process.stdout.isTTY) throw new UsageError(NEEDS_TERMINAL);
  return v;
}
