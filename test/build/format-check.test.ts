// scripts/format-check.mjs, `npm test`'s formatter check: prettier's verdicts and exit codes, and a
// record of formatted files that a clone in another folder uses as it is (prettier's own --cache is
// keyed by absolute path, so each clean clone checked every file again).
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScript, scriptRepo } from './scriptRepo.js';
import { tempDir } from '../helpers/tempDir.js';

const ROOT = resolve('.');
const top = tempDir('sc-format-check-');

/** A git checkout with the project's prettier settings, the script and the given files. */
const repo = (name: string, files: Record<string, string>): string =>
  scriptRepo(join(top, name), 'format-check.mjs', {
    ...files,
    '.prettierrc.json': readFileSync(join(ROOT, '.prettierrc.json'), 'utf8'),
    '.prettierignore': 'ignored/\n*.json\n',
    '.gitignore': 'node_modules\n',
  });

const check = (dir: string, record: string) => runScript(dir, 'format-check.mjs', { SIMCOACH_PRETTIER_CACHE: record });

const GOOD = "export const a = 'x';\n";

describe('the formatter check', () => {
  it('names an unformatted file (exit 1) and one it cannot parse (exit 2); ignored files are not read', () => {
    const record = join(top, 'r1.json');
    const dir = repo('a', { 'good.ts': GOOD, 'bad.ts': 'export const b  =  "y"\n', 'ignored/x.ts': 'nope  (' });
    const r = check(dir, record);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain('[warn] bad.ts');
    expect(r.stderr).not.toMatch(/good\.ts|ignored/);
    writeFileSync(join(dir, 'bad.ts'), 'export const b = (\n');
    const broken = check(dir, record);
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/\[error\] bad\.ts: /);
  });

  it('keeps formatted files by their path in the checkout: a clone elsewhere reads the same record', () => {
    const record = join(top, 'r2.json');
    const files = { 'good.ts': GOOD, 'scripts/more.mjs': 'export default 1;\n' };
    const first = check(repo('b', files), record);
    expect(first.status, first.stderr).toBe(0);
    const kept = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
    expect(Object.keys(kept).sort()).toEqual([
      'good.ts',
      'scripts/format-check.mjs',
      'scripts/git-files.mjs',
      'scripts/more.mjs',
    ]);
    const again = check(repo('c', files), record);
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(readFileSync(record, 'utf8'))).toEqual(kept);
    // A changed file is checked again, whatever the record says of its path.
    writeFileSync(join(top, 'c', 'good.ts'), 'export const a  = 1\n');
    expect(check(join(top, 'c'), record).stderr).toContain('[warn] good.ts');
  });

  it('a link git sees is not read: a link named like a source file that points at a folder is no error', () => {
    const dir = repo('d', { 'good.ts': GOOD });
    symlinkSync(mkdtempSync(join(top, 'elsewhere-')), join(dir, 'linked.ts'));
    const r = check(dir, join(top, 'r3.json'));
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(top, 'r3.json'), 'utf8')) as object)).not.toContain('linked.ts');
  });
});
