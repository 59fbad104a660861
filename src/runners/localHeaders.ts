// The headers a C++ source includes from its own folder (a checker's testlib.h): read by simcoach and
// copied beside the source into the compile's work dir, since the compiler runs as the sandbox's
// uid, which may not read that folder (root's home is 0700), and a folder it cannot read on the
// include path fails the compile on the system's own headers (stdc-predef.h: Permission denied).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const INCLUDE = /^\s*#\s*include\s*["<]([^">\n]+)[">]/gm;
const MAX_FILES = 32;
const MAX_BYTES = 4 << 20;

/**
 * The files of `dirs` that `source` includes, and those they include in turn: plain names only
 * (nothing from another folder), what does not exist there is left to the compiler's own paths.
 */
export async function localHeaders(source: string, dirs: string[]): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  const queue = [source];
  while (queue.length > 0 && Object.keys(found).length < MAX_FILES) {
    for (const m of queue.shift()!.matchAll(INCLUDE)) {
      const name = m[1]!.trim();
      if (name in found || !/^[\w.+-]+$/.test(name) || name.startsWith('.')) continue;
      for (const dir of dirs) {
        const text = await readFile(join(dir, name), 'utf8').catch(() => null);
        if (text === null || text.length > MAX_BYTES) continue;
        found[name] = text;
        queue.push(text);
        break;
      }
    }
  }
  return found;
}
