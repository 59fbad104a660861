// Each cgroup path's figures (CPU, peak memory) for a few programs, against /usr/bin/time of a bare
// run of the same program in the same run: root on cgroup v1 and a user without a cgroup here, root
// on cgroup v2 and a user in a delegated v2 subtree in the VM (when it can boot; SIMCOACH_BENCH_VM=0
// leaves it out: it takes minutes under emulation, where CPU figures are ~40× the host's).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unprivilegedAccount } from '../test/helpers/unprivileged.js';
import { hostColumn, hostUserColumn, tableCache, vmColumns, vmMissing, type Column } from '../test/vm/harness.js';
import { ROWS, type Row } from '../test/vm/rows.js';

const IDS = ['right', 'table4mb', 'touch70-at-64', 'hog64-py-at-64', 'java-heap-under'];

/** /usr/bin/time of a bare run of a row's program: CPU ms and max RSS in kB. */
function bare(row: Row, dir: string): { cpuMs: number; rssKb: number } | null {
  const source = typeof row.source === 'string' ? row.source : row.source(row.timeMs);
  let cmd: string[];
  if (row.lang === 'cpp') {
    writeFileSync(join(dir, `${row.id}.cpp`), source);
    execFileSync('g++', ['-std=gnu++17', '-O2', '-pipe', '-o', join(dir, row.id), join(dir, `${row.id}.cpp`)]);
    cmd = [join(dir, row.id)];
  } else if (row.lang === 'python') {
    writeFileSync(join(dir, `${row.id}.py`), source);
    cmd = ['python3', join(dir, `${row.id}.py`)];
  } else if (row.lang === 'java') {
    const d = join(dir, row.id);
    execFileSync('mkdir', ['-p', d]);
    writeFileSync(join(d, 'Main.java'), source);
    execFileSync('javac', ['-encoding', 'UTF-8', '-d', d, join(d, 'Main.java')]);
    cmd = ['java', `-Xmx${row.memoryMb}m`, '-Xss64m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-cp', d, 'Main'];
  } else {
    return null;
  }
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S %M', ...cmd], { input: '1 2\n', encoding: 'utf8' });
  const [u, s, m] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return Number.isFinite(m) ? { cpuMs: Math.round((u! + s!) * 1000), rssKb: m! } : null;
}

export async function run(): Promise<void> {
  const rows = ROWS.filter((r) => IDS.includes(r.id));
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-bench-paths-'));
  const cache = tableCache();
  try {
    const columns: [string, Column][] = [];
    columns.push([
      process.getuid?.() === 0 ? 'root (this machine)' : 'you (this machine)',
      await hostColumn(cache.dir, IDS),
    ]);
    const account = unprivilegedAccount();
    if (account) columns.push(['user (this machine)', await hostUserColumn(cache.dir, cache.dist, IDS, account)]);
    const missing = vmMissing();
    if (process.env.SIMCOACH_BENCH_VM !== '0' && !missing && process.getuid?.() === 0) {
      const vmIds = IDS.filter((id) => !id.startsWith('java'));
      const vm = await vmColumns(cache.top, vmIds, vmIds, 30);
      columns.push(
        ['root v2 (VM, CPU ×~40)', vm.root],
        ['user v2 delegated (VM)', vm.user],
        ['user v2 undelegated (VM)', vm.undelegated],
        ['user v2 scope (VM)', vm.scope],
      );
    } else {
      process.stdout.write(
        `  (no VM columns: ${missing ?? (process.getuid?.() !== 0 ? 'not root' : 'SIMCOACH_BENCH_VM=0')})\n`,
      );
    }
    process.stdout.write(
      '\ncgroup paths: CPU ms and peak MB of each path against /usr/bin/time of a bare run (max RSS), same run\n',
    );
    for (const [name, c] of columns) process.stdout.write(`  ${name}: ${c.path.path} — ${c.path.describe}\n`);
    for (const row of rows) {
      const b = bare(row, dir);
      const cells = columns.map(([name, c]) => {
        const x = c.rows.get(row.id);
        return x
          ? `${name.split(' (')[0]} ${x.verdict} ${x.cpuMs} ms ${x.approx ? '~' : ''}${(x.peakKb / 1024).toFixed(1)} MB`
          : `${name.split(' (')[0]} -`;
      });
      process.stdout.write(
        `  ${row.id.padEnd(18)} bare ${b ? `${b.cpuMs} ms ${(b.rssKb / 1024).toFixed(1)} MB` : '-'} | ${cells.join(' | ')}\n`,
      );
    }
  } finally {
    cache.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
