// The headers a C++ source includes from its own folder (a checker's testlib.h): read by simcoach and
// copied beside the source into the compile's work dir, since the compiler runs as the sandbox's
// uid, which may not read that folder (root's home is 0700), and a folder it cannot read on the
// include path fails the compile on the system's own headers (stdc-predef.h: Permission denied).
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
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
        const text = await readPlain(join(dir, name));
        if (text === null) continue;
        found[name] = text;
        queue.push(text);
        break;
      }
    }
  }
  return found;
}

/**
 * A plain file's text, read from the handle that was checked: never through a link (one swapped
 * in could lead anywhere simcoach may read), never a FIFO that would hang us, never past MAX_BYTES.
 */
async function readPlain(path: string): Promise<string | null> {
  const fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!fh) return null;
  try {
    const st = await fh.stat();
    if (!st.isFile() || st.size > MAX_BYTES) return null;
    const buf = Buffer.alloc(st.size);
    const { bytesRead } = await fh.read(buf, 0, st.size, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await fh.close();
  }
}
