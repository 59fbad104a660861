// `simcoach next [--json]`: what to practise next — an archive problem in the weakest tag (the
// lowest skill estimate over the practice journals, session/skill.ts), a little above the person's
// level there, and one line saying why. The evidence is brought up to date incrementally
// (session/skillCache.ts) and the answer kept until a journal or the archive changes.
import { parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import { printableLine } from '../terminal/printable.js';
import type { NextPick } from '../archive/next.js';
import type { Learning } from '../session/skill.js';
import { lazyArchive } from './shared/lazyArchive.js';

export interface NextAnswer {
  pick?: NextPick;
  learning: Learning;
  /** Why there is no pick. */
  none?: string;
}

/** The pick over the journals and the archive, kept until a journal or the archive changes; skipped journals are named on stderr. */
export async function nextAnswer(values: Record<string, unknown>): Promise<NextAnswer> {
  const { archiveStamp, pickNext } = await import('../archive/next.js');
  const { summarized } = await import('../session/skillCache.js');
  const { learning } = await import('../session/skill.js');
  const archive = lazyArchive(values);
  try {
    const answer = async (evidence: Parameters<typeof learning>[0]): Promise<NextAnswer> => {
      const l = learning(evidence);
      if (l.sessions === 0) return { learning: l, none: 'no practice sessions yet; start one with simcoach practice PROBLEM' };
      const pick = pickNext(l.tags, (await archive.get()).browse(), new Set(l.solved));
      return pick ? { pick, learning: l } : { learning: l, none: `nothing unsolved in the archive is tagged ${l.tags.map((t) => t.tag).join(', ')}` };
    };
    const { value, skipped } = await summarized(answer, { name: 'next', also: archiveStamp(), guess: archive.guess });
    for (const line of skipped) process.stderr.write(`${color.yellow('note:', process.stderr)} ${printableLine(line)}\n`);
    return value;
  } finally {
    archive.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'next');
  if (positionals.length > 0) throw new UsageError(`next takes no arguments, got '${positionals[0]}'`);
  const { pick, none } = await nextAnswer(values);
  if (values.json) {
    const shown = pick
      ? { problem: pick.entry.ref, id: pick.entry.pid, title: pick.entry.title, tags: pick.entry.tags, rating: pick.rating, tag: pick.skill.tag, estimate: Math.round(pick.skill.rating), rd: Math.round(pick.skill.rd), why: pick.why }
      : { problem: null, why: none };
    process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    return EXIT.ok;
  }
  if (!pick) {
    process.stdout.write(`${none}\n`);
    return EXIT.ok;
  }
  process.stdout.write(`${color.bold(printableLine(pick.entry.ref))}  ${printableLine(pick.entry.title)}\n`);
  process.stdout.write(`${printableLine(pick.why)}\n`);
  process.stdout.write(`${color.dim(`start it with simcoach practice ${printableLine(pick.entry.ref)}`)}\n`);
  return EXIT.ok;
}
