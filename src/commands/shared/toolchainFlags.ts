// `--flags` and `--std` (test, watch, run, stress, practice): this run's compiler flags for the
// solution's language, over the settings' `flags.<lang>`; then the toolchain is checked once, so a
// compiler that is not installed or refuses the flags is one line before anything is judged.
import { settingsOf } from './settings.js';
import { UsageError, UserError } from '../../system/errors.js';
import { compiledLangIds, LANGS, type LangId } from '../../runners/languages/langs.js';
import { chooseForThisRun, missingRuntime, toolchainOf } from '../../runners/languages/toolchains.js';

export interface ToolchainValues {
  flags?: string | undefined;
  std?: string | undefined;
}

/** Applies `--flags` / `--std` to `lang` for this run and checks its toolchain; throws one line when it cannot build. */
export async function useToolchain(values: ToolchainValues, lang: LangId, settingsLoaded = false): Promise<void> {
  const l = LANGS[lang];
  if ((values.flags !== undefined || values.std !== undefined) && !l.compile) {
    throw new UsageError(`--flags and --std are for compiled languages (${compiledLangIds.join(', ')}), not ${l.name}`);
  }
  if (values.std !== undefined && !l.compile?.std)
    throw new UsageError(`--std is for C and C++; give ${l.name}'s compiler its flags with --flags`);
  if (values.std !== undefined && !/^[\w+]+$/.test(values.std))
    throw new UsageError(`--std takes a standard such as c++17 or gnu++20, not '${values.std}'`);
  if (values.flags !== undefined && values.flags.includes('\n'))
    throw new UsageError('--flags takes one line of flags');
  // The settings' compilers and flags for every language of the run (a brute force's too).
  if (!settingsLoaded) await settingsOf();
  chooseForThisRun(lang, { flags: values.flags, std: values.std });
  const chain = l.compile ? await toolchainOf(lang) : null;
  if (chain && !chain.ok) throw new UserError(chain.error);
  const missing = await missingRuntime(lang);
  if (missing) throw new UserError(missing);
}
