// scripts/eslint-once.mjs, `npm test`'s ESLint: ESLint's own verdict and exit code, and a record of
// the one tree that passed, so that .ci/run's lint (beside SQLite's compile) is not done twice. A
// tree that differs anywhere git sees is linted again.
import { mkdtempSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript, scriptRepo } from './scriptRepo.js';
import { tempDir } from '../helpers/tempDir.js';
const top = tempDir('sc-eslint-once-');

/** ESLint's recommended JavaScript rules only: the project's typed rules would lint for a minute. */
const CONFIG =
  "import js from '@eslint/js';\nexport default [{ ignores: ['skipped/', 'scripts/'] }, js.configs.recommended];\n";

/** A git checkout with a small ESLint setup, the script and the given files. */
const repo = (files: Record<string, string>): string =>
  scriptRepo(mkdtempSync(join(top, 'repo-')), 'eslint-once.mjs', {
    ...files,
    'skipped/.keep': '',
    'eslint.config.js': CONFIG,
    'package.json': '{ "type": "module" }\n',
    'package-lock.json': '{ "lockfileVersion": 3 }\n',
    '.gitignore': 'node_modules\nskipped/\n',
  });

const lint = (dir: string, record: string) => runScript(dir, 'eslint-once.mjs', { SIMCOACH_ESLINT_RECORD: record });

const SKIPPED = /this tree passed already/;

describe('ESLint once per tree', () => {
  it('lints, records the pass, and does not lint the same tree again', () => {
    const record = join(top, 'r1');
    const dir = repo({ 'a.js': 'export const a = 1;\n' });
    const first = lint(dir, record);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).not.toMatch(SKIPPED);
    expect(readFileSync(record, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    const again = lint(dir, record);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(SKIPPED);
    // What git ignores is not the tree: a file there changes nothing.
    writeFileSync(join(dir, 'skipped', 'x.js'), 'nope(\n');
    expect(lint(dir, record).stdout).toMatch(SKIPPED);
  });

  it("a changed file, a new one or a removed one is linted again; ESLint's failure is the exit code and records nothing", () => {
    const record = join(top, 'r2');
    const dir = repo({ 'a.js': 'export const a = 1;\n', 'b.js': 'export const b = 2;\n' });
    expect(lint(dir, record).status).toBe(0);
    const passed = readFileSync(record, 'utf8');

    writeFileSync(join(dir, 'a.js'), 'export const a = undefinedName;\n');
    const bad = lint(dir, record);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/a\.js[\s\S]*'undefinedName' is not defined/);
    expect(readFileSync(record, 'utf8')).toBe(passed);

    // Back to the tree that passed: its record holds.
    writeFileSync(join(dir, 'a.js'), 'export const a = 1;\n');
    expect(lint(dir, record).stdout).toMatch(SKIPPED);

    writeFileSync(join(dir, 'c.js'), 'export const c = 3;\n');
    const added = lint(dir, record);
    expect(added.status).toBe(0);
    expect(added.stdout).not.toMatch(SKIPPED);
    const withC = readFileSync(record, 'utf8');
    expect(withC).not.toBe(passed);

    unlinkSync(join(dir, 'b.js'));
    const removed = lint(dir, record);
    expect(removed.status).toBe(0);
    expect(removed.stdout).not.toMatch(SKIPPED);
    expect(readFileSync(record, 'utf8')).not.toBe(withC);
  });

  it('a link to a folder is no error, and pointing it elsewhere is a new tree', () => {
    const record = join(top, 'r3');
    const dir = repo({ 'a.js': 'export const a = 1;\n' });
    // As when a checkout's dependencies are a link to another checkout's (a name .gitignore misses).
    symlinkSync(mkdtempSync(join(top, 'deps-')), join(dir, 'deps'));
    const first = lint(dir, record);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(lint(dir, record).stdout).toMatch(SKIPPED);
    unlinkSync(join(dir, 'deps'));
    symlinkSync(mkdtempSync(join(top, 'deps-')), join(dir, 'deps'));
    expect(lint(dir, record).stdout).not.toMatch(SKIPPED);
  });

  it('a link to a file is what ESLint reads through it: a change to the linked file is a new tree', () => {
    const record = join(top, 'r4');
    const target = join(mkdtempSync(join(top, 'other-')), 'shared.js');
    writeFileSync(target, 'export const s = 1;\n');
    const dir = repo({ 'a.js': 'export const a = 1;\n' });
    symlinkSync(target, join(dir, 'linked.js'));
    expect(lint(dir, record).status).toBe(0);
    expect(lint(dir, record).stdout).toMatch(SKIPPED);
    writeFileSync(target, 'export const s = undefinedName;\n');
    const bad = lint(dir, record);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/linked\.js[\s\S]*'undefinedName' is not defined/);
  });
});
