// `simcoach practice PROBLEM`: the tutor with the person at the keyboard. They write the program
// (e here, E in $EDITOR); each `h` reveals one more hint from the flows' own stages; each program
// they submit is judged on the samples and then every hidden test. It is the `practice` flow, so
// the session is journaled, and replays, resumes and exports like any other. With `--file SOL` the
// tutor works on SOL in place: E edits it, each save submits it, w writes to it. No model server
// is needed for any of that: only the hints wait for one.
import { parse } from '../flags/args.js';
import { resolveSettings, type SettingFlags, type Settings } from '../settings/load.js';
import { UsageError } from '../system/errors.js';
import type { Problem } from '../problems/types.js';
import { checkJudging, judgedAs, type JudgingValues } from './shared/judgingFlags.js';
import { ownFileArg } from './shared/programFile.js';
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
export async function openPractice(problem: Problem, values: PracticeValues, lang?: string, transferOf?: string): Promise<number> {
  const { file: path, lang: langFlag, mode: _m, eps: _e, tl: _t, ml: _l, checker: _c, flags, std, ...rest } = values;
  const base = { ...rest, ...(langFlag === undefined && lang !== undefined ? { lang } : {}) };
  const own = path !== undefined ? await ownFileArg(path, langFlag, resolveSettings(base).lang) : undefined;
  // The file's language wins over the settings' for this run (and after a settings save in it).
  const chosenLang = own?.lang ?? langFlag ?? lang;
  const chosen = { ...rest, flow: 'practice', ...(chosenLang !== undefined ? { lang: chosenLang } : {}) };
  const settings = transferOf === undefined ? resolveSettings(chosen) : transferSettings(resolveSettings(chosen), transferOf);
  await useToolchain({ flags, std }, settings.lang, true);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('practice needs a terminal: you write the program in it (see `simcoach stats` for how practice went)');
  }
  const { launchApp } = await import('../launch/launch.js');
  const { templateOf } = await import('../app/ownFile.js');
  // A file with a program in it is submitted at once, as `watch` judges on start; a new or untouched one waits.
  const written = own?.source !== undefined && own.source.trim() !== '' && own.source !== (await templateOf(own.lang)) ? { lang: own.lang, source: own.source } : undefined;
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
  const checked = { ...s, budgets: { ...s.budgets, practice: { ...s.budgets.practice, hints: 'transfer' as const } }, transferOf };
  return checked;
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, 'practice');
  if (positionals.length !== 1) throw new UsageError('practice takes one problem: a file, FILE.jsonl:ID, DIR:ID or a built-in id');
  checkJudging(values);
  const { loadProblem } = await import('../problems/index.js');
  const problem = await loadProblem(positionals[0]!);
  return openPractice(problem, values);
}
