// The precompiled <bits/stdc++.h>: the compile CPU of a file that includes it, with the header
// read whole (today's baseline, measured in the same run) and with the .gch, alternating so a
// burst of someone else's load lands on both sides. Goal: ≤ 25% of the baseline. Then `watch`'s
// save→verdict for such a file with the header warm, through the built CLI (goal ≤ 1 s on a quiet
// machine): the time from a save to the end of its verdict, with the load it was measured under.
import { spawn, spawnSync } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pchDir, precompiledHeader } from '../src/runners/build/pch.js';
import { toolchainOf } from '../src/runners/languages/toolchains.js';
import { median } from './stats.js';

const SOURCE =
  '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';
const ROUNDS = 3;

/** CPU seconds (user + system) of one compile, through /usr/bin/time. */
function compileCpu(tool: string, args: string[]): number {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', tool, ...args], { encoding: 'utf8' });
  const [u, s] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return (u ?? NaN) + (s ?? NaN);
}

/** The program a save writes: another answer line each time, so every save is a real compile. */
const saved = (k: number): string => SOURCE.replace('cout << a + b', `cout << (a + b) * ${k} / ${k}`);

/**
 * `watch FILE --problem sum-two` in the built CLI, in this process's build cache (the header is
 * warm there): the seconds from each save to the end of its verdict ("save the file to judge it"
 * again), after the first run.
 */
async function watchFigure(dir: string): Promise<void> {
  const file = join(dir, 'watched.cpp');
  writeFileSync(file, saved(1));
  const child = spawn(
    process.execPath,
    [join(process.cwd(), 'dist', 'cli.js'), 'watch', file, '--problem', 'sum-two'],
    { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let out = '';
  let waiting: (() => void) | undefined;
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
    waiting?.();
  });
  const verdicts = (): number => out.split('save the file to judge it').length - 1;
  const until = (n: number): Promise<void> =>
    new Promise((done) => {
      waiting = () => verdicts() >= n && done();
      waiting();
    });
  try {
    await until(2);
    const times: number[] = [];
    const loads: number[] = [];
    for (let k = 2; k < 2 + ROUNDS; k++) {
      loads.push(loadavg()[0]!);
      const t0 = performance.now();
      writeFileSync(file, saved(k));
      await until(k + 1);
      times.push((performance.now() - t0) / 1000);
    }
    process.stdout.write(
      `watch save→verdict, a C++ file including bits/stdc++.h, the header warm: ${median(times).toFixed(2)} s ` +
        `(median of ${ROUNDS}: ${times.map((x) => x.toFixed(2)).join(', ')}; goal ≤ 1 s on a quiet machine; load ${median(loads).toFixed(1)} on ${cpus().length} cores)\n`,
    );
  } finally {
    child.kill('SIGINT');
  }
}

export async function run(): Promise<void> {
  const chain = await toolchainOf('cpp');
  if (!chain.ok || !existsSync('/usr/bin/time')) {
    process.stdout.write(`\nprecompiled bits/stdc++.h: skipped (${chain.ok ? 'no /usr/bin/time' : chain.error})\n`);
    return;
  }
  const t = chain.toolchain;
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-bench-pch-'));
  try {
    const src = join(dir, 'main.cpp');
    writeFileSync(src, SOURCE);
    await precompiledHeader(t);
    const gch = join(pchDir(t), 'bits', 'stdc++.h.gch');
    for (let i = 0; i < 600 && !existsSync(gch); i++) await new Promise((r) => setTimeout(r, 200));
    const out = ['-o', join(dir, 'main'), src];
    const plain: number[] = [];
    const pch: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      plain.push(compileCpu(t.tool, [...t.flags, ...out]));
      pch.push(compileCpu(t.tool, ['-I', pchDir(t), ...t.flags, ...out]));
    }
    const [p, q] = [median(plain), median(pch)];
    process.stdout.write(
      `\nprecompiled bits/stdc++.h (${t.flags.join(' ')}): compile CPU ${p.toFixed(2)} s with the header read whole, ` +
        `${q.toFixed(2)} s with the .gch: ${((100 * q) / p).toFixed(0)}% (goal ≤ 25%; median of ${ROUNDS})\n`,
    );
    await watchFigure(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
