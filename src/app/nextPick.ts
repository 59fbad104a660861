// The picker's next row as the tutor works it out, after its first frame: the answer `simcoach
// next` keeps, or made again from the journals and the archive as it stands. The tutor never
// builds the archive (that is `simcoach next`'s or `archive update`'s, with a progress bar): with
// none yet, or anything failing, there is no row.
import { existsSync } from 'node:fs';
import type { Archive } from '../archive/archive.js';
import type { NextRow } from '../terminal/pickerRow.js';
import type { Problem } from '../problems/types.js';

export async function nextPick(): Promise<NextRow | undefined> {
  const [{ nextAnswer, nextRowOf }, { indexPath }] = await Promise.all([
    import('../archive/nextAnswer.js'),
    import('../archive/store.js'),
  ]);
  let opened: Promise<Archive> | undefined;
  const open = async (): Promise<Archive> => {
    if (!existsSync(indexPath())) throw new Error('no archive yet');
    const { Archive } = await import('../archive/archive.js');
    const archive = await Archive.open();
    if (archive.count > 0) return archive;
    archive.close();
    throw new Error('the archive is empty');
  };
  const get = (): Promise<Archive> => (opened ??= open());
  const guess = async (p: Problem): Promise<string[]> =>
    (await import('../archive/next.js')).archiveTagGuess(await get())(p);
  try {
    return nextRowOf(await nextAnswer(() => ({ get, guess })));
  } catch {
    return undefined;
  } finally {
    void opened?.then(
      (a) => a.close(),
      () => undefined,
    );
  }
}
