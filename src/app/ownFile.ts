// The person's own program file, worked on in place by the tutor (`practice --file SOL`, `check
// SOL --tutor`). The tutor hears of a save only when the text changed from what it last saw or
// wrote: its own write-back (`e`) and the editor's saves during `E` (whose text `E` already hands
// on) are not judged twice. Which text was seen is the test, not when, so no clock decides it.
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fixturesDir } from '../problems/fixtures.js';
import { configDir } from '../system/paths.js';
import { extensionOf, type LangId } from '../runners/languages/langs.js';
import { watchSaves } from './fileSaves.js';
import type { OwnFile } from './controller.js';
import { runEditor } from './editExternally.js';
import { distrustFile, refuse } from '../system/trust.js';

/** The person's own template of a language: `CONFIG/templates/solution.EXT` (`simcoach config template LANG`). */
export const ownTemplatePath = (lang: LangId): string => join(configDir(), 'templates', `solution${extensionOf(lang)}`);

/**
 * A template's text: it becomes the person's program, so only from a file nobody else could have
 * written (the file and every folder above it); undefined when there is none or it is refused.
 */
async function trustedTemplate(file: string): Promise<string | undefined> {
  if (!existsSync(file)) return undefined;
  const why = distrustFile(file);
  if (why) {
    refuse(`not using the template: ${why}`);
    return undefined;
  }
  return readFile(file, 'utf8').catch(() => undefined);
}

/** The template that comes with simcoach: `fixtures/templates/solution.EXT`. */
export async function builtinTemplate(lang: LangId): Promise<string> {
  return (await trustedTemplate(join(dirname(fixturesDir()), 'templates', `solution${extensionOf(lang)}`))) ?? '';
}

/** What a new file of the language starts as: the person's own template, else the built-in one. */
export async function templateOf(lang: LangId): Promise<string> {
  return (await trustedTemplate(ownTemplatePath(lang))) ?? builtinTemplate(lang);
}

export function ownFile(path: string, lang: LangId, stdin: NodeJS.ReadStream = process.stdin): OwnFile {
  let seen: string | undefined;
  const current = async (): Promise<string | undefined> => readFile(path, 'utf8').catch(() => undefined);
  const remember = (text: string): string => (seen = text);
  return {
    path,
    name: basename(path),
    lang,
    async read() {
      return remember((await current()) ?? (await templateOf(lang)));
    },
    async edit() {
      // A file that does not exist yet is made from the template, so the editor opens on it.
      if (!existsSync(path)) await writeFile(path, await templateOf(lang));
      await runEditor(path, `${basename(path)} was not judged`, stdin);
      // Read before the loop turns: the editor's own save events then find this text seen.
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        throw new Error(`${basename(path)} is gone after the editor`);
      }
      return remember(text);
    },
    async write(text) {
      remember(text);
      await writeFile(path, text);
    },
    onSave(fn, onError) {
      const w = watchSaves(
        path,
        () =>
          void current().then((text) => {
            // Between an editor's unlink and its rename, or unchanged: nothing to judge.
            if (text === undefined || text === seen) return;
            fn(remember(text));
          }),
        (err) => onError(`cannot watch ${basename(path)}'s folder any more: ${err.message}`),
      );
      return () => w.close();
    },
  };
}
