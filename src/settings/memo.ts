// The settings the last start resolved, kept with what they were resolved from (the settings
// file, the environment, the flags and the build): a start with the same inputs takes them as
// they are, without loading zod and building the schema (about 45 ms before the tutor's first
// frame on a 2-core machine). Any other input, a damaged file or another build resolves afresh.
// No secret is kept: the API key is held as "set", and comes back from where it was read.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../system/paths.js';
import { isTree, readStoredFile, type Tree } from './file.js';
import { chooseToolchains, toolchainChoices } from '../runners/languages/toolchains.js';
import type { LangId } from '../runners/languages/langs.js';

declare const __SIMCOACH_BUILD__: string | undefined;

/** Which build resolved the settings: undefined when not bundled (tests, tsx), so nothing is kept. */
const thisBuild = (): string | undefined => (typeof __SIMCOACH_BUILD__ === 'string' ? __SIMCOACH_BUILD__ : undefined);

/** Stands for the API key wherever the kept settings or their inputs would hold it. */
const SET = '(set)';

const memoFile = (): string => join(cacheDir(), 'settings-memo.json');

/** The API key from the environment, as load.ts takes it (it wins over a stored one). */
const envKey = (): string | undefined => process.env.OPENAI_API_KEY?.trim() || undefined;

/** What load.ts resolves: only the API key and the toolchains are looked at here (load.ts's `Settings` is one). */
interface Resolved {
  openaiApiKey?: string | undefined;
  compilers?: Partial<Record<LangId, string>>;
  flags?: Partial<Record<LangId, string>>;
}

/** Everything `resolveSettings(flags)` reads, as one string; undefined when it must run. */
export function inputsOf(
  flags: object,
  build: string | undefined = thisBuild(),
): { key: string; stored: Tree } | undefined {
  if (build === undefined) return undefined;
  const file = readStoredFile();
  // load.ts says what is wrong with a file it cannot take.
  if (!('tree' in file)) return undefined;
  const stored = file.tree;
  const apiKey = stored.openaiApiKey;
  // A stored key load.ts would refuse is not hidden: nothing is kept for a file it refuses.
  const shown = typeof apiKey === 'string' && apiKey.length > 0 ? { ...stored, openaiApiKey: SET } : stored;
  const env = {
    OLLAMA_HOST: process.env.OLLAMA_HOST,
    OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
    OPENAI_API_KEY: envKey() === undefined ? undefined : SET,
  };
  return { key: JSON.stringify({ build, stored: shown, env, flags }), stored };
}

/**
 * The settings kept for exactly these inputs (as `keep` was given them), or undefined. As a
 * resolution does, they choose the compilers and flags every build of this run uses.
 */
export function recall<S extends Resolved>(flags: object, build?: string): S | undefined {
  const inputs = inputsOf(flags, build);
  if (!inputs) return undefined;
  try {
    const kept = JSON.parse(readFileSync(memoFile(), 'utf8')) as { key?: unknown; settings?: unknown };
    if (kept.key !== inputs.key || !isTree(kept.settings)) return undefined;
    const settings = kept.settings as S;
    if (settings.openaiApiKey === SET) {
      const key = envKey() ?? inputs.stored.openaiApiKey;
      if (typeof key !== 'string') return undefined;
      settings.openaiApiKey = key;
    }
    chooseToolchains(toolchainChoices({ compilers: settings.compilers ?? {}, flags: settings.flags ?? {} }));
    return settings;
  } catch {
    return undefined;
  }
}

/** Keeps `settings`, just resolved from `flags`, for the next start with the same inputs. */
export function keep(flags: object, settings: Resolved, build?: string): void {
  const inputs = inputsOf(flags, build);
  if (!inputs) return;
  let exact = true;
  // -0 and other values JSON would change are not kept (none is expected; the answer must be the same).
  const text = JSON.stringify(
    {
      key: inputs.key,
      settings: { ...settings, ...(settings.openaiApiKey === undefined ? {} : { openaiApiKey: SET }) },
    },
    (_k, v: unknown) => {
      if (typeof v === 'number' && (Object.is(v, -0) || !Number.isFinite(v))) exact = false;
      return v;
    },
  );
  if (!exact) return;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    const tmp = `${memoFile()}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, memoFile());
  } catch {
    // A memo that cannot be written only costs the next start the validator's load.
  }
}
