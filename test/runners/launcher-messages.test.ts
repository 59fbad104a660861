// The messages between simcoach and its launcher (native/supervisor.c) are described once, in
// launcherMessages.ts, and read by name on both sides. These tests hold the C source's own lists
// to those tables, and show that a field one side has and the other does not is a loud internal
// error (one line, no verdict) on both paths, never a silent shift.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import SUPERVISOR_C from '../../native/supervisor.c';
import USERVE_C from '../../native/userserve.c';
import { judge } from '../../src/runners/judge/judge.js';
import {
  LauncherMessageError,
  parseFields,
  REPLY_FIELDS,
  REPORT_FIELDS,
  REQUEST_FIELDS,
  REQUEST_LISTS,
} from '../../src/runners/sandbox/launcherMessages.js';
import { parseLauncherReport } from '../../src/runners/sandbox/launcherReport.js';
import { seccompHeader } from '../../src/runners/sandbox/seccompBpf.js';
import { launcherFile, POLICY_HEADER } from '../../src/runners/sandbox/supervisor.js';
import { ROOMY_WALL } from './helpers.js';
import { withEnv } from '../helpers/env.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-messages-');

/** A C function's body, from its signature to its closing brace at the start of a line. */
function body(signature: string, source = SUPERVISOR_C): string {
  const at = source.indexOf(signature);
  expect(at, signature).toBeGreaterThanOrEqual(0);
  return source.slice(at, source.indexOf('\n}\n', at));
}

/** The keys of the `{ "key", ... }` entries of a C table. */
const keysOf = (text: string): string[] => [...text.matchAll(/\{ "(\w+)", /g)].map((m) => m[1]!);

describe('the C source names the fields the TypeScript tables describe', () => {
  it('the request: each single field once, and the lists', () => {
    const take = body('static const char *take_fields(');
    expect(keysOf(take)).toEqual([...REQUEST_FIELDS]);
    for (const list of REQUEST_LISTS) expect(take).toContain(`"${list}"`);
  });

  it('the serve reply, in the order the TypeScript table has them', () => {
    expect(keysOf(body('static void send_reply('))).toEqual(Object.keys(REPLY_FIELDS));
  });

  it("a normal user's pool replies with the same fields, in the same order", () => {
    expect(keysOf(body('static void user_reply(', USERVE_C))).toEqual(Object.keys(REPLY_FIELDS));
  });

  it("the gate's report", () => {
    expect(keysOf(body('static void gate_report('))).toEqual(Object.keys(REPORT_FIELDS));
  });

  it('the refusals by the names refusal.ts reads', () => {
    expect(/refused_name\[\] = \{ ([^}]*) \}/.exec(SUPERVISOR_C)?.[1]).toBe(
      '"none", "process", "memfd", "shm", "socket"',
    );
  });
});

const REPORT =
  'status=0 cpu_us=1500 wall_us=2000 max_rss_kb=900 tree_peak_kb=800 procs=1 cpu_over=0 wall_over=0 mem_over=0 aborted=0 refused=none\n';

describe('a message is read by name', () => {
  it('reads a whole report whatever the order of its fields', () => {
    const shuffled = `${REPORT.trim().split(' ').reverse().join(' ')}\n`;
    expect(parseLauncherReport(shuffled)).toEqual(parseLauncherReport(REPORT));
    expect(parseLauncherReport(REPORT)).toMatchObject({ cpuMs: 1.5, wallMs: 2, maxRssKb: 900 });
    expect(parseLauncherReport(REPORT.replace('refused=none', 'refused=memfd'))?.refused).toBe('memfd');
  });

  it('a report cut short (the launcher killed) is no report, not an error', () => {
    expect(parseLauncherReport('')).toBeNull();
    expect(parseLauncherReport(REPORT.slice(0, 40))).toBeNull();
  });

  it.each([
    [
      'a field it does not know',
      REPORT.replace('procs=1', 'procs=1 threads=2'),
      /carries a field simcoach does not know: "threads"/,
    ],
    ['a field missing', REPORT.replace(' procs=1', ''), /lacks procs/],
    ['a field twice', REPORT.replace('procs=1', 'procs=1 procs=2'), /carries procs twice/],
    ['a value that is no number', REPORT.replace('procs=1', 'procs=x'), /procs="x", not a number/],
    [
      'a refusal it does not know',
      REPORT.replace('refused=none', 'refused=ptrace'),
      /refusal simcoach does not know: "ptrace"/,
    ],
    ['a positional line', '0 1500 2000 900 800 1 0 0 0 0 0\n', /does not know: "0"/],
  ])('fails loudly on %s', (_, line, why) => {
    expect(() => parseLauncherReport(line)).toThrow(LauncherMessageError);
    expect(() => parseLauncherReport(line)).toThrow(why);
  });

  it('a reply missing a field says which', () => {
    const words = Object.keys(REPLY_FIELDS)
      .filter((k) => k !== 'wall_us')
      .map((k) => (k === 'refused' ? 'refused=none' : `${k}=0`));
    expect(() => parseFields(words, REPLY_FIELDS, 'reply')).toThrow(
      /\(internal error: the launcher's reply lacks wall_us\)/,
    );
  });
});

const root = process.getuid?.() === 0;

/**
 * A launcher built from supervisor.c with `edit` applied, put where simcoach looks for its own in
 * a cache of its own: simcoach then talks to a launcher one field apart from it.
 */
function plantLauncher(name: string, from: string, to: string): string {
  expect(SUPERVISOR_C).toContain(from);
  const src = join(dir, name);
  mkdirSync(src);
  writeFileSync(join(src, 'supervisor.c'), SUPERVISOR_C.replace(from, to));
  writeFileSync(join(src, 'userserve.c'), USERVE_C);
  writeFileSync(join(src, POLICY_HEADER), seccompHeader());
  execFileSync('gcc', ['-O0', '-o', join(src, 'supervisor'), join(src, 'supervisor.c')], { stdio: 'pipe' });
  const cache = join(dir, `${name}-cache`);
  const dest = launcherFile(join(cache, 'simcoach'));
  mkdirSync(dirname(dest), { recursive: true, mode: 0o700 });
  copyFileSync(join(src, 'supervisor'), dest);
  chmodSync(dest, 0o755);
  return cache;
}

const program = { lang: 'python' as const, source: 'print(1)\n' };
const opts = { timeLimitMs: 2000, wallLimitMs: ROOMY_WALL, memoryLimitMb: 256, parallel: 1 };

describe.skipIf(!root)('a launcher one field apart from simcoach fails loudly, never shifts a figure', () => {
  it.each([
    [
      'the pool: a reply field simcoach does not know',
      undefined,
      '{ "status", w->st, NULL }, ',
      '{ "status", w->st, NULL }, { "threads", 1, NULL }, ',
      /reply carries a field simcoach does not know: "threads"/,
    ],
    [
      'the pool: a reply field simcoach needs, missing',
      undefined,
      '{ "sampled_bytes", w->sampled, NULL },',
      '',
      /reply lacks sampled_bytes/,
    ],
    [
      'the pool: a request field the launcher does not know',
      undefined,
      '{ "procs", &q->procs, NULL },',
      '',
      /refused simcoach's request \(bad request: unknown field procs\)/,
    ],
    [
      'a sandbox per test: a report field simcoach does not know',
      '0',
      '{ "status", g->st, NULL }, ',
      '{ "status", g->st, NULL }, { "threads", 1, NULL }, ',
      /report carries a field simcoach does not know: "threads"/,
    ],
    [
      'a sandbox per test: a report field simcoach needs, missing',
      '0',
      '{ "procs", g->procs, NULL }, ',
      '',
      /report lacks procs/,
    ],
  ])(
    '%s',
    async (name, pool, from, to, why) => {
      const cache = plantLauncher(name.replace(/\W+/g, '-'), from, to);
      const err = await withEnv({ XDG_CACHE_HOME: cache, SIMCOACH_POOL: pool }, () =>
        judge(program, [{ input: '', outputs: ['1'] }], opts),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LauncherMessageError);
      const message = (err as Error).message;
      expect(message).toMatch(why);
      expect(message).toMatch(
        /^the sandbox could not be set up \(internal error: .*\); this is not your program's fault$/,
      );
      expect(message).not.toContain('\n');
    },
    120_000,
  );
});
