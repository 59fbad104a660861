// A solution's own files beside it: the headers a C++ program includes by quotes, the modules a
// Python program imports from its folder. simcoach reads them (as the person) and the sandbox gets
// copies, read-only, beside the source: the program's folder itself is never shown to it. Only
// what lies inside that folder comes, read through no link that leads out of it, within a cap.
import { constants } from 'node:fs';
import { lstat, open, readlink, realpath, type FileHandle } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative, resolve } from 'node:path';
import type { LangId } from '../languages/langs.js';

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
      // Not normalized: `sub/../a.h` is walked as the compiler walks it, through sub/.
      const from = posix.dirname(rel);
      return { wanted, candidates: isAbsolute(wanted) ? [wanted] : [from === '.' ? wanted : `${from}/${wanted}`] };
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

const DIR_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
/**
 * Linux's O_PATH (not in Node's constants): a handle to walk through and name files from, which
 * needs only search permission, as a path lookup does (a folder above may be --x to us).
 */
const O_PATH = 0o10000000;
const WALK_FLAGS = O_PATH | constants.O_DIRECTORY | constants.O_NOFOLLOW;
// Non-blocking: a FIFO put in a header's place must not hang us (a plain file reads the same).
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/** `name` in the directory open as `dir`, never through a link: openat(2) by /proc/self/fd. */
const openAt = (dir: FileHandle, name: string, flags: number): Promise<FileHandle> =>
  open(`/proc/self/fd/${dir.fd}/${name}`, flags);

type Found = { kind: 'file'; path: string; dirs: string[]; text: string } | { kind: 'none' };

/**
 * Reads `rel` (as the include or import names it, `..` and all) below the folder open as `root`:
 * each directory opened with O_NOFOLLOW from the handle of the one before, `..` taken back along
 * the way walked (never above the folder), the file read from the handle that was checked. So
 * what is read is what the kernel would find there, and a link swapped in at any moment is
 * refused, never followed. `path` is where it lies (normalized), `dirs` the folders passed through.
 */
async function readInside(root: FileHandle, rootPath: string, rel: string, where: string): Promise<Found> {
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  const stack: { name: string; fh: FileHandle }[] = [];
  const dirs: string[] = [];
  const here = (): FileHandle => stack.at(-1)?.fh ?? root;
  const at = (name: string): string => [...stack.map((d) => d.name), name].join('/');
  const refuseLink = async (name: string): Promise<never> => {
    const target = await readlink(`/proc/self/fd/${here().fd}/${name}`).catch(() => '?');
    const real = isAbsolute(target) ? target : join(rootPath, ...stack.map((d) => d.name), target);
    throw new ProgramFileError(
      inside(real, rootPath)
        ? `${where} is a link (to ${target}): not followed; only plain files in the program's folder are brought into the sandbox`
        : `${where} is a link to ${real}, outside the program's folder: not followed`,
    );
  };
  try {
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i]!;
      const last = i === parts.length - 1;
      if (name === '..') {
        if (stack.length === 0)
          throw new ProgramFileError(
            `${where} is outside the program's folder; only files in it are brought into the sandbox`,
          );
        await stack.pop()!.fh.close();
        if (last) return { kind: 'none' };
        continue;
      }
      let fh: FileHandle;
      try {
        fh = await openAt(here(), name, last ? FILE_FLAGS : DIR_FLAGS);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ELOOP' || (code === 'ENOTDIR' && (await lstatAt(here(), name))?.isSymbolicLink()))
          return await refuseLink(name);
        return { kind: 'none' };
      }
      if (!last) {
        stack.push({ name, fh });
        dirs.push(at('').replace(/\/$/, ''));
        continue;
      }
      try {
        const st = await fh.stat();
        if (!st.isFile()) return { kind: 'none' };
        if (st.size > MAX_FILE_BYTES) throw new ProgramFileError(`${where} is larger than ${MAX_FILE_BYTES >> 20} MiB`);
        const buf = Buffer.alloc(st.size);
        const { bytesRead } = await fh.read(buf, 0, st.size, 0);
        return { kind: 'file', path: at(name), dirs, text: buf.subarray(0, bytesRead).toString('utf8') };
      } finally {
        await fh.close();
      }
    }
    return { kind: 'none' };
  } finally {
    for (const d of stack) await d.fh.close();
  }
}

/**
 * The folder `path` names, opened one component at a time from `/` with O_NOFOLLOW, and where it
 * lies. A link on the way is followed only when it is ours or root's: one another user owns (their
 * folder swapped for a link, between a realpath and an open, to a folder only root may read) is
 * refused, so root never brings a file from a place the person could not read.
 */
async function openFolder(path: string): Promise<{ fh: FileHandle; at: string }> {
  const euid = process.geteuid?.() ?? 0;
  const stack: { name: string; fh: FileHandle }[] = [];
  const top = await open('/', WALK_FLAGS);
  const here = (): FileHandle => stack.at(-1)?.fh ?? top;
  const shown = (name: string): string => `/${[...stack.map((d) => d.name), name].join('/')}`;
  const refused = (why: string): ProgramFileError =>
    new ProgramFileError(`${path} cannot be read as the program's folder: ${why}; nothing of it was brought`);
  let parts = resolve(path)
    .split('/')
    .filter((p) => p !== '');
  let links = 0;
  try {
    while (parts.length > 0) {
      const name = parts.shift()!;
      if (name === '.') continue;
      if (name === '..') {
        await stack.pop()?.fh.close();
        continue;
      }
      const next = await openAt(here(), name, WALK_FLAGS).catch(async (err: NodeJS.ErrnoException) => {
        const st = await lstatAt(here(), name);
        if (!st?.isSymbolicLink()) throw refused(`${shown(name)}: ${err.code ?? String(err)}`);
        if (st.uid !== euid && st.uid !== 0) throw refused(`${shown(name)} is a link owned by uid ${st.uid}`);
        if (++links > 40) throw refused('too many links');
        const target = await readlink(`/proc/self/fd/${here().fd}/${name}`);
        // An absolute target starts again from the top.
        if (isAbsolute(target)) while (stack.length > 0) await stack.pop()!.fh.close();
        parts = [...target.split('/').filter((p) => p !== ''), ...parts];
        return undefined;
      });
      if (next) stack.push({ name, fh: next });
    }
  } catch (err) {
    for (const d of [...stack, { fh: top }]) await d.fh.close();
    throw err;
  }
  const last = stack.pop();
  for (const d of [...stack, { fh: top }]) await d.fh.close();
  return {
    fh: last?.fh ?? (await open('/', WALK_FLAGS)),
    at: `/${[...stack.map((d) => d.name), ...(last ? [last.name] : [])].join('/')}`,
  };
}

/** What `name` in an open directory is, without following it (for the message only). */
const lstatAt = (dir: FileHandle, name: string) => lstat(`/proc/self/fd/${dir.fd}/${name}`).catch(() => null);

/**
 * The program's own files that `source` (the file `file`) names, and what they name in turn, by
 * path relative to its folder, plus `dir/` (empty) for each folder an include passes through that
 * holds none of them (`#include "sub/../a.h"` needs sub/ in the sandbox as on the host). A name
 * that is not there is left to the compiler's or the interpreter's own paths; one that is
 * absolute, leads out of the folder (`..`, or a link), or is too big is refused with a
 * ProgramFileError.
 */
export async function programFiles(file: string, lang: LangId, source: string): Promise<Record<string, string>> {
  const { fh: root, at: rootPath } = await openFolder(dirname(file));
  const self = relative(rootPath, await realpath(file).catch(() => file));
  const found: Record<string, string> = {};
  const passed = new Set<string>();
  let total = 0;
  try {
    const queue: { text: string; rel: string }[] = [{ text: source, rel: self }];
    while (queue.length > 0) {
      const { text, rel } = queue.shift()!;
      for (const { wanted, candidates } of named(lang, text, rel)) {
        const where = `${rel === self ? file : rel}: "${wanted}"`;
        for (const candidate of candidates) {
          if (isAbsolute(candidate))
            throw new ProgramFileError(
              `${where} is an absolute path; only files in the program's own folder are brought into the sandbox`,
            );
          const got = await readInside(root, rootPath, candidate, where);
          if (got.kind === 'none' || got.path in found || got.path === self) continue;
          total += Buffer.byteLength(got.text);
          if (total > MAX_TOTAL_BYTES || Object.keys(found).length >= MAX_FILES) {
            throw new ProgramFileError(
              `${where}: the program's own files come to more than ${MAX_FILES} files or ${MAX_TOTAL_BYTES >> 20} MiB`,
            );
          }
          for (const d of got.dirs) passed.add(d);
          found[got.path] = got.text;
          queue.push({ text: got.text, rel: got.path });
        }
      }
    }
  } finally {
    await root.close();
  }
  // A folder that holds a brought file is made for it anyway.
  const holding = new Set(
    Object.keys(found).flatMap((p) =>
      p
        .split('/')
        .slice(0, -1)
        .map((_, i, a) => a.slice(0, i + 1).join('/')),
    ),
  );
  for (const d of passed) if (!holding.has(d)) found[`${d}/`] = '';
  return found;
}
