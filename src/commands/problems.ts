import { existsSync, readdirSync } from 'node:fs';
import { parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import type { Problem } from '../problems/types.js';
import { hiddenTestCount, loadDefaultSet, loadProblemSet } from '../problems/index.js';
import type { PracticeMark } from '../session/practice.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, wrapNote, type Column } from '../terminal/table.js';
import { sessionsDir } from '../system/paths.js';
import { acceptedBeside } from '../session/acceptedFile.js';

interface Filters {
  difficulty?: string;
  tag?: string;
}

/** `--difficulty` matches the word (easy, interview, A…), a rating (1400) or a range (1200-1600). */
function matchesDifficulty(p: Problem, d: string): boolean {
  const range = /^(\d+)\s*-\s*(\d+)$/.exec(d);
  if (range) return p.rating !== undefined && p.rating >= Number(range[1]) && p.rating <= Number(range[2]);
  if (/^\d+$/.test(d) && p.rating !== undefined) return p.rating === Number(d);
  return (p.difficulty ?? '').toLowerCase() === d.toLowerCase();
}

function filter(set: Problem[], f: Filters): Problem[] {
  return set.filter(
    (p) =>
      (f.difficulty === undefined || matchesDifficulty(p, f.difficulty)) &&
      (f.tag === undefined || p.tags.some((t) => t.toLowerCase() === f.tag!.toLowerCase())),
  );
}

/**
 * Whether there is anything to mark the list with: a session file or a program accepted outside
 * one. With neither (a fresh person, every test's home), the journals' readers and their schema
 * (zod, ~440 KB) do not load.
 */
function anythingRecorded(): boolean {
  const dir = sessionsDir();
  let sessions: boolean;
  try {
    sessions = readdirSync(dir).length > 0;
  } catch (err) {
    // A folder that cannot be read is the readers' to report (as a list without marks).
    sessions = (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  return sessions || existsSync(acceptedBeside(dir));
}

/**
 * What saved sessions did on each problem. Loaded lazily and allowed to fail: a damaged
 * sessions folder must not stop the list, it only loses its marks.
 */
async function marksOf(): Promise<Map<string, 'accepted' | 'samples'>> {
  try {
    const { problemMarks } = await import('../session/index.js');
    return await problemMarks();
  } catch {
    return new Map();
  }
}

/** How practice went on each problem (✓ no hint, ✓ hint n, attempted); as the marks, allowed to fail. */
async function practiceOf(): Promise<Map<string, PracticeMark & { text: string }>> {
  try {
    const { bestByProblem, markText, practiceResults } = await import('../session/practice.js');
    return new Map([...bestByProblem(await practiceResults())].map(([id, m]) => [id, { ...m, text: markText(m) }]));
  } catch {
    return new Map();
  }
}

/** ✓ accepted (every hidden test), ○ the samples passed but nothing more was shown. */
const MARK = { accepted: '✓', samples: '○' } as const;

/** A value kept under a problem's id, or under an alias (sessions before it had its short id). */
const byName = <T>(m: Map<string, T>, p: Problem): T | undefined =>
  [p.id, ...(p.aliases ?? [])].map((n) => m.get(n)).find((v) => v !== undefined);

const difficultyOf = (p: Problem): string => [p.difficulty, p.rating].filter((x) => x !== undefined).join(' ') || '-';

/**
 * The list as a table. Each row starts with its number in the whole list (what `solve N` takes);
 * an id is never cut (it could not be typed back): the title gives way first, and an id still too
 * long for its column goes whole on a line of its own, the rest of its row on the next.
 */
function table(
  set: Problem[],
  numberOf: (p: Problem) => number,
  marks: Map<string, 'accepted' | 'samples'>,
  practised: Map<string, { text: string }>,
): string {
  const rows = set.map((p) => [
    String(numberOf(p)),
    ((m) => (m ? MARK[m] : ' '))(byName(marks, p)),
    p.id,
    printableLine(p.title).replace(/\s+/g, ' '),
    difficultyOf(p),
    String(p.samples.length),
    String(hiddenTestCount(p)),
    byName(practised, p)?.text ?? '',
  ]);
  const columns: Column[] = [
    { head: '#', align: 'right' },
    { head: ' ' },
    { head: 'id', id: true },
    { head: 'title', give: 'clip' },
    { head: 'difficulty' },
    { head: 'samples', align: 'right', optional: true },
    { head: 'tests', align: 'right', optional: true },
    { head: practised.size > 0 ? 'practice' : '' },
  ];
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h) }).join('\n');
}

/** `simcoach problems [SET] [--difficulty D] [--tag T] [--json]` */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'problems');
  // `simcoach problems | head` closes the pipe early; that is the reader's choice, not an error.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(EXIT.ok);
  });
  if (positionals.length > 1) throw new UsageError(`problems: takes one SET, got ${positionals.length}`);
  const onSkip = (err: Error) => process.stderr.write(`${color.yellow('skipped:', process.stderr)} ${err.message}\n`);
  // A list shows how many hidden tests each has; reading them (megabytes, some compressed) is for a judge.
  const all =
    positionals[0] === undefined
      ? await loadDefaultSet({ onSkip, tests: false })
      : await loadProblemSet(positionals[0], { onSkip, tests: false });
  const set = filter(all, { difficulty: values.difficulty, tag: values.tag });
  for (const p of set)
    for (const w of p.warnings ?? [])
      process.stderr.write(`${color.yellow('warning:', process.stderr)} ${p.id}: ${printableLine(w)}\n`);
  const recorded = anythingRecorded();
  const marks = recorded ? await marksOf() : new Map<string, 'accepted' | 'samples'>();
  const practised = recorded ? await practiceOf() : new Map<string, PracticeMark & { text: string }>();
  if (values.json) {
    const rows = set.map((p) => ({
      id: p.id,
      title: p.title,
      difficulty: p.difficulty ?? null,
      rating: p.rating ?? null,
      tags: p.tags,
      samples: p.samples.length,
      tests: hiddenTestCount(p),
      kind: p.kind.type,
      solved: byName(marks, p) === 'accepted',
      samplesPass: byName(marks, p) !== undefined,
      practice: ((m) => (m ? { solved: m.solved, hints: m.hints } : null))(byName(practised, p)),
      aliases: p.aliases ?? [],
      file: p.source?.file ?? null,
      url: p.source?.url ?? null,
    }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  if (set.length === 0) {
    process.stdout.write(all.length === 0 ? 'no problems in this set\n' : `no problems match (of ${all.length})\n`);
    return EXIT.ok;
  }
  const place = new Map(all.map((p, i) => [p, i + 1]));
  process.stdout.write(`${table(set, (p) => place.get(p)!, marks, practised)}\n`);
  const note = `${set.length === all.length ? `${set.length} problems` : `${set.length} of ${all.length} problems`}${marks.size > 0 ? ' (✓ accepted, ○ samples pass)' : ''}`;
  // A bare id names only the built-in and saved problems; one from another set needs its SET.
  const ref = positionals[0] === undefined ? 'ID' : `${positionals[0]}:ID`;
  process.stdout.write(
    `${color.dim(wrapNote(`${note}; solve one with \`simcoach solve ${ref}\` (its number, or the start of its id, will do)`, listWidth()))}\n`,
  );
  return EXIT.ok;
}
