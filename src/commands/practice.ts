// `simcoach practice PROBLEM`: the tutor with the person at the keyboard. They write the program
// (e here, E in $EDITOR); each `h` reveals one more hint from the flows' own stages; each program
// they submit is judged on the samples and then every hidden test. It is the `practice` flow, so
// the session is journaled, and replays, resumes and exports like any other. With `--file SOL` the
// tutor works on SOL in place: E edits it, each save submits it, w writes to it. No model server
// is needed for any of that: only the hints wait for one.
import { readFile } from 'node:fs/promises';
import { parse } from '../flags/args.js';
import { resolveSettings, type SettingFlags, type Settings } from '../settings/load.js';
import { UsageError, UserError } from '../system/errors.js';
import type { Problem } from '../problems/types.js';
import { checkJudging, judgedAs, type JudgingValues } from './shared/judgingFlags.js';
import { ownFileArg, writeNewFile } from './shared/programFile.js';
import { useToolchain, type ToolchainValues } from './shared/toolchainFlags.js';

export interface PracticeValues extends SettingFlags, JudgingValues, ToolchainValues {
  file?: string;
  lang?: string;
}

/**
 * Opens practice on a problem (`practice`, and `review` on the one due); `lang` is the default when
 * no flag or file says one. With `transferOf` it is a check without help of that problem: the
 * ladder locked, and the journal's header names the original (`settings.transferOf`).
 */
export async function openPractice(
  problem: Problem,
  values: PracticeValues,
  lang?: string,
  transferOf?: string,
): Promise<number> {
  const { file: path, lang: langFlag, mode: _m, eps: _e, tl: _t, ml: _l, checker: _c, flags, std, ...rest } = values;
  const base = { ...rest, ...(langFlag === undefined && lang !== undefined ? { lang } : {}) };
  const own = path !== undefined ? await ownFileArg(path, langFlag, resolveSettings(base).lang) : undefined;
  // The file's language wins over the settings' for this run (and after a settings save in it).
  const chosenLang = own?.lang ?? langFlag ?? lang;
  const chosen = { ...rest, flow: 'practice', ...(chosenLang !== undefined ? { lang: chosenLang } : {}) };
  const settings =
    transferOf === undefined ? resolveSettings(chosen) : transferSettings(resolveSettings(chosen), transferOf);
  await useToolchain({ flags, std }, settings.lang, true);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError(
      'practice needs a terminal: you write the program in it (see `simcoach stats` for how practice went)',
    );
  }
  const { launchApp } = await import('../launch/launch.js');
  const { templateOf } = await import('../app/ownFile.js');
  // A new file is written from the template at once: the person's editor opens on it, and the tutor shows it.
  if (own && own.source === undefined) own.source = await writtenFromTemplate(own.path, await templateOf(own.lang));
  // A file with a program in it is submitted at once, as `watch` judges on start; a new or untouched one waits.
  const written =
    own?.source !== undefined && own.source.trim() !== '' && own.source !== (await templateOf(own.lang))
      ? { lang: own.lang, source: own.source }
      : undefined;
  return launchApp({
    settings,
    problem: judgedAs(problem, values),
    flags: chosen,
    ...(own ? { file: { path: own.path, lang: own.lang, langFrom: own.langFrom } } : {}),
    ...(written ? { program: written } : {}),
  });
}

/** The settings of a check without help: the ladder locked, the original named for `stats`. */
export function transferSettings(s: Settings, transferOf: string): Settings {
  const checked = {
    ...s,
    budgets: { ...s.budgets, practice: { ...s.budgets.practice, hints: 'transfer' as const } },
    transferOf,
  };
  return checked;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'practice');
  const { loadProblem, problemOfFileName } = await import('../problems/index.js');
  // `practice --file cf1917C.cpp`: the problem the file is named after.
  const ref =
    positionals.length === 0 && values.file !== undefined ? await problemOfFileName(values.file) : positionals[0];
  if (positionals.length > 1 || ref === undefined)
    throw new UsageError('practice takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  checkJudging(values);
  const problem = await loadProblem(ref);
  return openPractice(problem, values);
}

/** The template written to a new file whole, or one line when the folder takes no file; what the file then holds. */
async function writtenFromTemplate(path: string, template: string): Promise<string> {
  try {
    // Made meanwhile (an editor's first save): theirs is kept.
    return (await writeNewFile(path, template)) ? template : await readFile(path, 'utf8');
  } catch (err) {
    throw new UserError(`${path}: cannot write it (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}
