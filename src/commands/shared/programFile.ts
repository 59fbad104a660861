import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError, UserError } from '../../system/errors.js';
import { langFromName, langFromPath, langIds, LANGS, type LangId } from '../../runners/languages/langs.js';

/** The extensions a language is told by, for the message when a file has none of them. */
const knownExtensions = (): string => [...new Set(langIds.map((id) => LANGS[id].extensions[0]))].join(' ');
import { programFiles, ProgramFileError } from '../../runners/build/programFiles.js';
import type { Program } from '../../runners/build/types.js';

/** A program a person names on the command line: its language from `--lang` or the extension. */
export async function readProgramFile(file: string, langFlag: string | undefined, role: string): Promise<Program> {
  const lang = langFlag !== undefined ? langFromName(langFlag) : langFromPath(file);
  if (!lang) {
    throw langFlag !== undefined
      ? new UsageError(`--lang must be ${langIds.join(', ')}, not '${langFlag}'`)
      : new UsageError(
          `cannot tell the language of the ${role} '${file}' from its extension${role === 'solution' ? '; add --lang' : ` (use ${knownExtensions()})`}`,
        );
  }
  const source = await readFile(file, 'utf8').catch(() => {
    throw new UserError(`${file}: cannot read the ${role}`);
  });
  // Its own headers and modules beside it go into the sandbox with it.
  const files = await programFiles(file, lang, source).catch((err: unknown) => {
    if (err instanceof ProgramFileError) throw new UserError(err.message);
    throw new UserError(
      `${file}: cannot read the files it includes (${err instanceof Error ? err.message : String(err)})`,
    );
  });
  return Object.keys(files).length > 0 ? { lang, source, files } : { lang, source };
}

/** The person's own file for the tutor to work on in place: its language and where that came from, and its text if it exists. */
export interface OwnFileArg {
  path: string;
  lang: LangId;
  /** "from rs.cpp", "from rs.cpp, not the settings' python", "--lang". */
  langFrom: string;
  /** Undefined while the file does not exist yet (the first save makes it from the template). */
  source?: string;
}

/** `practice --file SOL` / `check SOL --tutor`: the file wins over the settings' language, --lang over both. */
export async function ownFileArg(
  file: string,
  langFlag: string | undefined,
  settingsLang: LangId,
): Promise<OwnFileArg> {
  const lang = langFlag !== undefined ? langFromName(langFlag) : langFromPath(file);
  if (!lang) {
    throw langFlag !== undefined
      ? new UsageError(`--lang must be ${langIds.join(', ')}, not '${langFlag}'`)
      : new UsageError(
          `cannot tell the language of '${file}' from its extension (use ${knownExtensions()}, or add --lang)`,
        );
  }
  const langFrom =
    langFlag !== undefined
      ? '--lang'
      : `from ${basename(file)}${lang !== settingsLang ? `, not the settings' ${settingsLang}` : ''}`;
  // The folder is watched for saves, so it must be there even when the file is not yet.
  if (!existsSync(dirname(resolve(file)))) throw new UserError(`${file}: no folder ${dirname(file)} to make it in`);
  const source = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw new UserError(`${file}: ${err.code === 'EISDIR' ? 'a directory, not a program' : 'cannot read it'}`);
  });
  return { path: file, lang, langFrom, ...(source !== undefined ? { source } : {}) };
}

/**
 * `--problem`, else the problem the program file is named after (`test cf1917C.cpp`); with
 * neither, the command's own usage error.
 */
export async function problemArg(flag: string | undefined, file: string | undefined, command: string): Promise<string> {
  if (flag !== undefined) return flag;
  const { problemOfFileName } = await import('../../problems/index.js');
  const named = file === undefined ? undefined : await problemOfFileName(file);
  if (named === undefined) throw new UsageError(`${command}: --problem PROBLEM is required`);
  return named;
}

/**
 * Writes `path` from `text` unless a file is there, whole or not at all: a temporary file is
 * linked into place (a link never replaces a file), so a failed write leaves nothing behind.
 */
export async function writeNewFile(path: string, text: string): Promise<boolean> {
  const temp = join(dirname(path), `.${basename(path)}.listen-${process.pid}`);
  await writeFile(temp, text, { flag: 'wx' });
  try {
    await link(temp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(temp).catch(() => {});
  }
}
