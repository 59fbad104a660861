import { readFile } from 'node:fs/promises';
import { UsageError, UserError } from '../errors.js';
import { langFromName, langFromPath } from '../runners/langs.js';
import { programFiles, ProgramFileError } from '../runners/programFiles.js';
import type { Program } from '../runners/types.js';

/** A program a person names on the command line: its language from `--lang` or the extension. */
export async function readProgramFile(file: string, langFlag: string | undefined, role: string): Promise<Program> {
  const lang = langFlag !== undefined ? langFromName(langFlag) : langFromPath(file);
  if (!lang) {
    throw langFlag !== undefined
      ? new UsageError(`--lang must be python, cpp, javascript or java, not '${langFlag}'`)
      : new UsageError(`cannot tell the language of the ${role} '${file}' from its extension${role === 'solution' ? '; add --lang' : ' (use .py, .cpp, .js or .java)'}`);
  }
  const source = await readFile(file, 'utf8').catch(() => {
    throw new UserError(`${file}: cannot read the ${role}`);
  });
  // Its own headers and modules beside it go into the sandbox with it.
  const files = await programFiles(file, lang, source).catch((err: unknown) => {
    if (err instanceof ProgramFileError) throw new UserError(err.message);
    throw new UserError(`${file}: cannot read the files it includes (${err instanceof Error ? err.message : String(err)})`);
  });
  return Object.keys(files).length > 0 ? { lang, source, files } : { lang, source };
}
