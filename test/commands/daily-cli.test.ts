// The judge as cph, CP Editor and oj users expect it, through the built CLI (dist/cli.js) in real
// processes with real g++ and python3 in the sandbox: a compile error names the person's file, a
// folder of 1.in/1.out and a.in/a.ans pairs is a problem, `--input` alone runs the program and
// shows its output, and `config template cpp` is the person's own template that practice starts from.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, cliEnv } from '../cli/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const work = (): string => tempDir('simcoach-dailycli-');

describe('the judge for daily use', () => {
  it("a compile error names the person's file (a.cpp:3:11), not the sandbox's main.cpp, in test and run", async () => {
    const dir = work();
    const a = join(dir, 'a.cpp');
    writeFileSync(a, '#include <cstdio>\nint main() {\n  int x = ;\n}\n');
    const t = await cli(['test', a, '--problem', 'sum-two'], cliEnv({ NO_COLOR: '1' }));
    expect(t.stdout).toContain(`${a}:3:11: error`);
    expect(t.stdout).not.toContain('main.cpp');
    writeFileSync(join(dir, 'in.txt'), '1 2\n');
    const r = await cli(['run', a, '--input', join(dir, 'in.txt')], cliEnv({ NO_COLOR: '1' }));
    expect(r.stderr).toContain(`${a}:3:11: error`);
    expect(r.stderr).not.toContain('main.cpp');
  });

  it('test --problem DIR judges a folder of 1.in/1.out and a.in/a.ans pairs; --input alone runs and shows the output', async () => {
    const dir = work();
    const tests = join(dir, 'tests');
    mkdirSync(tests);
    writeFileSync(join(tests, '1.in'), '1 2\n');
    writeFileSync(join(tests, '1.out'), '3\n');
    writeFileSync(join(tests, 'a.in'), '2 2\n');
    writeFileSync(join(tests, 'a.ans'), '4\n');
    const sol = join(dir, 'p.py');
    writeFileSync(sol, 'a, b = map(int, input().split())\nprint(a + b if a != b else 0)\n');
    const t = await cli(['test', sol, '--problem', tests], cliEnv({ NO_COLOR: '1' }));
    expect(t.stdout).toMatch(/^1\s+AC/m);
    expect(t.stdout).toMatch(/^a\s+WA\s.*expected "4", got "0"/m);
    expect(t.stdout).toMatch(/input\n2 2\nexpected\s+got\n4\s+≠ 0/);
    expect(t.code).toBe(1);

    writeFileSync(join(dir, 'in.txt'), '5 7\n');
    const r = await cli(
      ['test', sol, '--problem', 'sum-two', '--input', join(dir, 'in.txt')],
      cliEnv({ NO_COLOR: '1' }),
    );
    expect(r.stdout).toBe('12\n');
    expect(r.stderr).toMatch(/ran · \d+ ms/);
    expect(r.code).toBe(0);
  });

  it("config template cpp opens the person's template in $EDITOR; practice --file NEW.cpp starts from it", async () => {
    const env = cliEnv({ NO_COLOR: '1' });
    const dir = work();
    const editor = join(dir, 'editor.sh');
    writeFileSync(editor, `#!/bin/sh\necho '// my template' > "$1"\n`);
    chmodSync(editor, 0o755);
    const r = await cli(['config', 'template', 'cpp'], { ...env, EDITOR: editor });
    expect(r.code, r.stderr).toBe(0);
    const file = join(env.XDG_CONFIG_HOME!, 'simcoach', 'templates', 'solution.cpp');
    expect(r.stderr).toContain(`your cpp template: ${file}`);
    expect(readFileSync(file, 'utf8')).toBe('// my template\n');
    const { templateOf } = await import('../../src/app/ownFile.js');
    const before = process.env.XDG_CONFIG_HOME;
    process.env.XDG_CONFIG_HOME = env.XDG_CONFIG_HOME;
    try {
      expect(await templateOf('cpp')).toBe('// my template\n');
      // Another language keeps the built-in one.
      expect(await templateOf('python')).not.toBe('// my template\n');
    } finally {
      if (before === undefined) delete process.env.XDG_CONFIG_HOME;
      else process.env.XDG_CONFIG_HOME = before;
    }
  });
});
