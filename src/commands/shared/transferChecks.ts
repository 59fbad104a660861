// The checks without help `review` offers: each problem solved with hints whose check is due, with
// the near problem the archive gives for it (archive/transfer.ts). The archive is opened only when
// a check is due, so a `review` with none costs what it did before.
import type { ArchiveEntry } from '../../archive/entry.js';
import type { PracticeResult } from '../../session/practice.js';
import { lazyArchive } from './lazyArchive.js';

export interface TransferCheck {
  /** The assisted solve the check is of. */
  of: PracticeResult;
  due: Date;
  near: ArchiveEntry;
  similarity: number;
}

export interface TransferChecks {
  checks: TransferCheck[];
  /** Checks due for which the archive holds no near problem the person has not solved. */
  without: PracticeResult[];
}

export async function transferChecks(
  results: PracticeResult[],
  now: Date,
  values: Record<string, unknown>,
): Promise<TransferChecks> {
  const { transfersOwed } = await import('../../session/transfer.js');
  const owed = transfersOwed(results).filter((t) => t.due.getTime() <= now.getTime());
  if (owed.length === 0) return { checks: [], without: [] };
  const [{ pickTransfer }, { queryText }, { readJournal }] = await Promise.all([
    import('../../archive/transfer.js'),
    import('../../archive/archive.js'),
    import('../../session/reader.js'),
  ]);
  const solved = new Set(results.filter((r) => r.solved).map((r) => r.problem.id));
  const archive = lazyArchive(values);
  const out: TransferChecks = { checks: [], without: [] };
  try {
    for (const t of owed) {
      // The header holds the problem whole: its statement is what "near" is measured from.
      const problem = readJournal(t.of.file).header.problem;
      const hit = await pickTransfer(
        await archive.get(),
        { id: problem.id, title: problem.title, text: queryText(problem) },
        solved,
      );
      if (hit) out.checks.push({ ...t, near: hit.entry, similarity: hit.similarity });
      else out.without.push(t.of);
    }
  } finally {
    archive.close();
  }
  return out;
}
