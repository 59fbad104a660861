// The tutor as a person feels it, against bare `node -e ''` in the same run: `--version`, the
// time to the app's first frame (in a real pseudo-terminal, via script(1)), and the CPU the app
// uses while a long answer streams in at a model's pace. Prints figures; asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeOllama, type FakeServer } from '../test/fakes/ollama.js';
import { StreamFeed, tailRows } from '../src/components/StreamTail.js';
import { bytesByOwner, FIRST_FRAME_ENTRIES, loadPath, readMetafile } from './firstFramePath.js';
import { median } from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const cliPath = (): string => join(here, 'cli.js');
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const sleep = (t: number): Promise<void> => new Promise((r) => setTimeout(r, t));
const quote = (a: string): string => `'${a.replace(/'/g, `'\\''`)}'`;

/** A clean environment: temp XDG dirs, no CI variables (Ink holds its frames in CI). */
function cleanEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!(k === 'CI' || k.startsWith('CI_') || k === 'CONTINUOUS_INTEGRATION')) env[k] = v;
  return {
    ...env,
    XDG_CONFIG_HOME: join(home, 'c'),
    XDG_DATA_HOME: join(home, 'd'),
    XDG_CACHE_HOME: join(home, 'x'),
    NO_COLOR: '1',
    TERM: 'xterm-256color',
  };
}

function timeRun(args: string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  spawnSync(process.execPath, args, { env, stdio: 'ignore' });
  return performance.now() - t;
}

/** Runs `command` in a pseudo-terminal; resolves with the ms until `seen` appears in its output. */
function inPty(
  command: string,
  env: NodeJS.ProcessEnv,
  seen: RegExp,
  onStart?: (pid: number) => void,
): { until: Promise<number>; child: ReturnType<typeof spawn>; started: number } {
  const started = performance.now();
  const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'ignore'] });
  if (child.pid) onStart?.(child.pid);
  let out = '';
  const until = new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (seen.test(out)) resolve(performance.now() - started);
    });
    child.on('close', () => reject(new Error(`exited before ${seen}: ${out.slice(-300)}`)));
  });
  until.catch(() => undefined);
  return { until, child, started };
}

/** The node process under script(1) (its child), for its CPU counters. */
function childOf(pid: number): number | undefined {
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && /node/.test(readFileSync(`/proc/${d}/cmdline`, 'utf8'))) return Number(d);
    } catch {
      // the process ended meanwhile
    }
  }
  return undefined;
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100 Hz on Linux)
}

const plain = (s: string): string => s.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * One start of the app in a pty: the ms until the picker is visible (the plain frame), until Ink
 * has drawn it over (the picker reads keys), and until a key typed then shows in its filter line.
 */
async function pickerTimes(
  app: string,
  env: NodeJS.ProcessEnv,
): Promise<{ visible: number; interactive: number; key: number }> {
  const r = inPty(app, env, /Pick a problem/);
  let out = '';
  const seen = (pattern: RegExp, what: string): Promise<number> =>
    new Promise<number>((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(plain(out))) resolve(performance.now() - r.started);
      };
      r.child.stdout!.on('data', (d: Buffer) => {
        out += d.toString('utf8');
        check();
      });
      r.child.on('close', () => reject(new Error(`exited before ${what}: ${plain(out).slice(-300)}`)));
      check();
    });
  const inkDrawn = seen(/Pick a problem[^]*Pick a problem/, "Ink's picker");
  const visible = await r.until;
  const interactive = await inkDrawn;
  r.child.stdin!.write('z');
  const key = await seen(/filter: ?z/, 'the key shown');
  r.child.kill('SIGTERM');
  await new Promise((res) => r.child.on('close', res));
  return { visible, interactive: interactive, key: key - interactive };
}

/**
 * One start of the app in a pty with "kn" typed the moment the picker is visible: the ms until
 * the filter line shows it (the plain frame answers keys before Ink loads), and whether Ink's
 * picker then shows the same filter (its header names the flow, which the frame's does not here).
 */
async function firstKeys(app: string, env: NodeJS.ProcessEnv): Promise<number> {
  const r = inPty(app, env, /Pick a problem/);
  let out = '';
  let typed = false;
  const answered = new Promise<number>((resolve, reject) => {
    r.child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const now = plain(out);
      if (!typed && /Pick a problem/.test(now)) {
        typed = true;
        r.child.stdin!.write('kn');
      } else if (typed && /filter: kn/.test(now)) resolve(performance.now() - r.started);
    });
    r.child.on('close', () => reject(new Error(`exited before the keys were answered: ${plain(out).slice(-300)}`)));
  });
  const t = await answered;
  r.child.kill('SIGTERM');
  await new Promise((res) => r.child.on('close', res));
  return t;
}

async function versionAndFirstFrame(server: FakeServer, home: string): Promise<void> {
  const env = cleanEnv(home);
  const bare: number[] = [];
  const version: number[] = [];
  for (let i = 0; i < 10; i++) {
    bare.push(timeRun(['-e', ''], env));
    version.push(timeRun([cliPath(), '--version'], env));
  }
  const b = median(bare);
  const v = median(version);
  process.stdout.write(`  node -e ''                 ${ms(b)}\n`);
  process.stdout.write(`  simcoach --version         ${ms(v)}   ${(v / b).toFixed(2)}× (goal ≤ 1.5×)\n`);

  const ptyBare: number[] = [];
  const visible: number[] = [];
  const interactive: number[] = [];
  const key: number[] = [];
  const keysAnswered: number[] = [];
  const app = [process.execPath, cliPath(), '--host', server.url, '--model', 'fake-coder:7b'].map(quote).join(' ');
  // One start first, as a person's second start is: the app leaves the picker's index behind.
  await pickerTimes(app, env);
  for (let i = 0; i < 7; i++) {
    const nodeRun = inPty(`${quote(process.execPath)} -e 'console.log("ready")'`, env, /ready/);
    ptyBare.push(await nodeRun.until);
    const t = await pickerTimes(app, env);
    visible.push(t.visible);
    interactive.push(t.interactive);
    key.push(t.key);
    keysAnswered.push(await firstKeys(app, env));
  }
  const pb = median(ptyBare);
  const f = median(visible);
  const p = median(interactive);
  process.stdout.write(`  node -e '' in a pty        ${ms(pb)}   (median of 7)\n`);
  process.stdout.write(
    `  first visible (the picker) ${ms(f)}   ${(f / pb).toFixed(2)}× (goal ≤ 1.5×; plain ANSI before Ink loads)\n`,
  );
  process.stdout.write(
    `  picker drawn by Ink        ${ms(p)}   ${(p / pb).toFixed(2)}× (goal ≤ 2.5×; it reads keys from here)\n`,
  );
  process.stdout.write(`  then a key to the screen   ${ms(median(key))}   (Ink draws at most 20 frames a second)\n`);
  const k = median(keysAnswered);
  process.stdout.write(
    `  first keys answered        ${ms(k)}   ${(k / pb).toFixed(2)}× (goal ≤ 2.5×; "kn" typed as the picker shows, until its filter shows it)\n`,
  );
  process.stdout.write(
    `  load average               ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  firstFrameBytes();
}

/** What the first frame loads, from the build's metafile: the same on any machine, busy or not. */
function firstFrameBytes(): void {
  const meta = readMetafile(join(here, '..'));
  if (!meta) {
    process.stdout.write('  first-frame bytes: no build metafile, skipped\n');
    return;
  }
  const path = loadPath(meta, FIRST_FRAME_ENTRIES);
  const kb = (n: number): string => `${(n / 1024).toFixed(0)} KB`;
  const top = bytesByOwner(meta, path)
    .slice(0, 6)
    .map(([owner, n]) => `${owner} ${kb(n)}`)
    .join(', ');
  process.stdout.write(
    `  loaded before the first frame: ${kb(path.bytes)} in ${path.chunks.length} chunks, ${path.modules.length} modules (${top}, …)\n`,
  );
}

async function streamingCpu(home: string, tokens: number, perSecond: number, auto = false): Promise<void> {
  const words = Array.from({ length: tokens }, (_, i) => (i % 12 === 11 ? 'word\n' : 'word '));
  const server = await startFakeOllama({
    models: [{ name: 'fake-coder:7b' }],
    chat: () => ({ chunks: words, chunkDelayMs: 1000 / perSecond }),
  });
  try {
    const env = cleanEnv(home);
    const problem = join(here, '..', 'fixtures', 'problems', 'sum-two.md');
    if (!existsSync(problem)) {
      process.stdout.write('  streaming CPU: fixtures not found, skipped\n');
      return;
    }
    const cmd = [
      process.execPath,
      cliPath(),
      'solve',
      problem,
      '--host',
      server.url,
      '--model',
      'fake-coder:7b',
      ...(auto ? ['--auto'] : []),
    ]
      .map(quote)
      .join(' ');
    let scriptPid = 0;
    const r = inPty(cmd, env, auto ? /./ : /streaming/, (pid) => (scriptPid = pid));
    await r.until;
    if (auto) await sleep(500);
    const pid = childOf(scriptPid);
    if (!pid) throw new Error('could not find the app process');
    const wall0 = performance.now();
    const cpu0 = cpuSeconds(pid);
    const seconds = tokens / perSecond;
    await sleep(seconds * 1000 * 0.9);
    const cpu = cpuSeconds(pid) - cpu0;
    const wall = (performance.now() - wall0) / 1000;
    r.child.kill('SIGTERM');
    await new Promise((res) => r.child.on('close', res));
    const what = auto
      ? 'the same stream headless (solve --auto), for scale'
      : `CPU while ${tokens} tokens stream at ${perSecond}/s`;
    process.stdout.write(
      `  ${what}: ${((cpu / wall) * 100).toFixed(1)}% of one core over ${wall.toFixed(1)} s${auto ? '' : ' (goal ≤ 15%)'}\n`,
    );
  } finally {
    await server.close();
  }
}

/** A long answer as a model writes it: headings, prose and a fenced program, about `tokens` tokens. */
function longAnswer(tokens: number): string {
  const parts: string[] = [];
  for (let n = 0; parts.join('').length < tokens * 4; n++) {
    parts.push(
      `## Step ${n}\nThe plan reads the input, keeps a running sum and a map of the values seen so far, then answers each query in O(1).\n\`\`\`cpp\nfor (int i = 0; i < n; i++) {\n    sum += a[i];\n    seen[a[i]]++;\n}\n\`\`\`\n`,
    );
  }
  return parts.join('').slice(0, tokens * 4);
}

/**
 * What one frame of the streaming tail costs as a long answer arrives token by token (4
 * characters each): the tail rows are rebuilt for every chunk, as the screen does. Free text
 * and the same answer in JSON-schema mode (one JSON object whose string values hold the text).
 */
function streamRender(tokens: number): void {
  const text = longAnswer(tokens);
  const json = JSON.stringify({ understanding: text.slice(0, text.length / 4), plan: text.slice(text.length / 4) });
  for (const [label, answer] of [
    ['free text', text],
    ['JSON', json],
  ] as const) {
    const t0 = performance.now();
    let rows = 0;
    const feed = new StreamFeed();
    for (let at = 4; at <= answer.length; at += 4)
      rows += tailRows(feed.update('bench', answer.slice(0, at)), 100, 12).length;
    const total = performance.now() - t0;
    const chunks = Math.floor(answer.length / 4);
    process.stdout.write(
      `  stream tail, ${label}, ${chunks} chunks (${(answer.length / 1024).toFixed(0)} KB): ${ms(total)} in all, ${((total / chunks) * 1000).toFixed(1)} µs a chunk${rows > 0 ? '' : ' (no rows?)'}\n`,
    );
  }
}

export async function run(): Promise<void> {
  process.stdout.write('\nui (the app)\n');
  streamRender(Number(process.env.SIMCOACH_BENCH_TOKENS ?? 20_000));
  if (spawnSync('script', ['--version']).status !== 0) {
    process.stdout.write('  script(1) is missing: no pseudo-terminal, skipped\n');
    return;
  }
  const home = mkdtempSync(join(tmpdir(), 'simcoach-bench-ui-'));
  const server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
  try {
    await versionAndFirstFrame(server, home);
    // SIMCOACH_BENCH_TOKENS shortens the 100 s stream for a quick look.
    const tokens = Number(process.env.SIMCOACH_BENCH_TOKENS ?? 20_000);
    await streamingCpu(home, tokens, 200);
    await streamingCpu(home, Math.min(tokens, 2000), 200, true);
  } finally {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  }
}
