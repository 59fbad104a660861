// The precompiled <bits/stdc++.h>: the compile CPU of a file that includes it, with the header
// read whole (today's baseline, measured in the same run) and with the .gch, alternating so a
// burst of someone else's load lands on both sides. Goal: ≤ 25% of the baseline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pchDir, precompiledHeader } from '../src/runners/build/pch.js';
import { toolchainOf } from '../src/runners/languages/toolchains.js';

const SOURCE = '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';
const ROUNDS = 3;

/** CPU seconds (user + system) of one compile, through /usr/bin/time. */
function compileCpu(tool: string, args: string[]): number {
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', tool, ...args], { encoding: 'utf8' });
  const [u, s] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return (u ?? NaN) + (s ?? NaN);
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
