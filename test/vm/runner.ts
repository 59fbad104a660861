// The verdict table's runner (bundled as dist/verdict-table.js by scripts/build.mjs): judges the
// rows named on the command line (all without any) on this machine's path, one process for all,
// and prints one JSON line for the path, then one per row. The VM harness (test/vm/harness.ts)
// runs it inside the cgroup v2 machine, where a node start costs seconds; the host runs it too.
import { describeIsolation, isolation, measuring } from '../../src/runners/sandbox/capabilities.js';
import { judge } from '../../src/runners/judge/judge.js';
import { restartInScope, scopeWhyNot } from '../../src/runners/sandbox/userScope.js';
import { readFileSync } from 'node:fs';
import { ROWS, type Row, type RowResult } from './rows.js';

/** The machine's busy CPU so far in ms (/proc/stat: all but idle and iowait), every process's: in the VM, the row's cost. */
function busyMs(): number {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const busy = ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!;
  return busy * 10; // USER_HZ is 100 on Linux
}

/** One row judged as the person's judge does it: one test, the row's limits. */
async function judgeRow(row: Row, source: string, timeMs: number): Promise<RowResult> {
  const j = await judge({ lang: row.lang, source }, [{ input: '1 2\n', outputs: ['3'] }], {
    timeLimitMs: timeMs,
    memoryLimitMb: row.memoryMb,
    parallel: 1,
    ...(row.outputMb ? { outputLimitMb: row.outputMb } : {}),
    ...(row.processes ? { allowProcesses: true } : {}),
  });
  const t = j.tests[0];
  return {
    id: row.id,
    verdict: t?.verdict ?? j.verdict,
    ...(t?.detail ? { detail: t.detail } : j.compile ? { detail: j.compile.message.slice(0, 300) } : {}),
    cpuMs: t?.timeMs ?? 0,
    peakKb: t?.memoryKb ?? 0,
    approx: t?.memoryApprox === true,
  };
}

async function main(): Promise<void> {
  // As the CLI does (src/cli.tsx): on cgroup v2 with no delegated cgroup, again in a systemd scope.
  const scoped = await restartInScope();
  if (scoped !== null) process.exit(scoped);
  const wanted = process.argv.slice(2);
  const rows = wanted.length ? ROWS.filter((r) => wanted.includes(r.id)) : ROWS;
  const iso = await isolation();
  const path = iso.cgroup ? (iso.cgroup.version === 1 ? 'v1' : `v2-${iso.cgroup.kind}`) : 'launcher';
  process.stdout.write(
    `${JSON.stringify({ path, cgroup: iso.cgroup, why: iso.cgroupWhy, scope: scopeWhyNot(), describe: await describeIsolation(), measuring: (await measuring(iso)).detail, readyMs: Math.round(performance.now()) })}\n`,
  );
  // The VM emulates its CPU (~40× slower): its CPU limits are scaled, its memory ones are not.
  const scale = Number(process.env.SIMCOACH_TABLE_SCALE ?? 1);
  for (const row of rows) {
    const timeMs = row.timeMs * Math.min(scale, row.maxScale ?? scale);
    const [wall0, busy0] = [performance.now(), busyMs()];
    const source = typeof row.source === 'string' ? row.source : row.source(timeMs);
    // A judge that throws (its sandbox failed) is that row's line, and the rows after it still run.
    const out: RowResult = await judgeRow(row, source, timeMs).catch((err: unknown) => ({
      id: row.id,
      verdict: 'error',
      detail: err instanceof Error ? err.message : String(err),
      cpuMs: 0,
      peakKb: 0,
      approx: false,
    }));
    out.wallMs = Math.round(performance.now() - wall0);
    out.busyMs = busyMs() - busy0;
    process.stdout.write(`${JSON.stringify(out)}\n`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`verdict-table: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
