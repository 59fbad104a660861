// Saves of one file, as an editor makes them. The directory is watched, not the file: vim, VS Code
// and JetBrains save by writing a new file and renaming it over the old one, after which a watch on
// the old file's inode goes quiet forever. One save is a burst of events (truncate, write, chmod;
// or create, write, rename), so they are gathered until the file has been quiet for `quietMs`:
// long enough to span an editor's burst (a few ms apart), short enough that the run starts as the
// person looks up.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

export const QUIET_MS = 80;

export interface SaveWatcher {
  close(): void;
}

/** Calls `onSave` once per save of `file`; `onError` when the directory cannot be watched any more. */
export function watchSaves(
  file: string,
  onSave: () => void,
  onError: (err: Error) => void,
  quietMs = QUIET_MS,
): SaveWatcher {
  const full = resolve(file);
  const name = basename(full);
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(dirname(full), { persistent: true }, (_event, changed) => {
    // Linux names the entry; an editor's swap and backup files (`.rs.py.swp`, `4913`, `rs.py~`) are not it.
    if (changed !== null && changed.toString() !== name) return;
    clearTimeout(timer);
    timer = setTimeout(onSave, quietMs);
  });
  watcher.on('error', onError);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
