// Saved sessions: time from starting `simcoach replay` on a 20 MB session to its first frame on
// a terminal (the CLI runs under `script`, which gives it a pseudo-terminal), next to the time
// of opening the timeline in-process and of listing 200 sessions.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listSessions } from '../src/session/index.js';
import { withEndLanguages } from '../src/session/language.js';
import { Timeline } from '../src/session/timeline.js';
import { bigSession, header, solvedSession } from '../test/session/synth.js';
import { median } from './stats.js';

const cliPath = (): string => join(dirname(fileURLToPath(import.meta.url)), 'cli.js');

/** Milliseconds from spawn until the replay header is on the pseudo-terminal. */
function firstFrame(file: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // `script` gives the pty no size; set one as a terminal window would have.
    const cmd = `stty cols 120 rows 40; ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath())} replay ${JSON.stringify(file)}`;
    const child = spawn('script', ['-qfec', cmd, '/dev/null'], {
      env: { ...env, TERM: 'xterm-256color' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let done = false;
    const timer = setTimeout(() => finish(new Error('no frame within 20 s')), 20_000);
    function finish(err?: Error, ms?: number): void {
      if (done) return;
      done = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      if (err) reject(err);
      else resolve(ms!);
    }
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('step 1/')) finish(undefined, performance.now() - started);
    });
    child.on('error', (e) => finish(e));
    child.on('close', () => finish(new Error(`replay exited before its first frame: ${out.slice(-300)}`)));
  });
}

function bareNode(): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    spawn(process.execPath, ['-e', ''], { stdio: 'ignore' }).on('close', () => resolve(performance.now() - started));
  });
}

const ms = (x: number): string => `${x.toFixed(0)} ms`;

export async function run(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'sc-bench-sessions-'));
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      XDG_DATA_HOME: join(root, 'data'),
      XDG_CONFIG_HOME: join(root, 'config'),
      XDG_CACHE_HOME: join(root, 'cache'),
    };
    const dir = join(root, 'data', 'simcoach', 'sessions');
    mkdirSync(dir, { recursive: true });
    const big = bigSession(20 * 1024 * 1024, 1500).write(join(dir, 'big.jsonl'));
    const size = statSync(big).size;

    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const tl = await Timeline.open(big);
      tl.load(tl.lastBranch.steps[0]!);
      opens.push(performance.now() - t0);
    }
    const frames: number[] = [];
    const nodes: number[] = [];
    let noPty = '';
    for (let i = 0; i < 5 && !noPty; i++) {
      try {
        frames.push(await firstFrame(big, env));
        nodes.push(await bareNode());
      } catch (err) {
        // Without util-linux `script` there is no pseudo-terminal to measure a frame on.
        noPty = err instanceof Error ? err.message : String(err);
      }
    }
    for (let i = 0; i < 200; i++) {
      solvedSession(
        header({ id: `s${String(i).padStart(7, '0')}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }),
      ).write(join(dir, `s${i}.jsonl`));
    }
    const lists: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await listSessions(dir);
      lists.push(performance.now() - t0);
    }
    // `sessions` also reads each file whole for the language it ended in (a byte search; a parse only where a switch may be).
    const withLangs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await withEndLanguages((await listSessions(dir)).sessions);
      withLangs.push(performance.now() - t0);
    }
    const mb = (size / 1024 / 1024).toFixed(1);
    process.stdout.write(`\nsessions (median of 5)\n`);
    process.stdout.write(
      noPty
        ? `  replay first frame: not measured (${noPty})\n`
        : `  replay first frame, ${mb} MB session, 1500 steps: ${ms(median(frames))} (bare node -e '': ${ms(median(nodes))}; target < 500 ms)\n`,
    );
    process.stdout.write(`  open timeline + first step in-process:        ${ms(median(opens))}\n`);
    process.stdout.write(`  list 201 sessions (header + tail of each):    ${ms(median(lists))}\n`);
    process.stdout.write(
      `  the same with the language each ended in:     ${ms(median(withLangs))} (\`simcoach sessions\`; the listing above is its baseline)\n`,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
