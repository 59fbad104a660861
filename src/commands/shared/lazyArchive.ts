// The archive for `next` and `stats`, opened only when an answer is not kept already (the tags of
// a practised problem that has none, the pick): as it stands, never brought in step here (that
// costs a stat of every source; `similar` and `archive update` do it), only built when empty.
import type { Archive } from '../../archive/archive.js';
import type { Problem } from '../../problems/types.js';
import { updateProgress } from './archiveProgress.js';

export interface LazyArchive {
  get: () => Promise<Archive>;
  /** Tags for an untagged problem from the archive (archive/next.ts), opening it on first use. */
  guess: (p: Problem) => Promise<string[]>;
  close: () => void;
}

export function lazyArchive(values: Record<string, unknown>): LazyArchive {
  let opened: Promise<Archive> | undefined;
  const open = async (): Promise<Archive> => {
    const { Archive } = await import('../../archive/archive.js');
    const archive = await Archive.open();
    if (archive.count > 0) return archive;
    archive.close();
    const [{ openArchive }, { resolveSettings }] = await Promise.all([
      import('../../archive/open.js'),
      import('../../settings/load.js'),
    ]);
    const bar = updateProgress();
    return (await openArchive(resolveSettings(values), { progress: bar.progress }).finally(() => bar.stop())).archive;
  };
  const get = (): Promise<Archive> => (opened ??= open());
  return {
    get,
    guess: async (p) => (await import('../../archive/next.js')).archiveTagGuess(await get())(p),
    close: () => void opened?.then((a) => a.close()),
  };
}
