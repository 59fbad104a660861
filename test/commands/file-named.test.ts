// A program file named by a problem's short id (`cf1917C.py`) needs no --problem (#49): `test`,
// `run`, `watch`, `stress`, `check` and `practice` take the problem the file is named after, in
// any case; a file named after no problem gets the usage error it always got.
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempHome, type Home } from '../session/cli.js';
import { closedPort } from '../helpers/net.js';
import { savedFolder } from '../helpers/companionSaves.js';
import { tempDir } from '../helpers/tempDir.js';

const ROOT = process.cwd();
const SUM = join(ROOT, 'fixtures', 'problems', '_solutions', 'sum-two.py');

/** A home with cf1917C (stdin) and cf1917D (reads sum.in) saved as `listen` saves them, and a work folder. */
function home(): { home: Home; work: string } {
  const h = tempHome();
  savedFolder(
    [
      [1917, 'C'],
      [1917, 'D', { input: { type: 'file', fileName: 'sum.in' } }],
    ],
    join(h.root, 'data', 'simcoach', 'problems'),
  );
  return { home: h, work: tempDir('simcoach-work-') };
}

describe('a file named by a short id', () => {
  it('test, run and check take the problem from the name, in any case', async () => {
    const { home: h, work } = home();
    copyFileSync(SUM, join(work, 'cf1917c.py'));
    const t = await cli(['test', 'cf1917c.py', '--json'], h.env, { cwd: work, timeoutMs: 60_000 });
    expect(t.code, t.stderr).toBe(0);
    expect(JSON.parse(t.stdout)).toMatchObject({ verdict: 'AC', problem: 'cf1917C' });
    // cf1917D reads sum.in: only a run as that problem has the file to read.
    writeFileSync(join(work, 'cf1917D.py'), "a, b = map(int, open('sum.in').read().split())\nprint(a + b)\n");
    const r = await cli(['run', 'cf1917D.py', '--json'], h.env, { cwd: work, input: '4 5\n', timeoutMs: 60_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'OK', output: '9\n' });
    const down = `http://127.0.0.1:${await closedPort()}`;
    const c = await cli(['check', 'cf1917c.py', '--host', down], h.env, { cwd: work, timeoutMs: 60_000 });
    expect(c.code, c.stderr).toBe(0);
    expect(c.stdout).toMatch(/^accepted on every test \(1\/1\)/m);
  }, 120_000);

  it('stress and practice find it too; a file named after no problem keeps the usage error', async () => {
    const { home: h, work } = home();
    copyFileSync(SUM, join(work, 'CF1917C.py'));
    copyFileSync(SUM, join(work, 'brute.py'));
    writeFileSync(join(work, 'gen.py'), 'import sys\nprint(int(sys.argv[-1]) % 7, 3)\n');
    const s = await cli(
      ['stress', 'CF1917C.py', '--brute', 'brute.py', '--gen', 'gen.py', '--rounds', '3', '--json'],
      h.env,
      { cwd: work, timeoutMs: 60_000 },
    );
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout)).toMatchObject({ problem: 'cf1917C' });
    // No terminal here: practice gets as far as wanting one, so the problem was found.
    const p = await cli(['practice', '--file', 'CF1917C.py'], h.env, { cwd: work, timeoutMs: 60_000 });
    expect(p.stderr).toMatch(/^simcoach: practice needs a terminal/);
    copyFileSync(SUM, join(work, 'mine.py'));
    for (const command of ['test', 'watch', 'stress', 'check']) {
      const r = await cli(
        [command, 'mine.py', '--brute', 'brute.py', '--gen', 'gen.py'].slice(0, command === 'stress' ? 6 : 2),
        h.env,
        { cwd: work, timeoutMs: 60_000 },
      );
      expect(r.code, `${command}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim()).toBe(`simcoach: ${command}: --problem PROBLEM is required (see \`simcoach --help\`)`);
    }
    const none = await cli(['practice', '--file', 'mine.py'], h.env, { cwd: work, timeoutMs: 60_000 });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^simcoach: practice takes one problem/);
  }, 120_000);
});
