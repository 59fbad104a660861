import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProblem, loadProblemSet } from '../../src/problems/index.js';
import { runCli, start, tempEnv, type Running } from './cli-helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-listen-');
const env = tempEnv();
let listener: Running;
let port: number;
let hosts: string[];

const post = (body: string, host = '127.0.0.1') =>
  fetch(`http://${host}:${port}/`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

const payload = (over: Record<string, unknown> = {}) => ({
  name: 'A. Watermelon',
  group: 'Codeforces - Codeforces Beta Round #4 (Div. 2 Only)',
  url: 'https://codeforces.com/problemset/problem/4/A',
  interactive: false,
  memoryLimit: 64,
  timeLimit: 1000,
  tests: [
    { input: '8\n', output: 'YES\n' },
    { input: '5\n', output: 'NO\n' },
  ],
  testType: 'single',
  input: { type: 'stdin' },
  output: { type: 'stdout' },
  languages: { java: { mainClass: 'Main', taskClass: 'AWatermelon' } },
  batch: { id: 'f5e2c1b0-single', size: 1 },
  ...over,
});

beforeAll(async () => {
  listener = start(['listen', '--port', '0', '--dir', dir, '--no-file'], env);
  const m = await listener.waitFor(/listening for Competitive Companion on (.+); saving to/);
  hosts = m[1]!.split(' and ');
  port = Number(/:(\d+)$/.exec(hosts[0]!)![1]);
});

afterAll(() => {
  if (listener.proc.exitCode === null) listener.proc.kill('SIGKILL');
});

describe('simcoach listen (the built CLI, over real HTTP)', () => {
  it('listens on IPv4 loopback, and on IPv6 loopback or says it cannot', async () => {
    expect(hosts[0]).toBe(`127.0.0.1:${port}`);
    if (hosts.length === 1) expect(listener.stderr()).toMatch(/IPv6 loopback \[::1\]:\d+ is unavailable/);
    else expect(hosts[1]).toBe(`[::1]:${port}`);
  });

  it('answers 200 to a single problem and saves it as markdown that loads back', async () => {
    const res = await post(JSON.stringify(payload()));
    expect(res.status).toBe(200);
    await listener.waitFor(/saved A\. Watermelon \(2 samples\) → .*a-watermelon\.md/);
    const file = join(dir, 'codeforces-codeforces-beta-round-4-div-2-only', 'a-watermelon.md');
    const p = await loadProblem(file);
    expect(p.title).toBe('A. Watermelon');
    expect(p.timeLimitMs).toBe(1000);
    expect(p.memoryLimitMb).toBe(64);
    expect(p.source?.url).toBe('https://codeforces.com/problemset/problem/4/A');
    expect(p.samples).toEqual([
      { name: 'sample-1', input: '8\n', outputs: ['YES\n'] },
      { name: 'sample-2', input: '5\n', outputs: ['NO\n'] },
    ]);
    expect(readFileSync(file, 'utf8')).toMatch(/^---\ntitle: A\. Watermelon\n/);
  });

  it('groups a batch of three in one contest folder and says when it is complete', async () => {
    const group = 'AtCoder - AtCoder Beginner Contest 300';
    const names = ['A - N-choice question', 'B - Same Map in the RPG World', 'C - Cross'];
    const statuses = await Promise.all(
      names.map((name, i) =>
        post(
          JSON.stringify(
            payload({
              name,
              group,
              url: `https://atcoder.jp/contests/abc300/tasks/abc300_${'abc'[i]}`,
              timeLimit: 2000,
              memoryLimit: 1024,
              tests: [{ input: `${i}\n`, output: `${i * 2}\n` }],
              batch: { id: 'abc300-batch', size: 3 },
            }),
          ),
          hosts.length > 1 && i === 1 ? '[::1]' : '127.0.0.1',
        ).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200]);
    await listener.waitFor(/batch complete \(3\/3\): AtCoder - AtCoder Beginner Contest 300 → /);
    expect(listener.stdout()).toMatch(/\[1\/3\] saved /);
    expect(listener.stdout()).toMatch(/\[3\/3\] saved /);
    const folder = join(dir, 'atcoder-atcoder-beginner-contest-300');
    expect(readdirSync(folder).sort()).toEqual([
      'a-n-choice-question.md',
      'b-same-map-in-the-rpg-world.md',
      'c-cross.md',
    ]);
    const set = await loadProblemSet(folder);
    expect(set.map((p) => p.timeLimitMs)).toEqual([2000, 2000, 2000]);
    expect(set.map((p) => p.samples[0]!.outputs[0])).toEqual(['0\n', '2\n', '4\n']);
  });

  it('answers 400 to a malformed body, logs it, and keeps listening', async () => {
    const bad = await post('{"name": "broken", "tests": [');
    expect(bad.status).toBe(400);
    await listener.waitFor(/400: body is not JSON/);
    const wrong = await post(JSON.stringify({ name: 'x', tests: [{ input: 1 }] }));
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/not a Competitive Companion problem: tests\.0\.input/);
    const again = await post(JSON.stringify(payload({ name: 'B. After the storm', group: '' })));
    expect(again.status).toBe(200);
    await listener.waitFor(/saved B\. After the storm/);
    expect(readdirSync(dir)).toContain('b-after-the-storm.md');
  });

  it('a port in use gets a message naming the port and --port', async () => {
    const second = await runCli(['listen', '--port', String(port), '--dir', dir, '--no-file'], env);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`port ${port} is already in use`);
    expect(second.stderr).toContain('--port');
    expect(second.stderr).not.toMatch(/\n\s+at /);
  });

  it('saved problems join the default set of `simcoach problems`', async () => {
    const data = join(env.XDG_DATA_HOME!, 'simcoach', 'problems');
    const saver = start(['listen', '--port', '0', '--no-file'], env);
    const m = await saver.waitFor(/on 127\.0\.0\.1:(\d+)/);
    const res = await fetch(`http://127.0.0.1:${m[1]}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload({ name: 'C. Saved Here' })),
    });
    expect(res.status).toBe(200);
    await saver.waitFor(/saved C\. Saved Here/);
    expect(saver.stdout()).toContain(data);
    saver.proc.kill('SIGINT');
    expect(await saver.exit).toBe(130);
    const list = await runCli(['problems', '--json'], env);
    const rows = JSON.parse(list.stdout) as Array<{ id: string; aliases: string[] }>;
    const ids = rows.map((r) => r.id);
    // Its judge's short name from the URL; the folder/file slug stays a name that opens it.
    expect(saver.stdout()).toMatch(
      /saved C\. Saved Here \(2 samples\) → .*c-saved-here\.md · open it as: simcoach practice cf4A$/m,
    );
    expect(rows.find((r) => r.id === 'cf4A')?.aliases).toEqual([
      'codeforces-codeforces-beta-round-4-div-2-only/c-saved-here',
    ]);
    expect(ids).toContain('sum-two');
  });

  it('Ctrl-C stops it cleanly with exit code 130', async () => {
    listener.proc.kill('SIGINT');
    expect(await listener.exit).toBe(130);
    expect(listener.stderr()).not.toMatch(/\n\s+at /);
  });
});
