// The verdict table's columns: the judge run (dist/verdict-table.js, see runner.ts) on each path.
// The host gives root on cgroup v1 and a normal user without a cgroup; a cgroup v2 virtual machine
// (../shared/tools/vm/run.sh: Debian's kernel under software emulation, this machine's root file
// system read-only with a tmpfs overlay) gives root on v2 and a user in a delegated v2 subtree,
// both from one boot (test/vm/inside.sh). The host's root run compiles every program into a cache
// the VM then reads, so no compiler runs under emulation (~40× slower than here).
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RowResult } from './rows.js';

// The checkout: the tests and `npm run bench` run from it (the bench is bundled into dist/).
const ROOT = process.cwd();
/** The shared VM tool, beside the checkout (../shared) or at its fixed place on the project's machines. */
export const VM_RUN =
  [
    join(ROOT, '..', 'shared', 'tools', 'vm', 'run.sh'),
    join(ROOT, '..', '..', 'shared', 'tools', 'vm', 'run.sh'),
    '/work/shared/tools/vm/run.sh',
  ].find((p) => existsSync(p)) ?? null;

/** Why the VM cannot boot here (null: it can): its tool, qemu, a kernel and busybox. */
export function vmMissing(): string | null {
  if (!VM_RUN) return 'no VM tool (../shared/tools/vm/run.sh)';
  if (spawnSync('sh', ['-c', 'command -v qemu-system-x86_64']).status !== 0)
    return 'qemu-system-x86_64 is not installed (apt-get install qemu-system-x86)';
  if (!existsSync('/boot') || !readdirSync('/boot').some((f) => f.startsWith('vmlinuz-')))
    return 'no kernel in /boot (apt-get install linux-image-amd64)';
  if (!existsSync('/bin/busybox')) return 'no /bin/busybox (apt-get install busybox-static)';
  return null;
}

export interface Column {
  /** The runner's first line: the path in use and what it measures. */
  path: { path: string; why: string | null; describe: string; measuring: string; readyMs?: number };
  rows: Map<string, RowResult>;
  /** What the runner wrote besides its lines (its failure, when it failed). */
  stderr: string;
}

function parseColumn(text: string, stderr = ''): Column {
  const lines = text
    .split('\n')
    .filter((l) => l.includes('{"'))
    .map((l) => l.slice(l.indexOf('{"')));
  const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const rows = new Map<string, RowResult>();
  for (const p of parsed.slice(1)) rows.set(String(p.id), p as unknown as RowResult);
  return {
    path: (parsed[0] ?? { path: 'none', why: 'no output', describe: '', measuring: '' }) as Column['path'],
    rows,
    stderr,
  };
}

/** A command's output, whatever its status (the column says what failed); execa is loaded on the first run. */
async function run(
  argv: string[],
  env: Record<string, string>,
  cwd: string,
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  const { execa } = await import('execa');
  const r = await execa(argv[0]!, argv.slice(1), {
    cwd,
    env: { CI: '0', ...env },
    maxBuffer: 16 << 20,
    timeout: timeoutMs,
    reject: false,
    stripFinalNewline: false,
  });
  return { stdout: r.stdout, stderr: r.stderr };
}

/**
 * A place for the table's runs in the temp dir, readable by everyone: the cache, and a copy of dist/
 * (a checkout in a 0700 folder is not the test account's to read). The VM sees it where it is
 * (`seeing`). Removed by `cleanup`.
 */
export function tableCache(): { top: string; dir: string; dist: string; cleanup(): void } {
  const top = mkdtempSync(join(tmpdir(), 'simcoach-table-'));
  chmodSync(top, 0o755);
  const dist = join(top, 'dist');
  cpSync(join(ROOT, 'dist'), dist, { recursive: true });
  spawnSync('chmod', ['-R', 'a+rX', dist]);
  return { top, dir: join(top, 'cache'), dist, cleanup: () => rmSync(top, { recursive: true, force: true }) };
}

/** The runner on this machine, as we are (root: the v1 column, and it fills the cache). */
export async function hostColumn(cache: string, rows: string[], env: Record<string, string> = {}): Promise<Column> {
  const r = await run(
    [process.execPath, join(ROOT, 'dist', 'verdict-table.js'), ...rows],
    { XDG_CACHE_HOME: cache, ...env },
    ROOT,
    20 * 60_000,
  );
  spawnSync('chmod', ['-R', 'a+rX', cache]);
  return parseColumn(r.stdout, r.stderr);
}

/** The runner as the unprivileged account (setpriv), on a copy of the cache of its own. */
export async function hostUserColumn(
  cache: string,
  dist: string,
  rows: string[],
  account: { uid: number; gid: number },
): Promise<Column> {
  const own = `${cache}-user`;
  cpSync(cache, own, { recursive: true });
  spawnSync('chown', ['-R', `${account.uid}:${account.gid}`, own]);
  const argv = [
    'setpriv',
    `--reuid=${account.uid}`,
    `--regid=${account.gid}`,
    '--init-groups',
    '--',
    process.execPath,
    join(dist, 'verdict-table.js'),
    ...rows,
  ];
  const r = await run(argv, { XDG_CACHE_HOME: own, HOME: own }, '/', 20 * 60_000);
  return parseColumn(r.stdout, r.stderr);
}

export interface VmColumns {
  root: Column;
  user: Column;
  /** The user from a login whose cgroup is root's, with no systemd user manager: the launcher samples. */
  undelegated: Column;
  /** The same, with a user manager: the runner starts again in a scope systemd-run delegates. */
  scope: Column;
  /** What changed outside simcoach's subtree in the v2 root during root's runs (nothing may). */
  outside: string[];
  /** Seconds since the VM's boot at each step of test/vm/inside.sh ("NAME SECONDS"). */
  timing: string[];
  raw: string;
}

/** Where the VM's time went: each step's seconds, then each row's wall and busy CPU in each column. */
export function vmCost(vm: VmColumns, names: Record<string, Column>): string {
  let last = 0;
  const steps = vm.timing.map((l) => {
    const [name, at] = l.split(' ');
    const s = `${name} ${(Number(at) - last).toFixed(1)}s`;
    last = Number(at);
    return s;
  });
  const cols = Object.entries(names).map(
    ([name, c]) =>
      `  ${name}: node ready ${((c.path.readyMs ?? 0) / 1000).toFixed(1)}s; ` +
      [...c.rows.values()]
        .map((r) => `${r.id} ${((r.wallMs ?? 0) / 1000).toFixed(1)}/${((r.busyMs ?? 0) / 1000).toFixed(1)}s`)
        .join(', '),
  );
  return `VM cost (steps since boot; rows wall/busy CPU): ${steps.join(', ')}\n${cols.join('\n')}\n`;
}

const quote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A command that first makes the VM see `paths` where they are on this machine, then runs `cmd` in
 * the checkout. The VM mounts its own /tmp, /run and /dev/shm over the host's (../shared/tools/vm/run.sh),
 * so a checkout or a temp dir there would be missing: each is bound in from a view of the root file
 * system (the host's, under the VM's overlay) without those mounts.
 */
export function seeing(paths: string[], cmd: string): string {
  const binds = paths.map((p) => `mkdir -p ${quote(p)} && mount --bind ${quote(`/run/host-root${p}`)} ${quote(p)}`);
  return ['mkdir -p /run/host-root', 'mount --bind / /run/host-root', ...binds, `cd ${quote(ROOT)}`, cmd].join(' && ');
}

/** One boot: root's v2 column, then the user's: delegated, not delegated, through a systemd-run scope (test/vm/inside.sh). */
async function boot(top: string, rows: string[], scopeRows: string[], scale: number): Promise<VmColumns> {
  const cmd = seeing(
    [ROOT, top],
    `SCALE=${scale} SCOPE_ROWS=${quote(scopeRows.join(' '))} bash test/vm/inside.sh ${quote(join(top, 'cache'))} ${quote(join(top, 'dist'))} ${rows.join(' ')}`,
  );
  // One vCPU: the runs inside go one at a time, and a second emulated CPU only added its own
  // upkeep (alone, Dec 2026: 61 s of host CPU for 38 s with two, 43 s for 42 s with one).
  const r = await run([VM_RUN!, '-m', '2048', '-c', '1', cmd], {}, ROOT, 40 * 60_000);
  const raw = r.stdout + r.stderr;
  const sections = new Map<string, string[]>();
  let current: string[] | null = null;
  // The serial console may put its own bytes (a carriage return, a reset from boot) on the line of
  // the first header, so a header is found at a line's end, not only alone on its line.
  for (const line of r.stdout.replace(/\r/g, '').split('\n')) {
    const head = /=== ([\w-]+)\s*$/.exec(line);
    if (head) sections.set(head[1]!, (current = []));
    else current?.push(line);
  }
  const section = (name: string): string => (sections.get(name) ?? []).join('\n');
  // What a runner wrote besides its JSON lines (its failure) is on the same console.
  const column = (name: string): Column =>
    parseColumn(
      section(name),
      section(name)
        .split('\n')
        .filter((l) => !l.includes('{"'))
        .join('\n') || raw.slice(0, 2000),
    );
  return {
    root: column('root-v2'),
    user: column('user-v2'),
    undelegated: column('user-v2-undelegated'),
    scope: column('user-v2-scope'),
    outside: section('outside')
      .split('\n')
      .filter((l) => l.trim()),
    timing: section('timing')
      .split('\n')
      .filter((l) => /^[\w-]+ [\d.]+$/.test(l.trim()))
      .map((l) => l.trim()),
    raw,
  };
}

/**
 * The v2 columns. In the full suite a boot has come back with a column empty (no line at all from
 * its runner) where a boot alone, even under load, never did: such a boot is told on stderr, whole,
 * and the VM boots once more. A column that is empty twice fails the table.
 */
export async function vmColumns(top: string, rows: string[], scopeRows: string[], scale: number): Promise<VmColumns> {
  const first = await boot(top, rows, scopeRows, scale);
  if ([first.root, first.user, first.undelegated, first.scope].every((c) => c.path.path !== 'none')) return first;
  process.stderr.write(`verdict table: a VM boot gave an empty column; booting again. Its output:\n${first.raw}\n`);
  return boot(top, rows, scopeRows, scale);
}
