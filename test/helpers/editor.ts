// An $EDITOR for tests of the built app: each call writes the next of the given programs into the
// file it is asked to edit, as a person would save it.
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** An $EDITOR that writes the given programs in turn, one per call; its path. */
export function editorOf(dir: string, programs: string[]): string {
  programs.forEach((p, i) => writeFileSync(join(dir, `edit-${i + 1}.txt`), p));
  const editor = join(dir, 'editor.sh');
  writeFileSync(
    editor,
    `#!/bin/sh\nn=$(cat '${dir}/edits' 2>/dev/null || echo 0); n=$((n+1)); echo $n > '${dir}/edits'\ncat '${dir}/edit-'$n.txt > "$1"\n`,
  );
  chmodSync(editor, 0o755);
  return editor;
}
