// `watch` at 80×24 in a real terminal (tmux), the built app (dist/cli.js), real python3 in the
// sandbox: a failure is a short card (verdict, the first differing line with a line either side,
// the input's head and size), so a time-out's verdict stays on screen however long its test; `d`
// prints the whole difference; --eps judges a float answer as `test` does.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, launchCli, tmuxTerminal } from './terminal.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('watchcard', 'watchcard');
const { keys, until } = term;
afterAll(() => term.close());

/** A problem whose one sample has 22 input lines and 40 output lines (each doubled), limit 1 s. */
function doubles(): { dir: string; problem: string } {
  const dir = tempDir('simcoach-card-');
  const input = Array.from({ length: 22 }, (_, i) => `${i + 1}\n`).join('');
  const output = Array.from({ length: 40 }, (_, i) => `${2 * (i + 1)}\n`).join('');
  writeFileSync(
    join(dir, 'doubles.md'),
    `---\ntitle: Doubles\ntime_limit: 1s\n---\n# Doubles\n\n## Examples\n\n\`\`\`input\n${input}\`\`\`\n\n\`\`\`output\n${output}\`\`\`\n`,
  );
  return { dir, problem: join(dir, 'doubles.md') };
}

describe.skipIf(!HAS_TMUX)('watch shows a failure as a short card', () => {
  it("a time-out at 80×24: the verdict, the input's head and size stay on screen", async () => {
    const { dir, problem } = doubles();
    writeFileSync(join(dir, 'slow.py'), 'while True:\n    pass\n');
    launchCli(term, { session: 'tle', args: ['watch', 'slow.py', '--problem', problem], cols: 80, rows: 24, cwd: dir });
    const s = await until(/samples 0\/1[\s\S]*q quits\s*$/, 'the judgement');
    expect(s).toMatch(/sample-1 fails \(TLE\)/);
    expect(s).toMatch(/input · 22 lines, 57 bytes\n {2}1\n {2}2\n {2}3\n {2}… 19 more lines/);
    // The header of the run is still there: nothing scrolled away.
    expect(s).toMatch(/── run 1 ·/);
    keys('q');
    await until(/exit=0/, 'q to quit');
  });

  it('a wrong answer on line 30 of 40: that line with its neighbours; d prints the whole difference', async () => {
    const { dir, problem } = doubles();
    writeFileSync(join(dir, 'wa.py'), 'for i in range(1, 41):\n    print(2 * i if i != 30 else 0)\n');
    launchCli(term, { session: 'wa', args: ['watch', 'wa.py', '--problem', problem], cols: 80, rows: 24, cwd: dir });
    const s = await until(/samples 0\/1[\s\S]*q quits\s*$/, 'the judgement');
    expect(s).toMatch(/expected · line 30 of 40\s+got · 40 lines\n58\s+│ 58\n60\s+≠ 0\n62\s+│ 62/);
    expect(s).not.toMatch(/^2\s+│ 2$/m);
    // The question needs a gate: the card ends with the command that opens check's debugger on the file.
    expect(s.replace(/\n/g, '')).toContain(
      `predict, then see: simcoach check wa.py --problem ${problem} --tutor, then v`,
    );
    keys('d');
    // Line 27 is not on the card; the whole difference has it.
    const whole = await until(/54\s+│ 54[\s\S]*60\s+≠ 0/, 'the whole difference');
    expect(whole).toMatch(/80\s+│ 80/);
    keys('q');
    await until(/exit=0/, 'q to quit');
  });

  it('--eps: 1.000000 against 1.00000000 is accepted with float comparison (WA without it)', async () => {
    const dir = tempDir('simcoach-card-');
    writeFileSync(
      join(dir, 'one.md'),
      '---\ntitle: One\n---\n# One\n\n## Examples\n\n```input\n1\n```\n\n```output\n1.00000000\n```\n',
    );
    writeFileSync(join(dir, 'one.py'), 'input()\nprint("%.6f" % 1)\n');
    launchCli(term, {
      session: 'eps',
      args: ['watch', 'one.py', '--problem', join(dir, 'one.md'), '--eps', '1e-6'],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    await until(/Accepted — 1\/1 samples/, 'accepted with --eps');
    keys('q');
    await until(/exit=0/, 'q to quit');
    launchCli(term, {
      session: 'exact',
      args: ['watch', 'one.py', '--problem', join(dir, 'one.md')],
      cols: 80,
      rows: 24,
      cwd: dir,
    });
    await until(/sample-1 fails \(WA\)/, 'WA with tokens');
    keys('q');
    await until(/exit=0/, 'q to quit');
  });
});
