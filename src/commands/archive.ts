// `simcoach archive [list|add FILE|DIR|update] [--json]`: the index of every problem simcoach
// knows, with the person's accepted programs; `add` reads a set into it (APPS / CodeContests
// JSONL, a directory of markdown problems, Companion saves); `list` browses it, with filters.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from '../flags/args.js';
import { resolveSettings } from '../settings/load.js';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import { color } from '../terminal/term.js';
import type { BrowseFilter, UpdateReport } from '../archive/archive.js';
import type { ArchiveEntry } from '../archive/entry.js';
import { printableLine } from '../terminal/printable.js';
import { listWidth, renderTable, wrapNote, type Column } from '../terminal/table.js';
import { updateProgress } from './shared/archiveProgress.js';

const ACTIONS = ['list', 'add', 'update'] as const;

/** `archive list`: the entries as a table, ids whole (what `solve` and `similar` take). */
function listing(entries: ArchiveEntry[]): string {
  const columns: Column[] = [
    { head: '✓' },
    { head: 'problem', id: true },
    { head: 'title', give: 'clip' },
    { head: 'difficulty', give: 'clip', min: 10, optional: true },
    { head: 'tags', give: 'wrap', min: 12 },
  ];
  const rows = entries.map((e) => [
    e.solution ? '✓' : ' ',
    printableLine(e.ref),
    printableLine(e.title),
    printableLine(e.difficulty),
    printableLine(e.tags.join(', ')),
  ]);
  return renderTable(columns, rows, { width: listWidth(), head: (h) => color.bold(h) }).join('\n');
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'archive');
  const [action = 'update', ...rest] = positionals;
  if (!(ACTIONS as readonly string[]).includes(action))
    throw new UsageError(`archive: unknown action '${action}' (${ACTIONS.join(', ')})`);
  if (values.solved && values.unsolved)
    throw new UsageError('archive list: --solved and --unsolved exclude each other');
  if (action !== 'list' && (values.tag !== undefined || values.solved || values.unsolved || values.set !== undefined))
    throw new UsageError(`archive ${action}: --tag, --solved, --unsolved and --set are for \`archive list\``);
  if (action === 'list' ? false : action === 'add' ? rest.length !== 1 : rest.length > 0)
    throw new UsageError(
      action === 'add' ? 'archive add takes one FILE or DIR' : `archive ${action}: unexpected argument '${rest[0]}'`,
    );
  const settings = resolveSettings(values);
  const { Archive } = await import('../archive/archive.js');
  const { embedderOf } = await import('../archive/embedder.js');
  const { createBackend } = await import('../llm/index.js');
  const archive = await Archive.open();
  if (action === 'add') {
    const path = resolve(rest[0]!);
    if (!existsSync(path)) throw new UserError(`${rest[0]}: no such file or directory`);
    const { loadProblemSet } = await import('../problems/index.js');
    // Read once before it is kept, so a file that holds no problems is refused here, not skipped forever.
    const problems = await loadProblemSet(path, { onSkip: () => {} });
    if (problems.length === 0) throw new UserError(`${rest[0]}: holds no problems`);
    if (!archive.addSet(path))
      process.stderr.write(color.dim(`${rest[0]} is in the archive already; reading it again\n`, process.stderr));
  }
  const embedder = settings.embedModel ? embedderOf(await createBackend(settings), settings.embedModel) : undefined;
  const bar = updateProgress();
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let report: UpdateReport;
  try {
    report = await archive.update(embedder, bar.progress, controller.signal);
  } catch (err) {
    if (controller.signal.aborted) {
      bar.stop();
      process.stderr.write('stopped; what was indexed before is kept\n');
      return EXIT.interrupted;
    }
    throw err;
  } finally {
    bar.stop();
    process.off('SIGINT', onSigint);
  }
  if (report.notice) process.stderr.write(`${color.yellow('note:', process.stderr)} ${report.notice}\n`);
  if (report.fallback) process.stderr.write(`${color.yellow('note:', process.stderr)} ${report.fallback}\n`);
  for (const s of report.skipped) process.stderr.write(`${color.yellow('skipped:', process.stderr)} ${s}\n`);
  if (action === 'list') {
    const filter: BrowseFilter = {
      ...(values.tag !== undefined ? { tag: values.tag } : {}),
      ...(values.solved ? { solved: true } : values.unsolved ? { solved: false } : {}),
      ...(values.set !== undefined ? { set: values.set } : {}),
      ...(rest.length ? { text: rest.join(' ') } : {}),
    };
    const found = archive.browse(filter);
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify(
          found.map((e) => ({
            problem: e.ref,
            id: e.pid,
            title: e.title,
            difficulty: e.difficulty,
            tags: e.tags,
            set: e.set,
            solved: Boolean(e.solution),
          })),
          null,
          2,
        )}\n`,
      );
      return EXIT.ok;
    }
    if (found.length === 0) {
      process.stdout.write(`no problem in the archive matches (of ${report.total})\n`);
      return EXIT.ok;
    }
    process.stdout.write(`${listing(found)}\n`);
    process.stdout.write(
      `${color.dim(wrapNote(`${found.length} of ${report.total} problems; ✓ you solved it; open one with \`simcoach solve PROBLEM\`, its neighbours with \`simcoach similar PROBLEM\``, listWidth()))}\n`,
    );
    return EXIT.ok;
  }
  const entries = archive.solvedCount();
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ problems: report.total, solved: entries, added: report.added, removed: report.removed, embedModel: archive.embedModel ?? null, sets: archive.state.sets }, null, 2)}\n`,
    );
    return EXIT.ok;
  }
  const by = archive.embedModel
    ? `embeddings from ${archive.embedModel} and full text`
    : 'full text (set embedModel for embeddings too)';
  process.stdout.write(`${report.total} problems, ${entries} with your accepted program · by ${by}\n`);
  if (report.added || report.removed)
    process.stdout.write(color.dim(`indexed ${report.added}, removed ${report.removed}\n`));
  for (const s of archive.state.sets) process.stdout.write(`  set ${s}\n`);
  return EXIT.ok;
}
