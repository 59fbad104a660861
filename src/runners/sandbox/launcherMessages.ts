// The messages between simcoach and its launcher (native/supervisor.c), described once: every field
// by name, as isolate's meta files are. A request (serve) is NUL-separated `key=value` entries; a
// reply (serve) is `<id> ok key=value ...` (or `<id> error <why>`) and the gate's report is one
// line of `key=value`. Each side reads by name and refuses what it does not know or misses, so a
// field added on one side only is a loud internal error, never a silent shift of the others.
// test/runners/launcher-messages.test.ts holds these tables against the C source's own lists.
import { SandboxError } from './sandboxError.js';
import { refusedOf, type Refused } from './refusal.js';

/** A field's value: a number, or (refused) the name of what the filter refused. */
type Kind = 'number' | 'refused';

/** The serve reply's figures, after `<id> ok`. */
export const REPLY_FIELDS = {
  /** The program's wait status. */
  status: 'number',
  cpu_ns: 'number',
  /** The group's peak less the supervisor's own memory before the test. */
  peak_bytes: 'number',
  /** The group's page cache at the end. */
  file_bytes: 'number',
  oom: 'number',
  wall_us: 'number',
  cpu_over: 'number',
  wall_over: 'number',
  aborted: 'number',
  /** The size of the program's stdout file (what follows the line is at most this much of it). */
  out_size: 'number',
  out_len: 'number',
  err_len: 'number',
  /** The output file's bytes that follow, or -1 when the program left none (or no regular file). */
  file_len: 'number',
  /** The program's own peak RSS in kB (wait4), 0 when it was not waited for. */
  max_rss_kb: 'number',
  refused: 'refused',
  /** The largest usage less page cache (and the supervisor's own) sampled during the run. */
  sampled_bytes: 'number',
} as const satisfies Record<string, Kind>;

/** The gate's report, one line after the whole tree is reaped (see launcher() in the C). */
export const REPORT_FIELDS = {
  status: 'number',
  cpu_us: 'number',
  wall_us: 'number',
  /** The largest peak RSS of any one process of the tree (wait4's ru_maxrss). */
  max_rss_kb: 'number',
  /** The largest sum of the live processes' RSS the watcher sampled. */
  tree_peak_kb: 'number',
  /** The most processes alive at once in a sample. */
  procs: 'number',
  cpu_over: 'number',
  wall_over: 'number',
  mem_over: 'number',
  aborted: 'number',
  refused: 'refused',
} as const satisfies Record<string, Kind>;

/** The serve request's single fields, each once; `file`, `arg` and `env` come once per item, in order. */
export const REQUEST_FIELDS = [
  'id',
  'cpu_ms',
  'wall_ms',
  'fsize',
  'stack',
  'uid',
  'gid',
  // The input's length (-1: simcoach wrote it into the worker's input file itself), whether all of
  // stdout comes back or `out_keep` of it, the stderr tail, the output file's name ('' for none).
  'in_len',
  'out_all',
  'out_keep',
  'err_keep',
  'outfile',
  // Whether the program may create processes (else its filter refuses them).
  'procs',
  // Where no cgroup limits them (a normal user's pool): the tree's memory in bytes, its tasks (0: no limit).
  'mem',
  'tasks',
] as const;
export const REQUEST_LISTS = ['file', 'arg', 'env'] as const;

export type RequestField = (typeof REQUEST_FIELDS)[number];
type Parsed<T extends Record<string, Kind>> = { [K in keyof T]: T[K] extends 'refused' ? Refused | undefined : number };

/** simcoach and its launcher disagree about a message: a bug of ours, never the program's. */
export class LauncherMessageError extends SandboxError {
  constructor(problem: string) {
    super(`internal error: ${problem}`);
    this.name = 'LauncherMessageError';
  }
}

/** Reads `key=value` words by `fields`; throws on a key it does not know, one missing, or a bad value. */
export function parseFields<T extends Record<string, Kind>>(words: string[], fields: T, what: string): Parsed<T> {
  const fail = (problem: string) => new LauncherMessageError(`the launcher's ${what} ${problem}`);
  const out: Record<string, number | Refused | undefined> = {};
  const seen = new Set<string>();
  for (const word of words) {
    const eq = word.indexOf('=');
    const key = eq < 0 ? word : word.slice(0, eq);
    const value = word.slice(eq + 1);
    const kind = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (eq < 0 || kind === undefined) throw fail(`carries a field simcoach does not know: ${JSON.stringify(key)}`);
    if (seen.has(key)) throw fail(`carries ${key} twice`);
    seen.add(key);
    if (kind === 'refused') {
      if (value !== 'none' && !refusedOf(value))
        throw fail(`names a refusal simcoach does not know: ${JSON.stringify(value)}`);
      out[key] = refusedOf(value);
    } else {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n)) throw fail(`has ${key}=${JSON.stringify(value)}, not a number`);
      out[key] = n;
    }
  }
  const missing = Object.keys(fields).filter((k) => !seen.has(k));
  if (missing.length) throw fail(`lacks ${missing.join(', ')}`);
  return out as Parsed<T>;
}

/** A request's fields as the supervisor reads them: each `key=value` ends with a NUL. */
export function formatRequest(
  fields: Record<RequestField, string | number>,
  lists: Record<(typeof REQUEST_LISTS)[number], string[]>,
): Buffer {
  const entries = [
    ...REQUEST_FIELDS.map((k) => `${k}=${fields[k]}`),
    ...REQUEST_LISTS.flatMap((k) => lists[k].map((v) => `${k}=${v}`)),
  ];
  return Buffer.from(`${entries.join('\0')}\0`);
}

export type Reply = Parsed<typeof REPLY_FIELDS>;
export type Report = Parsed<typeof REPORT_FIELDS>;
