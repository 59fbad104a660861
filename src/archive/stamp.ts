// The archive index's stamp, for answers kept while it holds (`next`): its own module, loading
// nothing of the archive but where its file is.
import { fileStamp } from '../session/keptAnswer.js';
import { indexPath } from './store.js';

/** The archive index's size and time (its write-ahead log's too): a kept answer is good while they hold. */
export function archiveStamp(): string {
  return [indexPath(), `${indexPath()}-wal`].map(fileStamp).join(',');
}
