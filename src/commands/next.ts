// `simcoach next [--json]`: what to practise next — an archive problem in the weakest tag (the
// lowest skill estimate over the practice journals, session/skill.ts), a little above the person's
// level there, and one line saying why. The evidence is brought up to date incrementally
// (session/skillCache.ts) and the answer kept until a journal or the archive changes.
import { parse } from '../flags/args.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import { printableLine } from '../terminal/printable.js';
import { nextAnswer } from '../archive/nextAnswer.js';
import { lazyArchive, type LazyArchive } from './shared/lazyArchive.js';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'next');
  if (positionals.length > 0) throw new UsageError(`next takes no arguments, got '${positionals[0]}'`);
  let archive: LazyArchive | undefined;
  const { pick, none, skipped } = await nextAnswer(() => (archive = lazyArchive(values))).finally(() =>
    archive?.close(),
  );
  for (const line of skipped) process.stderr.write(`${color.yellow('note:', process.stderr)} ${printableLine(line)}\n`);
  if (values.json) {
    const shown = pick
      ? {
          problem: pick.entry.ref,
          id: pick.entry.pid,
          title: pick.entry.title,
          tags: pick.entry.tags,
          rating: pick.rating,
          tag: pick.skill.tag,
          estimate: Math.round(pick.skill.rating),
          rd: Math.round(pick.skill.rd),
          why: pick.why,
        }
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
