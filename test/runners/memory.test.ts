// The judge keeps a prefix of each test's output, never the whole of it: measured on the real
// CLI in a child process, as a person runs it.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureFeedback } from '../../src/runners/judge/feedback.js';
import { judge, KEEP_OUTPUT_BYTES } from '../../src/runners/judge/judge.js';
import { cliEnv } from '../cli/helpers.js';
import { isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-memory-');

// Loaded before the CLI: reports the process's peak resident memory as it exits.
const PEAK = `import { readFileSync, writeSync } from 'node:fs';
process.on('exit', () => writeSync(2, '\\nPEAK_KB ' + /VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1] + '\\n'));
`;

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', join(dir, 'peak.mjs'), 'dist/cli.js', ...args], {
    env: cliEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('judge memory', () => {
  it('a test keeps the start of its output and how much was printed, and the feedback says so', async () => {
    const restore = isolateCache();
    try {
      const r = await judge({ lang: 'python', source: 'print("x" * (1 << 20))\n' }, [{ input: '', outputs: ['y'] }]);
      const t = r.tests[0]!;
      expect(t.verdict).toBe('WA');
      expect(t.actual.length).toBe(KEEP_OUTPUT_BYTES);
      expect(t.outputBytes).toBe((1 << 20) + 1);
      expect(failureFeedback(r, 50)).toContain(`Your output:\n${'x'.repeat(50)}\n… (1048577 bytes printed in all)`);
    } finally {
      await restore();
    }
  });

  it('60 MiB of output on each of 23 tests stays under 200 MB of simcoach RSS', async () => {
    writeFileSync(join(dir, 'peak.mjs'), PEAK);
    const line = `${'1 '.repeat(1024)}\n`;
    // Each test accepts the first line only: the comparison must read on past it to say where the output went wrong.
    const tests = Array.from({ length: 23 }, (_, i) => ({ input: `${i}\n`, output: line }));
    writeFileSync(
      join(dir, 'big.json'),
      JSON.stringify({ name: 'Big output', tests, timeLimit: 5000, memoryLimit: 256 }),
    );
    writeFileSync(
      join(dir, 'big.py'),
      'import sys\nline = "1 " * 1024 + "\\n"\nsys.stdout.write(line * (60 * 1024 * 1024 // len(line)))\n',
    );
    const r = await run(['test', join(dir, 'big.py'), '--problem', join(dir, 'big.json'), '--json']);
    const peakKb = Number(/PEAK_KB (\d+)/.exec(r.stderr)?.[1]);
    console.log(`simcoach peak RSS for 23 tests x 60 MiB of output: ${(peakKb / 1024).toFixed(1)} MiB`);
    const out = JSON.parse(r.stdout) as { total: number; tests: { verdict: string; detail?: string }[] };
    expect(out.total).toBe(23);
    expect(out.tests.map((t) => t.verdict)).toEqual(Array(23).fill('WA'));
    expect(out.tests[0]!.detail).toBe('extra output at line 2: "1" (token 1025)');
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(200 * 1000);
  }, 300_000);
});
