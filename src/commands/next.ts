// `simcoach next [--json]`: what to practise next — an archive problem in the weakest tag (the
// lowest skill estimate over the practice journals, session/skill.ts), a little above the person's
// level there, and one line saying why. The evidence is brought up to date incrementally
// (session/skillCache.ts); the archive answers as it stands and is brought in step afterwards,
// as `similar` does.
import { parse } from '../args.js';
import { resolveSettings } from '../config.js';
import { EXIT, UsageError } from '../errors.js';
import { color } from '../term.js';
import { printableLine } from '../printable.js';
import type { NextPick } from '../archive/next.js';
import type { TagSkill } from '../session/skill.js';
import { finishLater, updateProgress } from './archiveProgress.js';

export interface NextAnswer {
  pick?: NextPick;
  skills: TagSkill[];
  /** Why there is no pick. */
  none?: string;
}

/** The pick over the journals and the archive; lines for skipped journals go to stderr. */
export async function nextAnswer(values: Record<string, unknown>): Promise<NextAnswer> {
  const { openArchive } = await import('../archive/open.js');
  const { archiveTagGuess, pickNext } = await import('../archive/next.js');
  const { skillEvidence } = await import('../session/skillCache.js');
  const { skills } = await import('../session/skill.js');
  const bar = updateProgress();
  const { archive, later } = await openArchive(resolveSettings(values), { progress: bar.progress, deferUpdate: true }).finally(() => bar.stop());
  try {
    const { evidence, skipped } = await skillEvidence({ guess: archiveTagGuess(archive) });
    for (const line of skipped) process.stderr.write(`${color.yellow('note:', process.stderr)} ${printableLine(line)}\n`);
    const tags = skills(evidence);
    if (evidence.length === 0) return { skills: tags, none: 'no practice sessions yet; start one with simcoach practice PROBLEM' };
    const solved = new Set(evidence.filter((e) => e.solved).map((e) => e.problem));
    const pick = pickNext(tags, archive.browse(), solved);
    return pick ? { pick, skills: tags } : { skills: tags, none: `nothing unsolved in the archive is tagged ${tags.map((t) => t.tag).join(', ')}` };
  } finally {
    await finishLater(later);
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
