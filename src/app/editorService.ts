// The person's program files: the external editor, `o` (open a program file), and `w`'s default
// name, which is the file opened in this session (or given on the command line) when its
// language is the program's.
import { extensionOf, isLangId, langFromPath } from '../runners/languages/langs.js';
import type { AppController, OwnFile, ProgramOut } from './controller.js';
import { createProgramOut } from './programOut.js';

export interface EditorService {
  editExternally: AppController['editExternally'];
  openProgram(path: string): Promise<{ source: string; lang?: string }>;
  programOut: ProgramOut;
  /** A new session: `w` proposes the person's own file again (or `PROBLEM.EXT`), not the last one opened. */
  newSession(): void;
}

export interface EditorOptions {
  editExternally(text: string, ext: string): Promise<string>;
  /** Tests pass their own; else files go to the start directory and copies through the terminal. */
  programOut?: ProgramOut;
  /** The person's own file, worked on in place. */
  file?: OwnFile;
}

export function createEditorService(o: EditorOptions): EditorService {
  let openedFile: string | undefined = o.file?.path;
  const out = o.programOut ?? createProgramOut();
  // The person's own file's language is theirs (it may come from --lang).
  const langOfOpened = (file: string): string | null => (file === o.file?.path ? o.file.lang : langFromPath(file));
  return {
    // The file is named as the language's (or markdown for prose), so the editor highlights it.
    editExternally: (text, lang) =>
      o.editExternally(text, lang !== undefined && isLangId(lang) ? extensionOf(lang) : '.md'),
    async openProgram(path) {
      const { readFile } = await import('node:fs/promises');
      const file = path.trim().replace(/^~(?=\/)/, process.env.HOME ?? '~');
      const source = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
        throw new Error(
          `${path.trim()}: ${err.code === 'ENOENT' ? 'no such file' : err.code === 'EISDIR' ? 'a directory, not a program' : 'cannot be read'}`,
        );
      });
      const lang = langFromPath(file);
      openedFile = file;
      return { source, ...(lang ? { lang } : {}) };
    },
    programOut: {
      ...out,
      defaultName: (problemId, lang) =>
        openedFile !== undefined && langOfOpened(openedFile) === lang ? openedFile : out.defaultName(problemId, lang),
    },
    newSession() {
      openedFile = o.file?.path;
    },
  };
}
