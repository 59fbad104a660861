// The launcher's report (the supervisor's `gate` mode, native/supervisor.c): one line after the
// whole tree of a run is reaped, with what wait4 and its watcher measured (its fields are in
// launcherMessages.ts).
import { signalNameOf } from './signals.js';
import type { Refused } from './refusal.js';
import { parseFields, REPORT_FIELDS } from './launcherMessages.js';

/** How often the launcher samples the tree (CPU, resident memory): passed to it as -i, its one source. */
export const LAUNCHER_SAMPLE_MS = 5;

/**
 * A program's open-files limit, as judges set it (isolate's default is 64, Codeforces' a few
 * hundred): with no larger pipes (the launcher's filter refuses F_SETPIPE_SZ) its pipes hold at
 * most 64 × 64 KiB in the kernel, memory no figure of ours shows. The JVM starts with about 30.
 */
export const OPEN_FILES = 128;

/** The launcher's figures for one run: rusage of the whole waited tree, and what its watcher saw. */
export interface LauncherReport {
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
  /** What the program tried that its filter refused. */
  refused?: Refused;
}

/**
 * The report, or null when the launcher sent none whole (it never started the program, or was
 * killed). A whole line that does not read as the report is a LauncherMessageError.
 */
export function parseLauncherReport(text: string): LauncherReport | null {
  if (!text.endsWith('\n') || text.indexOf('\n') !== text.length - 1) return null;
  const r = parseFields(text.trim().split(' '), REPORT_FIELDS, 'report');
  return {
    status: r.status,
    cpuMs: r.cpu_us / 1000,
    wallMs: r.wall_us / 1000,
    maxRssKb: r.max_rss_kb,
    treePeakKb: r.tree_peak_kb,
    procs: r.procs,
    cpuOver: r.cpu_over === 1,
    wallOver: r.wall_over === 1,
    memOver: r.mem_over === 1,
    ...(r.refused ? { refused: r.refused } : {}),
  };
}

/** A wait status as an exit code or a signal's name. */
export function waitStatus(st: number): { exitCode: number | null; signal: string | null } {
  const sig = st & 0x7f;
  if (sig === 0) return { exitCode: (st >> 8) & 0xff, signal: null };
  return { exitCode: null, signal: signalNameOf(sig) };
}

/** One entry the launcher sent back after a run (send_at in the C): a file and its bytes, or a directory. */
export interface SentEntry {
  /** Which of the paths asked for (-x, in order) it is under. */
  k: number;
  /** Relative to that path ("." for the path itself), as the launcher read it: not yet checked. */
  path: string;
  /** The file's permission bits; null for a directory. */
  mode: number | null;
  data: Buffer | null;
}

/**
 * The launcher's stream of sent entries, up to its end line. A stream cut short (the launcher
 * killed) or out of form gives what came whole before it, and `complete` false.
 */
export function parseSent(buf: Buffer): { entries: SentEntry[]; complete: boolean } {
  const entries: SentEntry[] = [];
  let at = 0;
  while (at < buf.length) {
    const nl = buf.indexOf(10, at);
    if (nl < 0) break;
    const line = buf.subarray(at, nl).toString('utf8');
    at = nl + 1;
    if (line === 'e') return { entries, complete: true };
    const file = /^f (\d+) ([0-7]+) (\d+) (.+)$/.exec(line);
    const dir = /^d (\d+) (.+)$/.exec(line);
    if (file) {
      const size = Number(file[3]);
      if (at + size > buf.length) break;
      entries.push({
        k: Number(file[1]),
        path: file[4]!,
        mode: parseInt(file[2]!, 8),
        data: buf.subarray(at, at + size),
      });
      at += size;
    } else if (dir) {
      entries.push({ k: Number(dir[1]), path: dir[2]!, mode: null, data: null });
    } else {
      break;
    }
  }
  return { entries, complete: false };
}
