// `simcoach config` on damaged and empty settings files, through the built CLI as a person runs it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliEnv, hasStack } from '../cli/helpers.js';

function home(content?: string): { env: NodeJS.ProcessEnv; file: string } {
  const env = cliEnv({ NO_COLOR: '1' });
  const file = join(env.XDG_CONFIG_HOME!, 'simcoach', 'config.json');
  if (content !== undefined) {
    mkdirSync(join(env.XDG_CONFIG_HOME!, 'simcoach'), { recursive: true });
    writeFileSync(file, content);
  }
  return { env, file };
}

/** The commands a message tells a person to run, as printed between backticks. */
const suggested = (text: string): string[][] =>
  [...text.matchAll(/`simcoach ([^`]+)`/g)].map((m) => m[1]!.split(' ')).filter((args) => !args.includes('VALUE'));

describe('simcoach config', () => {
  it('an empty settings file is empty settings: set, get, list and unset work on it', async () => {
    for (const content of ['', '  \n']) {
      const { env, file } = home(content);
      const set = await cli(['config', 'set', 'model', 'llama3.2:3b'], env);
      expect(set.stderr).toBe('✓ model = llama3.2:3b\n');
      expect(set.code).toBe(0);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ model: 'llama3.2:3b' });
      writeFileSync(file, content);
      expect((await cli(['config', 'get', 'model'], env)).stdout).toBe('qwen2.5-coder:7b\n');
      const unset = await cli(['config', 'unset', 'temperature'], env);
      expect(unset.code).toBe(0);
      expect(unset.stderr).toBe('✓ temperature is back to (unset)\n');
    }
  });

  it('every fix a message suggests runs as printed, and a successful unset exits 0', async () => {
    const { env, file } = home(JSON.stringify({ stageModels: 'oops', temperature: 'hot', budgets: { codesim: 3 } }));
    const seen: string[] = [];
    // Follow the messages as a person would until the file loads again.
    for (let round = 0; round < 5; round++) {
      const list = await cli(['config', 'list'], env);
      if (list.code === 0) break;
      expect(list.code).toBe(1);
      expect(hasStack(list.stderr)).toBe(false);
      seen.push(list.stderr.split('\n')[0]!);
      const fixes = suggested(list.stderr);
      expect(fixes.length).toBeGreaterThan(0);
      for (const fix of fixes) {
        const r = await cli(fix, env);
        expect(r.code, `${fix.join(' ')}: ${r.stderr}`).toBe(0);
        expect(r.stderr).toMatch(/^✓ /);
      }
    }
    expect(seen).toEqual([
      `simcoach: bad value 'oops' for stageModels (Invalid input: expected record, received string) in the settings file ${file}`,
      `simcoach: bad value 'hot' for temperature (allowed: a number 0..2) in the settings file ${file}`,
      `simcoach: bad value '3' for budgets.codesim (Invalid input: expected object, received number) in the settings file ${file}`,
    ]);
    expect((await cli(['config', 'list'], env)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ budgets: {} });
  });

  it('a group cannot be set from text, so its message only suggests unset', async () => {
    const { env } = home(JSON.stringify({ stageModels: 'oops' }));
    const r = await cli(['config', 'get', 'model'], env);
    expect(r.stderr).toContain('Remove it with `simcoach config unset stageModels`.');
    expect(r.stderr).not.toContain('config set stageModels');
    const unset = await cli(['config', 'unset', 'stageModels'], env);
    expect(unset.code).toBe(0);
    expect(unset.stderr).toBe('✓ stageModels is back to {}\n');
    expect((await cli(['config', 'unset', 'bogus'], env)).stderr).toContain("unknown setting 'bogus'");
  });

  it('unset exits 0 when it removed the value even while another value is still wrong', async () => {
    const { env } = home(JSON.stringify({ temperature: 'hot', flow: 'fast' }));
    const r = await cli(['config', 'unset', 'temperature'], env);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('✓ temperature is removed from the settings file\n');
  });
});
