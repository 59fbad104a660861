// Settings: defaults, environment, the file, flags; validation messages; the file's safety.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  getSetting,
  listSettings,
  loadSettings,
  mask,
  normaliseOllamaHost,
  readStored,
  resolveSettings,
  setSetting,
  settingsPath,
  unsetSetting,
} from '../../src/settings/load.js';
import { UsageError, UserError } from '../../src/system/errors.js';
import { flowNames } from '../../src/flows/index.js';
import { tempDir } from '../helpers/tempDir.js';

const saved = { ...process.env };
let dir = '';

beforeEach(() => {
  dir = tempDir('simcoach-config-');
  process.env.XDG_CONFIG_HOME = dir;
  for (const k of ['OLLAMA_HOST', 'OPENAI_BASE_URL', 'OPENAI_API_KEY']) delete process.env[k];
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(dir, { recursive: true, force: true });
});

function thrown(f: () => unknown): UserError {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UserError);
    return err as UserError;
  }
  throw new Error('expected an error');
}

async function rejected(p: Promise<unknown>): Promise<UserError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(UserError);
  return err as UserError;
}

describe('defaults and sources', () => {
  it('has the documented defaults and keeps the file under XDG_CONFIG_HOME', () => {
    const s = loadSettings();
    expect(s).toMatchObject({
      backend: 'ollama',
      ollamaHost: 'http://127.0.0.1:11434',
      model: 'qwen2.5-coder:7b',
      numCtx: 8192,
      topP: 0.95,
      keepAlive: '30m',
      stallSeconds: 60,
      flow: 'codesim',
      lang: 'python',
      stageModels: {},
      answers: 'sections',
    });
    expect(s.budgets).toMatchObject({
      codesim: { plans: 5, debugRounds: 5 },
      mapcoder: { exemplars: 3, debugRounds: 5 },
    });
    expect(s.seed).toBeUndefined();
    expect(settingsPath()).toBe(join(dir, 'simcoach', 'config.json'));
    // Reading creates nothing.
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reads OLLAMA_HOST as the Ollama CLI does', () => {
    const cases: [string, string][] = [
      ['', 'http://127.0.0.1:11434'],
      ['example.org', 'http://example.org:11434'],
      ['example.org:8080', 'http://example.org:8080'],
      ['0.0.0.0', 'http://127.0.0.1:11434'],
      ['0.0.0.0:11435', 'http://127.0.0.1:11435'],
      [':7777', 'http://127.0.0.1:7777'],
      ['http://box', 'http://box:80'],
      ['https://box', 'https://box:443'],
      ['https://box:9000/ollama/', 'https://box:9000/ollama'],
      ['[::1]:11434', 'http://[::1]:11434'],
      ['box:99999', 'http://127.0.0.1:11434'],
    ];
    for (const [input, want] of cases) expect(normaliseOllamaHost(input), input).toBe(want);
    process.env.OLLAMA_HOST = '0.0.0.0:9999';
    expect(loadSettings().ollamaHost).toBe('http://127.0.0.1:9999');
  });

  it('layers env < file < flags, and the key from the environment wins', async () => {
    process.env.OPENAI_BASE_URL = 'http://env:1/v1';
    expect(loadSettings().openaiBaseUrl).toBe('http://env:1/v1');
    await setSetting('openaiBaseUrl', 'http://file:2/v1');
    expect(loadSettings().openaiBaseUrl).toBe('http://file:2/v1');
    expect(
      resolveSettings({
        'base-url': 'http://flag:3/v1',
        backend: 'openai',
        model: 'm',
        flow: 'mapcoder',
        lang: 'cpp',
        host: 'h:1',
      }),
    ).toMatchObject({
      openaiBaseUrl: 'http://flag:3/v1',
      backend: 'openai',
      model: 'm',
      flow: 'mapcoder',
      lang: 'cpp',
      ollamaHost: 'http://h:1',
    });
    await setSetting('openaiApiKey', 'sk-stored-key-123');
    process.env.OPENAI_API_KEY = 'sk-from-env-456789';
    expect(loadSettings().openaiApiKey).toBe('sk-from-env-456789');
    const row = listSettings().find((r) => r.key === 'openaiApiKey');
    expect(row).toMatchObject({ source: 'env', secret: true });
    expect(mask('sk-from-env-456789')).not.toContain('env-4');
  });

  it('rejects a bad flag as a usage error naming the flag and the choices', () => {
    const err = thrown(() => resolveSettings({ flow: 'magic' }));
    expect(err).toBeInstanceOf(UsageError);
    expect(err.message).toContain(`unknown flow 'magic' (this simcoach has: ${flowNames.join(' | ')})`);
    expect(thrown(() => resolveSettings({ lang: 'cobol' })).message).toContain(
      'python | cpp | javascript | java | c | pypy | rust | go',
    );
    expect(thrown(() => resolveSettings({ 'base-url': 'ftp://x' })).exitCode).toBe(2);
    expect(thrown(() => resolveSettings({ answers: 'xml' })).message).toContain(
      "--answers takes sections | json, not 'xml'",
    );
    expect(resolveSettings({ answers: 'json' }).answers).toBe('json');
  });

  it('refuses a host it cannot read instead of quietly using the default', async () => {
    for (const host of ['::bad', 'box:99999', 'box:']) {
      const err = thrown(() => resolveSettings({ host }));
      expect(err, host).toBeInstanceOf(UsageError);
      expect(err.message).toContain(`--host takes an http(s) URL, host or host:port, not '${host}'`);
      await expect(setSetting('ollamaHost', host)).rejects.toThrow(`bad value '${host}' for ollamaHost`);
    }
    expect(readStored().ollamaHost).toBeUndefined();
    expect(resolveSettings({ host: 'box:8080' }).ollamaHost).toBe('http://box:8080');
  });
});

describe('set, get, unset', () => {
  it('types values from text and stores dotted keys nested', async () => {
    expect(await setSetting('budgets.codesim.plans', '7')).toBe(7);
    expect(await setSetting('temperature', '0.2')).toBe(0.2);
    expect(await setSetting('budgets.mapcoder.exemplars', '2')).toBe(2);
    expect(await setSetting('model', '7')).toBe('7');
    expect(await setSetting('stageModels.plan', 'llama3.1:8b')).toBe('llama3.1:8b');
    expect(await setSetting('ollamaHost', '0.0.0.0:1234')).toBe('http://127.0.0.1:1234');
    const file = JSON.parse(readFileSync(settingsPath(), 'utf8')) as Record<string, unknown>;
    expect(file).toEqual({
      budgets: { codesim: { plans: 7 }, mapcoder: { exemplars: 2 } },
      temperature: 0.2,
      model: '7',
      stageModels: { plan: 'llama3.1:8b' },
      ollamaHost: 'http://127.0.0.1:1234',
    });
    expect(getSetting('budgets.codesim.plans')).toBe(7);
    expect(getSetting('budgets.codesim.debugRounds')).toBe(5);
    expect(getSetting('budgets.codesim')).toEqual({ plans: 7, debugRounds: 5 });
    expect(getSetting('stageModels')).toEqual({ plan: 'llama3.1:8b' });
    await unsetSetting('budgets.codesim.plans');
    expect(getSetting('budgets.codesim.plans')).toBe(5);
  });

  it('answers: sections by default; json for models that need the schema', async () => {
    expect(getSetting('answers')).toBe('sections');
    expect(await setSetting('answers', 'json')).toBe('json');
    expect(loadSettings().answers).toBe('json');
    await unsetSetting('answers');
    expect(loadSettings().answers).toBe('sections');
  });

  it('approval: each step by default; until-code or watch from the file, or --approval for one run', async () => {
    expect(getSetting('approval')).toBe('each');
    expect(await setSetting('approval', 'until-code')).toBe('until-code');
    expect(loadSettings().approval).toBe('until-code');
    // The flag wins over the file for this run.
    expect(resolveSettings({ approval: 'watch' }).approval).toBe('watch');
    expect(thrown(() => resolveSettings({ approval: 'yolo' })).message).toContain(
      "--approval takes each | until-code | watch, not 'yolo'",
    );
    expect((await rejected(setSetting('approval', 'always'))).message).toBe(
      "bad value 'always' for approval (allowed: each | until-code | watch)",
    );
    await unsetSetting('approval');
    expect(loadSettings().approval).toBe('each');
  });

  it('names the key and the allowed values for a bad value, and stores nothing', async () => {
    expect((await rejected(setSetting('backend', 'gpt'))).message).toBe(
      "bad value 'gpt' for backend (allowed: ollama | openai)",
    );
    expect((await rejected(setSetting('budgets.codesim.plans', '0'))).message).toBe(
      "bad value '0' for budgets.codesim.plans (allowed: an integer 1..50)",
    );
    expect((await rejected(setSetting('budgets.codesim.plans', 'many'))).message).toContain('budgets.codesim.plans');
    expect((await rejected(setSetting('keepAlive', 'forever'))).message).toContain('a duration like 30m');
    expect((await rejected(setSetting('temperature', '3'))).message).toContain('a number 0..2');
    expect((await rejected(setSetting('answers', 'xml'))).message).toBe(
      "bad value 'xml' for answers (allowed: sections | json)",
    );
    const unknown = await rejected(setSetting('colour', 'blue'));
    expect(unknown.message).toBe("unknown setting 'colour'");
    expect(unknown.hint).toContain('budgets.codesim.plans');
    expect((await rejected(setSetting('modle', 'x'))).message).toBe("unknown setting 'modle' (did you mean 'model'?)");
    expect(() => readFileSync(settingsPath())).toThrow();
  });

  it('writes the file with owner-only permissions and no leftovers', async () => {
    await setSetting('openaiApiKey', 'sk-secret');
    expect(statSync(settingsPath()).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'simcoach'))).toEqual(['config.json']);
  });
});

describe('a damaged file', () => {
  it('gets a clear message with the path and how to recover, not a crash', async () => {
    mkdirSync(join(dir, 'simcoach'), { recursive: true });
    writeFileSync(settingsPath(), '{"model": "x",');
    const err = thrown(() => loadSettings());
    expect(err.message).toContain(`the settings file ${settingsPath()} is damaged: it is not valid JSON`);
    expect(err.hint).toContain(`rm '${settingsPath()}'`);
    await rejected(setSetting('model', 'y'));
    expect(readFileSync(settingsPath(), 'utf8')).toBe('{"model": "x",');
  });

  it('names the environment variable when the bad value came from there', () => {
    process.env.OPENAI_BASE_URL = 'localhost:1234';
    expect(thrown(() => loadSettings()).message).toContain(
      "bad value 'localhost:1234' for openaiBaseUrl (allowed: an http(s) URL ending in /v1) in the environment (OPENAI_BASE_URL)",
    );
  });

  it('names a bad value found in the file', () => {
    mkdirSync(join(dir, 'simcoach'), { recursive: true });
    writeFileSync(settingsPath(), JSON.stringify({ flow: 'fast' }));
    const err = thrown(() => loadSettings());
    expect(err.message).toContain(`bad value 'fast' for flow (allowed: ${flowNames.join(' | ')})`);
    expect(err.hint).toContain('simcoach config unset flow');
  });
});

describe('atomic writes', () => {
  it('replaces the file by rename (a new inode each time), never rewriting it in place', async () => {
    await setSetting('model', 'first');
    const before = statSync(settingsPath()).ino;
    await setSetting('stageModels.code', 'm'.repeat(50_000));
    const after = statSync(settingsPath()).ino;
    // Written in place, the inode would stay and a reader could meet a truncated file.
    expect(after).not.toBe(before);
    expect(readdirSync(join(dir, 'simcoach'))).toEqual(['config.json']);
    expect(loadSettings().stageModels.code).toHaveLength(50_000);
  });
});
