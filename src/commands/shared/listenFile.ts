// `listen`'s program file per problem: `<shortId>.<ext>` (`cf1917C.cpp`) from the person's
// template, in the folder the settings name (listen.fileDir, else where listen runs), never over a
// file that is there; and the line that says how to open the problem, always a command that works.
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { UserError } from '../../system/errors.js';
import type { CompanionPayload } from '../../problems/companion.js';
import { judgeShortId } from '../../problems/shortId.js';
import { shellWord } from '../../terminal/printable.js';
import { extensionOf, type LangId } from '../../runners/languages/langs.js';
import { writeNewFile } from './programFile.js';

export interface ProgramFiles {
  dir: string;
  lang: LangId;
}

/** The folder program files go to, made when missing; one that cannot be made or written is one line before listening starts. */
export async function programFolder(fileDir: string | undefined, lang: LangId): Promise<ProgramFiles> {
  const dir = resolve(fileDir ?? '.');
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw new UserError(
      `${dir}: cannot write program files there (${code}); name another with \`simcoach config set listen.fileDir DIR\`, or add --no-file`,
    );
  }
  return { dir, lang };
}

/** Short when under the working directory, whole otherwise. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/** The problem's name in its set: its judge's short id, else the saved file's path in the folder (GROUP/NAME). */
const nameInSet = (problemsDir: string, saved: string, p: CompanionPayload): string =>
  judgeShortId(p.url) ?? relative(problemsDir, saved).slice(0, -extname(saved).length).split(sep).join('/');

/**
 * A reference that opens the problem: its name alone in the saved set, `DIR:NAME` in a folder of
 * the person's own (`listen --dir D`), which the short id also names.
 */
export function problemRef(problemsDir: string, isSavedSet: boolean, saved: string, p: CompanionPayload): string {
  const name = nameInSet(problemsDir, saved, p);
  return isSavedSet ? name : `${shown(problemsDir)}:${name}`;
}

/** The program file of a saved problem, written from the template when new; what the listener's line adds. */
export async function writeProgramFile(
  files: ProgramFiles,
  problemsDir: string,
  isSavedSet: boolean,
  saved: string,
  p: CompanionPayload,
): Promise<string> {
  const name = nameInSet(problemsDir, saved, p)
    .split('/')
    .pop()!
    .replace(/[^\w.-]/g, '_');
  const path = join(files.dir, `${name}${extensionOf(files.lang)}`);
  const { templateOf } = await import('../../app/ownFile.js');
  let wrote: boolean;
  try {
    wrote = await writeNewFile(path, await templateOf(files.lang));
  } catch (err) {
    return `${shown(path)} not written (${(err as NodeJS.ErrnoException).code ?? String(err)}) · open it as: ${openCommand(problemsDir, isSavedSet, saved, p)}`;
  }
  // The file's name alone finds a problem of the saved set by its short id; anywhere else --problem says which.
  const ref = problemRef(problemsDir, isSavedSet, saved, p);
  const needsProblem = !(isSavedSet && judgeShortId(p.url) !== undefined);
  return `${wrote ? 'wrote' : 'kept your'} ${shown(path)} · open it as: simcoach watch ${shellWord(shown(path))}${needsProblem ? ` --problem ${shellWord(ref)}` : ''}`;
}

/** The command that opens a problem with no program file (`--no-file`). */
export const openCommand = (problemsDir: string, isSavedSet: boolean, saved: string, p: CompanionPayload): string =>
  `simcoach practice ${shellWord(problemRef(problemsDir, isSavedSet, saved, p))}`;
