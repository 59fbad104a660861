// The settings memo (src/settings/memo.ts): a start with the same settings file, environment,
// flags and build takes the settings the last one resolved, equal to what resolveSettings gives;
// any change of input resolves afresh, and no API key is written to the cache.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSettings, settingsPath, type SettingFlags } from '../../src/settings/load.js';
import { keep, recall } from '../../src/settings/memo.js';
import { chooseToolchains, chosenToolchain } from '../../src/runners/languages/toolchains.js';
import { tempDir } from '../helpers/tempDir.js';

const saved = { ...process.env };
let dir = '';
const BUILD = 'test-build-1';

beforeEach(() => {
  dir = tempDir('simcoach-memo-');
  process.env.XDG_CONFIG_HOME = join(dir, 'config');
  process.env.XDG_CACHE_HOME = join(dir, 'cache');
  for (const k of ['OLLAMA_HOST', 'OPENAI_BASE_URL', 'OPENAI_API_KEY']) delete process.env[k];
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

const writeSettings = (tree: unknown): void => {
  mkdirSync(join(dir, 'config', 'simcoach'), { recursive: true });
  writeFileSync(settingsPath(), JSON.stringify(tree, null, 2));
};

/** What a start does: the memo's answer, else resolveSettings' (kept for the next start). */
const start = (flags: SettingFlags, build = BUILD) => {
  const kept = recall<ReturnType<typeof resolveSettings>>(flags, build);
  if (kept) return { settings: kept, recalled: true };
  const settings = resolveSettings(flags);
  keep(flags, settings, build);
  return { settings, recalled: false };
};

const memoText = (): string => readFileSync(join(dir, 'cache', 'simcoach', 'settings-memo.json'), 'utf8');

describe('the settings memo', () => {
  it('a recalled start builds with the kept compilers and flags, as a resolved one does', () => {
    writeSettings({ compilers: { cpp: 'clang++' }, flags: { cpp: '-O2 -DLOCAL' } });
    expect(start({}).recalled).toBe(false);
    // A new process: nothing chosen until the settings say so.
    chooseToolchains({});
    expect(start({}).recalled).toBe(true);
    expect(chosenToolchain('cpp')).toMatchObject({ compiler: 'clang++', flags: '-O2 -DLOCAL' });
    chooseToolchains({});
  });

  it('a second start with the same inputs gets what resolveSettings gives, key for key and in order', () => {
    writeSettings({
      model: 'qwen3:8b',
      lang: 'cpp',
      stageModels: { plan: 'big:70b' },
      budgets: { codesim: { maxDebug: 3 } },
    });
    const flags: SettingFlags = { host: 'localhost:1234', flow: 'mapcoder' };
    const first = start(flags);
    expect(first.recalled).toBe(false);
    const second = start(flags);
    expect(second.recalled).toBe(true);
    expect(second.settings).toEqual(resolveSettings(flags));
    expect(JSON.stringify(second.settings)).toBe(JSON.stringify(resolveSettings(flags)));
    expect(second.settings.ollamaHost).toBe('http://localhost:1234');
    expect(statSync(join(dir, 'cache', 'simcoach', 'settings-memo.json')).mode & 0o777).toBe(0o600);
  });

  it('resolves afresh when the file, the environment, a flag or the build changed', () => {
    writeSettings({ model: 'a:1b' });
    start({});
    expect(start({}).recalled).toBe(true);
    writeSettings({ model: 'b:1b' });
    expect(start({}).recalled).toBe(false);
    expect(start({}).settings.model).toBe('b:1b');
    process.env.OLLAMA_HOST = 'otherhost';
    expect(start({}).recalled).toBe(false);
    expect(start({}).settings.ollamaHost).toBe('http://otherhost:11434');
    expect(start({ model: 'c:1b' }).recalled).toBe(false);
    expect(start({ model: 'c:1b' }).settings.model).toBe('c:1b');
    expect(start({ model: 'c:1b' }, 'test-build-2').recalled).toBe(false);
  });

  it('keeps nothing without a build (tests and tsx run the sources)', () => {
    const settings = resolveSettings({});
    keep({}, settings, undefined);
    expect(recall({}, undefined)).toBeUndefined();
  });

  it('a damaged or refused settings file is never answered from the memo: resolveSettings says what is wrong', () => {
    writeSettings({ model: 'a:1b' });
    start({});
    writeFileSync(settingsPath(), '{ "model": ');
    expect(recall({}, BUILD)).toBeUndefined();
    expect(() => resolveSettings({})).toThrow(/damaged/);
    writeSettings({ numCtx: 5 });
    expect(start.bind(null, {})).toThrow(/numCtx/);
    expect(recall({}, BUILD)).toBeUndefined();
  });

  it("holds no API key: the stored one and the environment's come back from where they were read", () => {
    writeSettings({ backend: 'openai', openaiApiKey: 'sk-stored-0123456789' });
    start({});
    expect(memoText()).not.toContain('sk-stored');
    const fromFile = start({});
    expect(fromFile.recalled).toBe(true);
    expect(fromFile.settings.openaiApiKey).toBe('sk-stored-0123456789');
    process.env.OPENAI_API_KEY = ' sk-env-9876543210 ';
    start({});
    expect(memoText()).not.toContain('sk-env');
    const fromEnv = start({});
    expect(fromEnv.recalled).toBe(true);
    expect(fromEnv.settings).toEqual(resolveSettings({}));
    expect(fromEnv.settings.openaiApiKey).toBe('sk-env-9876543210');
    // A key changed in the file is read from the file, not from what was kept.
    delete process.env.OPENAI_API_KEY;
    start({});
    writeSettings({ backend: 'openai', openaiApiKey: 'sk-other-0123456789' });
    const changed = start({});
    expect(changed.recalled).toBe(true);
    expect(changed.settings.openaiApiKey).toBe('sk-other-0123456789');
  });
});
