import { readFile } from 'node:fs/promises';
import { UsageError, UserError } from '../errors.js';
import { langFromName, langFromPath } from '../runners/langs.js';
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
  return { lang, source };
}
