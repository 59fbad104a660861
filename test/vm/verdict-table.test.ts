// Issue 32's verdict table: every row one verdict in every column, the real judge's. Columns: root
// on cgroup v1 and a normal user without a cgroup (this machine), root on cgroup v2, a user in a
// delegated v2 subtree, one whose cgroup is not delegated (the launcher samples) and the same with a
// systemd user manager (a scope systemd-run delegates: issue 47) — a VM, one boot: test/vm/harness.ts.
// Root on v2 leaves nothing outside its subtree. The rows of memfd, SysV shm, sockets and processes are RE on every path: the
// launcher's seccomp policy refuses them everywhere, so one program gets one verdict.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprivilegedAccount } from '../helpers/unprivileged.js';
import {
  hostColumn,
  hostUserColumn,
  tableCache,
  vmColumns,
  vmCost,
  vmMissing,
  type Column,
  type VmColumns,
} from './harness.js';
import { ROWS } from './rows.js';

const root = process.getuid?.() === 0;
const missing = vmMissing();
/** The VM's CPU is emulated: its CPU limits are this many times the host's (memory limits are not scaled). */
const SCALE = 30;
// The VM runs few programs: one boot takes minutes under emulation. The Java rows run on the host
// only (the JVM and javac take minutes there).
const VM_ROWS = ROWS.filter((r) => r.lang !== 'java').map((r) => r.id);
/** The scope's column: a few rows, enough to show its groups measure (the other v2 columns run them all). */
const SCOPE_ROWS = ['right', 'touch70-at-64', 'table4mb', 'shared-anon-and-tmp', 'reaped-children-tle'];
const VM_COLUMNS: Record<string, string[]> = {
  'root v2': VM_ROWS,
  'user v2 delegated': VM_ROWS,
  'user v2 undelegated': VM_ROWS,
  'user v2 scope': SCOPE_ROWS,
};
const v1Host = root && spawnSync('test', ['-e', '/sys/fs/cgroup/memory/tasks']).status === 0;

const columns = new Map<string, Column>();
let vm: VmColumns | null = null;
let cache: ReturnType<typeof tableCache>;

describe.skipIf(!root)('the verdict table on every cgroup path', { timeout: 60 * 60_000 }, () => {
  beforeAll(async () => {
    cache = tableCache();
    // Root's run first: it compiles every program into the cache the others read.
    const rootCol = await hostColumn(
      cache.dir,
      ROWS.map((r) => r.id),
    );
    if (v1Host) columns.set('root v1', rootCol);
    // The VM boots while the user's column runs here: it needs only the cache root's run filled, and
    // the user's run works on a copy of its own (made before either starts).
    const [userCol, vmCols] = await Promise.all([
      hostUserColumn(
        cache.dir,
        cache.dist,
        ROWS.map((r) => r.id),
        unprivilegedAccount()!,
      ),
      missing ? null : vmColumns(cache.top, VM_ROWS, SCOPE_ROWS, SCALE),
    ]);
    columns.set('user, no cgroup', userCol);
    if (vmCols) {
      vm = vmCols;
      columns.set('root v2', vm.root);
      columns.set('user v2 delegated', vm.user);
      columns.set('user v2 undelegated', vm.undelegated);
      columns.set('user v2 scope', vm.scope);
    }
    const table = ROWS.map(
      (r) =>
        `${r.id.padEnd(22)} ${[...columns]
          .map(([name, c]) => {
            const x = c.rows.get(r.id);
            return `${name}: ${x ? `${x.verdict} ${x.approx ? '~' : ''}${(x.peakKb / 1024).toFixed(1)} MB ${x.cpuMs} ms` : '-'}`;
          })
          .join(' | ')}`,
    );
    process.stdout.write(
      `verdict table (expected: ${ROWS.map((r) => `${r.id}=${r.expect}`).join(' ')}):\n${table.join('\n')}\n`,
    );
    if (vm)
      process.stdout.write(
        vmCost(vm, {
          'root v2': vm.root,
          'user v2 delegated': vm.user,
          'user v2 undelegated': vm.undelegated,
          'user v2 scope': vm.scope,
        }),
      );
  }, 60 * 60_000);
  afterAll(() => cache?.cleanup());

  it('each column is on the path it names', () => {
    if (v1Host) expect(columns.get('root v1')!.path.path).toBe('v1');
    expect(columns.get('user, no cgroup')!.path.path, columns.get('user, no cgroup')!.stderr).toBe('launcher');
    if (vm) {
      expect(vm.root.path.path, vm.raw.slice(0, 3000)).toBe('v2-root');
      expect(vm.user.path.path, vm.raw.slice(-2000)).toBe('v2-delegated');
      // doctor's words for each: what the path measures.
      expect(vm.root.path.measuring).toMatch(/memory\.peak/);
      expect(vm.user.path.describe).toMatch(/cgroup v2, the subtree delegated to you/);
      expect(vm.undelegated.path.path, vm.raw.slice(-2000)).toBe('launcher');
      expect(vm.undelegated.path.why).toMatch(/is not delegated to you/);
      expect(vm.scope.path.path, vm.raw.slice(-3000)).toBe('v2-scope');
      expect(vm.scope.path.describe).toMatch(/a scope systemd-run delegated to you/);
    }
  });

  it.skipIf(!!missing)(
    `root on cgroup v2 leaves nothing outside its subtree${missing ? ` (skipped: ${missing})` : ''}`,
    () => {
      expect(vm!.outside).toEqual([]);
    },
  );

  for (const row of ROWS) {
    it(`${row.id}: ${row.expect} in every column`, () => {
      for (const [name, c] of columns) {
        const got = c.rows.get(row.id);
        if (!got && VM_COLUMNS[name] && !VM_COLUMNS[name]!.includes(row.id)) continue;
        expect(got?.verdict, `${name}: ${JSON.stringify(got)} ${c.stderr.slice(-500)}`).toBe(row.expect);
      }
    });
  }

  it('the figures agree across the columns: a 4 MB initialised table and a right program within a few MB', () => {
    for (const id of ['right', 'table4mb']) {
      const peaks = [...columns]
        .filter(([, c]) => c.rows.has(id))
        .map(([name, c]) => [name, c.rows.get(id)?.peakKb ?? 0] as const);
      const kb = peaks.map(([, p]) => p);
      expect(Math.max(...kb) - Math.min(...kb), `${id}: ${JSON.stringify(peaks)}`).toBeLessThan(4 * 1024);
    }
    // The table's pages count: its figure is at least the 4 MB it reads.
    for (const [name, c] of columns) expect(c.rows.get('table4mb')?.peakKb ?? 0, name).toBeGreaterThan(4 * 1024);
  });
});
