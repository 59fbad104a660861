// `simcoach similar PROBLEM [-k N] [--json]`: the archive's nearest problems to one, with their
// similarity, tags and whether the person solved them. An archive whose sources did not change is
// not updated at all (a few stat calls tell); one that changed answers as it stands and is brought
// in step after the answer is printed (only what changed is indexed), for the next query.
import { existsSync } from 'node:fs';
import { numberFlag, parse } from '../flags/args.js';
import { resolveSettings } from '../settings/load.js';
import { EXIT, UsageError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import type { Archive, Hit, UpdateReport } from '../archive/archive.js';
import type { ArchiveEntry } from '../archive/entry.js';
import type { Embedder } from '../archive/embedder.js';
import type { Problem } from '../problems/types.js';
import { updateProgress } from './shared/archiveProgress.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, wrapNote, type Column } from '../terminal/table.js';

/**
 * The hits in rank order. By full text the rank is the share of words in common (`sim`); with
 * embeddings it is the hybrid score (half BM25 over the best one's, half cosine), so the
 * cosine alone would not be in order: both are shown, the rank's first.
 */
function table(hits: Hit[]): string {
  const hybrid = hits.some((h) => h.by === 'embeddings');
  const columns: Column[] = [
    { head: '#', align: 'right' },
    ...(hybrid
      ? [
          { head: 'score', align: 'right' as const },
          { head: 'cos', align: 'right' as const },
        ]
      : [{ head: 'sim', align: 'right' as const }]),
    { head: '✓' },
    { head: 'problem', id: true },
    { head: 'title', give: 'clip' },
    { head: 'tags', give: 'wrap', min: 12 },
  ];
  const rows = hits.map((h, i) => [
    String(i + 1),
    ...(hybrid ? [h.score.toFixed(2), h.similarity.toFixed(2)] : [h.similarity.toFixed(2)]),
    h.entry.solution ? '✓' : ' ',
    printableLine(h.entry.ref),
    printableLine(h.entry.title) + (hasStatement(h.entry) ? '' : ' (no statement)'),
    printableLine(h.entry.tags.join(', ')),
  ]);
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h) }).join('\n');
}

/** Whether an entry has words of its own beyond its title and tags (archive/entry.ts drops our placeholders). */
const hasStatement = (e: Pick<ArchiveEntry, 'text'>): boolean => e.text.trim() !== '';

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'similar');
  if (positionals.length !== 1) throw new UsageError('similar takes one PROBLEM (an id, a file, FILE.jsonl:ID)');
  const k = numberFlag(values.k, 'k') ?? 5;
  if (!Number.isInteger(k) || k < 1 || k > 100) throw new UsageError(`-k takes 1..100, not '${values.k}'`);
  const settings = resolveSettings(values);
  const ref = positionals[0]!;
  const { openArchive } = await import('../archive/open.js');
  const bar = updateProgress();
  const { archive, embedder, report, later } = await openArchive(settings, {
    progress: bar.progress,
    deferUpdate: true,
  }).finally(() => bar.stop());
  try {
    // A problem id the archive holds is looked up by the text it was indexed with: no statement
    // or tests to load (a file, or an id it does not hold, is loaded as any command loads it).
    const known = /^[\w.-]+$/.test(ref) && !existsSync(ref) ? archive.entryOf(ref) : undefined;
    const { queryText, docText } = await import('../archive/archive.js');
    const query = known
      ? { id: known.pid, title: known.title, text: docText(known), statement: hasStatement(known) }
      : await loaded(ref, queryText);
    return await answer(archive, embedder, report, query, k, Boolean(values.json));
  } finally {
    // The bookkeeping waits for the answer; a failure in it is said, not the answer's.
    if (later) {
      await later().then(
        (r) =>
          r.fallback ? process.stderr.write(`${color.yellow('note:', process.stderr)} ${r.fallback}\n`) : undefined,
        (err: unknown) =>
          process.stderr.write(
            `${color.yellow('note:', process.stderr)} the archive could not be updated: ${err instanceof Error ? err.message : String(err)}\n`,
          ),
      );
    }
    archive.close();
  }
}

interface Query {
  id: string;
  title: string;
  text: string;
  /** False when the problem has no statement: it is looked up by its title and tags alone. */
  statement: boolean;
}

async function loaded(ref: string, queryText: (p: Problem) => string): Promise<Query> {
  const { loadProblem } = await import('../problems/index.js');
  const { problemText } = await import('../archive/entry.js');
  const problem = await loadProblem(ref);
  return {
    id: problem.id,
    title: problem.title,
    text: queryText(problem),
    statement: problemText(problem).trim() !== '',
  };
}

async function answer(
  archive: Archive,
  embedder: Embedder | undefined,
  report: UpdateReport,
  problem: Query,
  k: number,
  json: boolean,
): Promise<number> {
  const found = await archive.similar(problem.text, { k, exclude: [problem.id], ...(embedder ? { embedder } : {}) });
  if (report.notice) process.stderr.write(`${color.yellow('note:', process.stderr)} ${report.notice}\n`);
  const fallback = report.fallback ?? found.fallback;
  if (fallback) process.stderr.write(`${color.yellow('note:', process.stderr)} ${fallback}\n`);
  if (json) {
    const rows = found.hits.map((h, i) => ({
      rank: i + 1,
      problem: h.entry.ref,
      id: h.entry.pid,
      title: h.entry.title,
      similarity: Number(h.similarity.toFixed(4)),
      score: Number(h.score.toFixed(4)),
      by: h.by,
      tags: h.entry.tags,
      statement: hasStatement(h.entry),
      set: h.entry.set,
      solved: Boolean(h.entry.solution),
      ...(h.entry.solution ? { session: h.entry.solution.session } : {}),
    }));
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  if (found.hits.length === 0) {
    process.stdout.write(`nothing in the archive is like ${problem.title} (${archive.count} problems)\n`);
    return EXIT.ok;
  }
  process.stdout.write(`${table(found.hits)}\n`);
  const by =
    found.hits[0]!.by === 'embeddings'
      ? `ranked by score = ½ BM25 (over the best match's) + ½ cos, the cosine of the embeddings (${archive.embedModel})`
      : 'ranked by sim, the share of words in common';
  const bare = found.hits.some((h) => !hasStatement(h.entry))
    ? '; (no statement): only its title and tags were compared'
    : '';
  const own = problem.statement
    ? ''
    : `; ${printableLine(problem.title)} has no statement: ranked by its title and tags only`;
  process.stdout.write(
    `${color.dim(wrapNote(`nearest to ${printableLine(problem.title)} of ${archive.count} problems, ${by}; ✓ you solved it${bare}${own}`, listWidth()))}\n`,
  );
  return EXIT.ok;
}
