// A solution's own files beside it: the headers a C++ program includes by quotes, the modules a
// Python program imports from its folder. simcoach reads them (as the person) and the sandbox gets
// copies, read-only, beside the source: the program's folder itself is never shown to it. Only
// what lies inside that folder comes, read through no link that leads out of it, within a cap.
import { lstat, readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative } from 'node:path';
import type { LangId } from './langs.js';

const MAX_FILES = 64;
const MAX_FILE_BYTES = 1 << 20;
const MAX_TOTAL_BYTES = 4 << 20;

/** A file the program names that simcoach will not bring: the message says which and why. */
export class ProgramFileError extends Error {}

// Quoted includes only: an angled one is the system's (or testlib.h given with -I).
const QUOTED_INCLUDE = /^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"/gm;
// `import a, b.c as d` and `from a.b import c` at a line's start (inside a block too).
const PY_IMPORT = /^[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)/gm;
const PY_FROM = /^[ \t]*from[ \t]+([\w.]+)[ \t]+import\b/gm;

/** What a source names, as paths relative to its folder (`rel` is the including file's own). */
function named(lang: LangId, text: string, rel: string): { wanted: string; candidates: string[] }[] {
  if (lang === 'cpp') {
    return [...text.matchAll(QUOTED_INCLUDE)].map((m) => {
      const wanted = m[1]!.trim();
      return { wanted, candidates: isAbsolute(wanted) ? [wanted] : [posix.join(posix.dirname(rel), wanted)] };
    });
  }
  if (lang !== 'python') return [];
  const modules = [
    ...[...text.matchAll(PY_IMPORT)].flatMap((m) => m[1]!.split(',').map((part) => part.trim().split(/[ \t]+/)[0]!)),
    ...[...text.matchAll(PY_FROM)].map((m) => m[1]!),
  ].filter((name) => !name.startsWith('.'));
  // `a.b.c`: the module a.py, or the package a/ with its __init__.py and b.py or b/ in it, and so on.
  return modules.map((name) => {
    const parts = name.split('.');
    const candidates: string[] = [];
    for (let i = 1; i <= parts.length; i++) {
      const stem = parts.slice(0, i).join('/');
      candidates.push(`${stem}.py`, `${stem}/__init__.py`);
    }
    return { wanted: name, candidates };
  });
}

/** Whether `path` is `dir` or below it. */
const inside = (path: string, dir: string): boolean => {
  const r = relative(dir, path);
  return r === '' || (!r.startsWith('..') && !isAbsolute(r));
};

/**
 * The program's own files that `source` (the file `file`) names, and what they name in turn, by
 * path relative to its folder. A name that is not there is left to the compiler's or the
 * interpreter's own paths; one that is absolute, leads out of the folder (`..`, or a link), is
 * not a plain file or is too big is refused with a ProgramFileError.
 */
export async function programFiles(file: string, lang: LangId, source: string): Promise<Record<string, string>> {
  const root = await realpath(dirname(file));
  const self = relative(root, await realpath(file).catch(() => file));
  const found: Record<string, string> = {};
  let total = 0;
  const queue: { text: string; rel: string }[] = [{ text: source, rel: self }];
  while (queue.length > 0) {
    const { text, rel } = queue.shift()!;
    for (const { wanted, candidates } of named(lang, text, rel)) {
      const where = `${rel === self ? file : rel}: "${wanted}"`;
      for (const candidate of candidates) {
        if (isAbsolute(candidate)) throw new ProgramFileError(`${where} is an absolute path; only files in the program's own folder are brought into the sandbox`);
        const norm = posix.normalize(candidate);
        if (norm === '..' || norm.startsWith('../')) throw new ProgramFileError(`${where} is outside the program's folder; only files in it are brought into the sandbox`);
        if (norm in found || norm === self) continue;
        const path = join(root, ...norm.split('/'));
        const st = await lstat(path).catch(() => null);
        if (!st) continue;
        const real = await realpath(path).catch(() => path);
        if (!inside(real, root)) throw new ProgramFileError(`${where} is a link to ${real}, outside the program's folder: not followed`);
        const target = st.isSymbolicLink() ? await lstat(real) : st;
        if (!target.isFile()) continue;
        if (target.size > MAX_FILE_BYTES) throw new ProgramFileError(`${where} is larger than ${MAX_FILE_BYTES >> 20} MiB`);
        total += target.size;
        if (total > MAX_TOTAL_BYTES || Object.keys(found).length >= MAX_FILES) {
          throw new ProgramFileError(`${where}: the program's own files come to more than ${MAX_FILES} files or ${MAX_TOTAL_BYTES >> 20} MiB`);
        }
        const body = await readFile(real, 'utf8');
        found[norm] = body;
        queue.push({ text: body, rel: norm });
      }
    }
  }
  return found;
}
