// The launcher's report (the supervisor's `gate` mode, native/supervisor.c): one line after the
// whole tree of a run is reaped, with what wait4 and its watcher measured.
import { constants as osConstants } from 'node:os';

/** How often the launcher samples the tree (CPU, resident memory); it must match SAMPLE_MS in the C. */
export const GATE_SAMPLE_MS = 5;

/** The launcher's figures for one run: rusage of the whole waited tree, and what its watcher saw. */
export interface GateReport {
  status: number;
  cpuMs: number;
  wallMs: number;
  /** The largest peak RSS of any one process of the tree (wait4's ru_maxrss). */
  maxRssKb: number;
  /** The largest sum of the live processes' RSS the watcher sampled. */
  treePeakKb: number;
  /** The most processes alive at once in a sample. */
  procs: number;
  cpuOver: boolean;
  wallOver: boolean;
  memOver: boolean;
}

export function parseGateReport(line: string): GateReport | null {
  const n = line.trim().split(' ').map(Number);
  if (n.length !== 10 || n.some((x) => !Number.isFinite(x))) return null;
  return {
    status: n[0]!, cpuMs: n[1]! / 1000, wallMs: n[2]! / 1000, maxRssKb: n[3]!, treePeakKb: n[4]!, procs: n[5]!,
    cpuOver: n[6] === 1, wallOver: n[7] === 1, memOver: n[8] === 1,
  };
}

/** A wait status as an exit code or a signal's name. */
export function waitStatus(st: number): { exitCode: number | null; signal: string | null } {
  const sig = st & 0x7f;
  if (sig === 0) return { exitCode: (st >> 8) & 0xff, signal: null };
  const name = Object.entries(osConstants.signals).find(([, v]) => v === sig)?.[0];
  return { exitCode: null, signal: name ?? `signal ${sig}` };
}
