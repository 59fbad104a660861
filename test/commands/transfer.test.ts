// Checks without help (transfer), over a fixture archive and practice journals, with no model
// server at all: `review` offers, a day after a solve with hints, the nearest archive problem the
// person has not solved — not the same problem reworded in the same set, not one they solved — and
// a check tried since clears it. The check's own session is no FSRS review; `stats`' reading of it
// (session/skillCache.ts) is `learn`'s. The clock is a parameter.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { run as archiveCmd } from '../../src/commands/archive.js';
import { run as review } from '../../src/commands/review.js';
import { sessionsDir } from '../../src/system/paths.js';
import { practiceResults } from '../../src/session/practice.js';
import { reviewCards } from '../../src/session/review.js';
import { transfersOwed } from '../../src/session/transfer.js';
import { enterTempXdg } from '../helpers/home.js';
import { practiceJournal, type Practised } from '../session/practiceHistory.js';

const GRID =
  'Find the shortest path in a grid maze from the start cell to the exit cell. Walls block cells; moves go up, down, left or right. Print the number of steps of the shortest path, or -1.';
/** The same problem as GRID, reworded a little, in the same set. */
const GRID_AGAIN =
  'Find the shortest path in a grid maze from the start cell to the exit cell. Walls block cells; moves go up, down, left or right. Output the number of steps of the shortest path, or -1.';
/** Near GRID: a grid maze again, with keys and doors (BFS over states). */
const KEYS =
  'A grid maze has walls, keys and doors. Find the shortest path from the start cell to the exit cell, moving up, down, left or right; a door opens with its key. Print the number of steps, or -1.';
/** Near GRID too, solved by the person already. */
const FIRE =
  'A grid maze is on fire. Find the shortest path from the start cell to the exit cell, moving up, down, left or right, before the fire spreads to a cell. Print the number of steps, or -1.';
const FAR = 'Given an array of integers, print the length of its longest strictly increasing subsequence.';

const SET = [
  { id: 'maze', statement: GRID },
  { id: 'maze2', statement: GRID_AGAIN },
  { id: 'keys', statement: KEYS },
  { id: 'fire', statement: FIRE },
  { id: 'lis9', statement: FAR },
];

const at = (day: number, hours = 12): Date => new Date(Date.UTC(2026, 10, 1 + day, hours));
const base: Pick<Practised, 'tags' | 'wrong'> = { tags: ['graphs'], wrong: 0 };

function write(p: Practised): void {
  practiceJournal(p).write(join(sessionsDir(), `${p.id}.jsonl`));
}

async function asked(now: Date, ...argv: string[]): Promise<string> {
  const out: string[] = [];
  const w = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string) => (out.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    expect(await review(argv, now)).toBe(0);
  } finally {
    process.stdout.write = w;
  }
  return out.join('');
}

type Check = { id: string; of: string; hints: number; due: string };
const checksAt = async (now: Date): Promise<Check[]> =>
  (JSON.parse(await asked(now, '--json')) as { transfer: Check[] }).transfer;

beforeAll(async () => {
  enterTempXdg('simcoach-transfer-');
  mkdirSync(sessionsDir(), { recursive: true });
  // maze solved with two hints on day 0; fire solved alone on day 0; lis9 with no hint at all.
  write({ ...base, id: 's1', problem: 'maze', statement: GRID, hints: 2, solved: true, day: 0 });
  write({ ...base, id: 's2', problem: 'fire', statement: FIRE, hints: 0, solved: true, day: 0 });
  write({ ...base, id: 's3', problem: 'lis9', tags: ['dp'], statement: FAR, hints: 0, solved: true, day: 0 });
  const file = join(sessionsDir(), '..', 'mazes.jsonl');
  const line = (p: (typeof SET)[number]): string =>
    JSON.stringify({
      id: p.id,
      name: `Maze ${p.id}`,
      description: p.statement,
      public_tests: { input: ['1\n'], output: ['1\n'] },
      cf_tags: ['graphs'],
    });
  writeFileSync(file, SET.map(line).join('\n') + '\n');
  const stderr = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    expect(await archiveCmd(['add', file])).toBe(0);
  } finally {
    process.stderr.write = stderr;
  }
}, 120_000);

describe('a check without help', () => {
  it('is owed for the problem solved with hints alone, a day after it', async () => {
    const owed = transfersOwed(await practiceResults());
    expect(owed.map((t) => t.of.problem.id)).toEqual(['maze']);
    expect(await checksAt(at(0, 18))).toEqual([]);
  });

  it('review offers the near problem: not maze2 (maze reworded, same set), not fire (solved)', async () => {
    // By words in common (stems) to maze: maze2 0.93, fire 0.83, keys 0.82, the built-in grid-maze 0.39.
    const checks = await checksAt(at(2));
    expect(checks).toMatchObject([{ id: 'keys', of: 'maze', hints: 2 }]);
    // Off a terminal it lists the check in one line.
    const text = await asked(at(2), '--list');
    expect(text).toMatch(/^check without help: \S*keys \(Maze keys\), near maze, which took hint 2$/m);
  });

  it('a check tried clears it, and it is no FSRS review of its own problem', async () => {
    write({
      ...base,
      id: 's4',
      problem: 'keys',
      statement: KEYS,
      hints: 0,
      solved: false,
      wrong: 1,
      day: 3,
      transferOf: 'maze',
    });
    const results = await practiceResults();
    expect(results.find((r) => r.problem.id === 'keys')).toMatchObject({
      transferOf: 'maze',
      solved: false,
      tried: true,
    });
    expect(await checksAt(at(4))).toEqual([]);
    expect(
      reviewCards(results)
        .map((c) => c.problem.id)
        .sort(),
    ).toEqual(['fire', 'lis9', 'maze']);
    // Solved with hints again later: owed again.
    write({ ...base, id: 's5', problem: 'maze', statement: GRID, hints: 1, solved: true, day: 5 });
    expect(transfersOwed(await practiceResults()).map((t) => t.of.problem.id)).toEqual(['maze']);
  });
});

describe("the check's session", () => {
  it('runs practice with the ladder locked, and its header names the original', async () => {
    const { transferSettings } = await import('../../src/commands/practice.js');
    const { resolveSettings } = await import('../../src/settings/load.js');
    const { flowFor } = await import('../../src/flows/index.js');
    const { withoutSecrets } = await import('../../src/session/journal.js');
    const s = transferSettings(resolveSettings({ flow: 'practice' }), 'maze');
    expect(flowFor('practice', s).options.hints).toBe('transfer');
    // What the journal's header keeps, so a resume is locked too and `stats` reads the outcome.
    expect(withoutSecrets(s)).toMatchObject({ transferOf: 'maze', budgets: { practice: { hints: 'transfer' } } });
    expect(flowFor('practice', resolveSettings({ flow: 'practice' })).options.hints).toBe('on');
  });
});
