// Programs several test files build, each in a cache of its own: the run's global setup builds
// each once (test/global-setup.ts) and the files that judge it copy that build into their fresh
// caches (seedBuilds in test/helpers/launcher.ts). The global setup builds through the judge's own
// buildProgram, so the folder is named by the judge's own key: a later judge of the same source,
// flags and compiler finds it as its own build, and one of anything else compiles as before.
import { readFileSync } from 'node:fs';
import type { Program } from '../../src/runners/build/types.js';

/**
 * The hostile programs' C++ attacker (test/runners/hostile.cpp): ~4 s of the compiler's CPU a
 * build, once per hostile file's cache and once more in the unprivileged person's.
 */
export const HOSTILE_CPP: Program = {
  lang: 'cpp',
  source: readFileSync(new URL('../runners/hostile.cpp', import.meta.url), 'utf8'),
};

export const PREBUILT: Program[] = [HOSTILE_CPP];
