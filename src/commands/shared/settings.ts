// The settings of one command's start: those the last start kept for the same settings file,
// environment, flags and build (settings/memo.ts), else resolved and validated now. The validator
// (zod, the flows' registry: ~20 ms of CPU a start) loads only then; either way every build of
// the run compiles with the compilers and flags they name.
import type { SettingFlags, Settings } from '../../settings/load.js';
import { keep, recall } from '../../settings/memo.js';

/** The effective settings with this run's `flags` over them (as `resolveSettings`), kept for the next start. */
export async function settingsOf(flags: SettingFlags = {}): Promise<Settings> {
  const kept = recall<Settings>(flags);
  if (kept) return kept;
  const { resolveSettings } = await import('../../settings/load.js');
  const settings = resolveSettings(flags);
  keep(flags, settings);
  return settings;
}
