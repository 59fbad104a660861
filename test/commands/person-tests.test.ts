// The person's own tests of a built-in problem live in their data dir, never in the install
// folder: `test --add-test` puts one there, `test` runs it next time, `tests P` lists, shows,
// edits ($EDITOR) and removes it, and `stress --save` keeps its find there too. The built CLI
// (dist/cli.js) in real processes, real python3 in the sandbox.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliEnv } from '../cli/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const INSTALL = join(__dirname, '..', '..', 'fixtures', 'problems');

/** Every file under the built-in sum-two with its size and time: the install folder as it stands. */
const installState = (): string[] =>
  [...readdirSync(INSTALL), ...readdirSync(join(INSTALL, 'sum-two')).map((n) => join('sum-two', n))].map((n) => {
    const s = statSync(join(INSTALL, n));
    return `${n} ${s.size} ${s.mtimeMs}`;
  });

describe('your tests of a built-in problem', () => {
  it('go to the data dir, run next time, and are listed, shown, edited and removed by `tests`; the install folder stays untouched', async () => {
    const before = installState();
    const env = cliEnv({ NO_COLOR: '1' });
    const work = tempDir('simcoach-mine-');
    const sol = join(work, 'wrong.py');
    writeFileSync(sol, 'a, b = map(int, input().split())\nprint(a - b)\n');
    writeFileSync(join(work, 'in.txt'), '2 2\n');
    writeFileSync(join(work, 'ans.txt'), '4\n');

    const add = await cli(
      [
        'test',
        sol,
        '--problem',
        'sum-two',
        '--input',
        join(work, 'in.txt'),
        '--expected',
        join(work, 'ans.txt'),
        '--add-test',
      ],
      env,
    );
    expect(add.stderr).toBe('');
    const mine = join(env.XDG_DATA_HOME!, 'simcoach', 'tests', 'sum-two');
    expect(add.stdout).toContain(`added to sum-two as your test: ${join(mine, 'mine-1.in')}`);
    expect(readFileSync(join(mine, 'mine-1.in'), 'utf8')).toBe('2 2\n');
    expect(readFileSync(join(mine, 'mine-1.out'), 'utf8')).toBe('4\n');

    const next = await cli(['test', sol, '--problem', 'sum-two'], env);
    expect(next.stdout).toMatch(/mine-1\s+WA\s.*expected "4", got "0"/);

    const listed = await cli(['tests', 'sum-two'], env);
    expect(listed.stdout).toMatch(/^mine-1\s+2 2$/m);
    expect(listed.stdout).toContain(`1 in ${mine}`);
    const shown = await cli(['tests', 'sum-two', '--show', 'mine-1'], env);
    expect(shown.stdout).toBe(`${join(mine, 'mine-1.in')}\n2 2\n${join(mine, 'mine-1.out')}\n4\n`);

    // $EDITOR changes the input (2 2 → 3 3), then the answer (4 → 6).
    const editor = join(work, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\ncase "$1" in *.in) echo '3 3' > "$1";; *) echo 6 > "$1";; esac\n`);
    chmodSync(editor, 0o755);
    const edited = await cli(['tests', 'sum-two', '--edit', 'mine-1'], { ...env, EDITOR: editor });
    expect(edited.code).toBe(0);
    expect((await cli(['test', sol, '--problem', 'sum-two'], env)).stdout).toMatch(
      /mine-1\s+WA\s.*expected "6", got "0"/,
    );

    const missing = await cli(['tests', 'sum-two', '--remove', 'mine-9'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("sum-two has no test of yours named 'mine-9' (yours: mine-1)");
    const removed = await cli(['tests', 'sum-two', '--remove', 'mine-1'], env);
    expect(removed.stdout).toBe('removed mine-1 from sum-two\n');
    expect(existsSync(join(mine, 'mine-1.in'))).toBe(false);
    expect((await cli(['test', sol, '--problem', 'sum-two'], env)).stdout).not.toContain('mine-1');
    expect((await cli(['tests', 'sum-two'], env)).stdout).toMatch(/^no tests of yours for sum-two yet/);

    expect(installState()).toEqual(before);
  });

  it('stress --save keeps the input it found in the data dir too', async () => {
    const before = installState();
    const env = cliEnv({ NO_COLOR: '1' });
    const work = tempDir('simcoach-mine-');
    writeFileSync(join(work, 'p.py'), 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)\n');
    writeFileSync(join(work, 'brute.py'), 'a, b = map(int, input().split())\nprint(a + b)\n');
    writeFileSync(
      join(work, 'gen.py'),
      'import random, sys\nrandom.seed(int(sys.argv[-1]))\nprint(random.randint(1, 2), random.randint(1, 2))\n',
    );
    const r = await cli(
      [
        'stress',
        join(work, 'p.py'),
        '--problem',
        'sum-two',
        '--brute',
        join(work, 'brute.py'),
        '--gen',
        join(work, 'gen.py'),
        '--save',
      ],
      env,
    );
    const mine = join(env.XDG_DATA_HOME!, 'simcoach', 'tests', 'sum-two');
    expect(readdirSync(mine)).toEqual(['stress-1.in', 'stress-1.out']);
    expect(r.stdout + r.stderr).toContain(join(mine, 'stress-1.in'));
    expect((await cli(['tests', 'sum-two'], env)).stdout).toMatch(/^stress-1\s+/m);
    expect(installState()).toEqual(before);
  });
});
