// `w` and `y`: the program a session is at, out of the app — into a file in the directory the
// app was started from, or into the terminal's clipboard. The screens ask; the file system and
// the terminal are touched here only.
import { stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import { hiddenCount } from '../terminal/printable.js';
import { extensionOf, isLangId } from '../runners/languages/langs.js';
import { copyToTerminal, type TerminalOut } from './clipboard.js';
import type { ProgramOut, WriteOutcome } from './controller.js';

/** `PROBLEM.EXT`: the problem's id as a file name, with the language's extension. */
export function defaultProgramName(problemId: string, lang: string): string {
  const base = problemId.replace(/[^\w.-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'program';
  return base + (isLangId(lang) ? extensionOf(lang) : '.txt');
}

const lineCount = (text: string): number => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

/**
 * Writes `source` to `path` (relative to `cwd`, `~/` for the home). An existing file is kept
 * unless `overwrite`: the answer says it exists, and the screen asks. No directory is made.
 */
export async function writeProgramFile(
  path: string,
  source: string,
  o: { cwd: string; overwrite: boolean; home?: string },
): Promise<WriteOutcome> {
  const given = path.trim();
  if (!given) return { kind: 'failed', message: 'no file name given' };
  const home = o.home ?? process.env.HOME;
  const expanded = home && given.startsWith('~/') ? home + given.slice(1) : given;
  const file = isAbsolute(expanded) ? expanded : resolve(o.cwd, expanded);
  const dir = dirname(file);
  const dirStat = await stat(dir).catch(() => undefined);
  if (!dirStat) return { kind: 'failed', message: `not written: there is no directory ${dir} (simcoach makes none)` };
  if (!dirStat.isDirectory()) return { kind: 'failed', message: `not written: ${dir} is not a directory` };
  const there = await stat(file).catch(() => undefined);
  if (there?.isDirectory()) return { kind: 'failed', message: `not written: ${file} is a directory` };
  if (there && !o.overwrite) return { kind: 'exists', path: file };
  const text = source.endsWith('\n') ? source : `${source}\n`;
  try {
    // `wx` when not overwriting: a file made since the check above is still not replaced.
    await writeFile(file, text, { flag: o.overwrite ? 'w' : 'wx' });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return { kind: 'exists', path: file };
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EROFS'
          ? 'a read-only file system'
          : code === 'ENOSPC'
            ? 'no space left'
            : (code ?? 'cannot be written');
    return { kind: 'failed', message: `not written: ${file}: ${why}` };
  }
  const hidden = hiddenCount(source);
  return { kind: 'written', path: file, lines: lineCount(source), ...(hidden ? { hidden } : {}) };
}

/** The app's `w`/`y` over a start directory and a terminal. */
export function createProgramOut(
  o: { cwd?: string; terminal?: TerminalOut; env?: NodeJS.ProcessEnv } = {},
): ProgramOut {
  const cwd = o.cwd ?? process.cwd();
  const env = o.env ?? process.env;
  return {
    defaultName: defaultProgramName,
    write: (path, source, overwrite) =>
      writeProgramFile(path, source, { cwd, overwrite, ...(env.HOME ? { home: env.HOME } : {}) }),
    copy: (source) => {
      const r = copyToTerminal(source, o.terminal ?? process.stdout, env);
      const hidden = hiddenCount(source);
      return r.ok && hidden ? { ...r, hidden } : r;
    },
  };
}
