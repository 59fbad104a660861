// Durability, as a person meets it: a headless `solve --auto` (the built CLI, against the fake
// Ollama server streaming slowly) is killed with SIGKILL at several points; each cut session
// must then list, replay, export and resume. Files that are not sessions get one line naming
// them. Session files are 0600 and never hold the API key, even with OPENAI_API_KEY set.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { fixtureTitles, scriptedReply } from '../engine/scripted-model.js';
import { cli, tempHome, type Home } from './cli.js';
import { solvedSession } from './synth.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SUM = join(ROOT, 'fixtures/problems/sum-two.md');
const titles = fixtureTitles(['sum-two']);
const KEY = 'sk-durability-SECRET-0123456789';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The scripted model, every answer streamed slowly; the first request waits before answering. */
function slowModel(): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({
    chat: (body, i) => ({
      ...scriptedReply({ titles }, seen, body, i),
      chunkDelayMs: 25,
      ...(i === 0 ? { headerDelayMs: 800 } : {}),
    }),
  });
}

function fastModel(): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({ chat: (body, i) => scriptedReply({ titles }, seen, body, i) });
}

const lines = (file: string): { type?: string; step?: number }[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as { type?: string; step?: number }];
      } catch {
        return [];
      }
    });

async function waitFor<T>(probe: () => T | undefined | false, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('timed out waiting for the kill point');
    await new Promise((r) => setTimeout(r, 15));
  }
}

type KillPoint = (events: { type?: string; step?: number }[]) => boolean;

/** Starts `solve --auto`, SIGKILLs it when the journal reaches `point`; returns the file. */
async function killAt(home: Home, point: KillPoint): Promise<string> {
  const env = { ...home.env, OPENAI_API_KEY: KEY };
  const script = process.env.SIMCOACH_CLI ?? join(process.cwd(), 'dist', 'cli.js');
  const child = spawn(process.execPath, [script, 'solve', SUM, '--auto', '--host', server!.url], {
    env,
    stdio: 'ignore',
  });
  const closed = new Promise((r) => child.on('close', r));
  try {
    const file = await waitFor(() => {
      const f = existsSync(home.sessions)
        ? readdirSync(home.sessions).map((n) => join(home.sessions, n))[0]
        : undefined;
      return f && point(lines(f)) ? f : undefined;
    });
    child.kill('SIGKILL');
    await closed;
    return file;
  } finally {
    child.kill('SIGKILL');
  }
}

/** Where to kill, and how many model calls the resume must then make (the rest are served). */
const POINTS: [string, KillPoint, number][] = [
  ['waiting for the first byte of the first answer', (e) => e.some((x) => x.type === 'llm-request'), 3],
  ['mid-stream in the plan', (e) => e.filter((x) => x.type === 'llm-chunk' && x.step === 0).length >= 3, 3],
  ['mid-stream in the code', (e) => e.some((x) => x.type === 'llm-chunk' && x.step === 2), 1],
  ['while the hidden tests run', (e) => e.some((x) => x.type === 'step-start' && x.step === 4), 0],
];

describe('a solve killed with SIGKILL', () => {
  for (const [name, point, calls] of POINTS) {
    it(`${name}: lists, replays, exports and resumes`, async () => {
      const home = tempHome();
      server = await slowModel();
      const file = await killAt(home, point);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).not.toContain(KEY);
      expect(lines(file).some((e) => e.type === 'end')).toBe(false);

      const list = JSON.parse((await cli(['sessions', '--json'], home.env)).stdout) as { verdict: string }[];
      expect(list).toHaveLength(1);
      expect(list[0]!.verdict).toBe('incomplete');

      const replay = await cli(['replay', 'last'], home.env);
      expect(replay.code).toBe(0);
      expect(replay.stdout).toContain('Sum of Two');
      expect(replay.stdout).toContain('the session did not finish');

      const md = await cli(['export', 'last'], home.env);
      expect(md.code).toBe(0);
      expect(md.stdout).toMatch(/Result: incomplete/);

      await server.close();
      server = await fastModel();
      const resumed = await cli(
        ['resume', 'last', '--auto', '--host', server.url],
        { ...home.env, OPENAI_API_KEY: KEY },
        { timeoutMs: 40_000 },
      );
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stdout).toContain('print(a + b)');
      expect(resumed.stderr).toMatch(/all tests AC/);
      const after = lines(file);
      expect(after.filter((e) => e.type === 'end')).toHaveLength(1);
      expect(readFileSync(file, 'utf8')).not.toContain(KEY);
      // Steps finished before the kill were served, not asked again.
      expect(server.chatBodies()).toHaveLength(calls);
      const again = await cli(['resume', 'last', '--auto', '--host', server.url], home.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already ended \(solved\); there is nothing to resume/);
      const text = await cli(['replay', 'last'], home.env);
      expect(text.stdout).toMatch(/solved \(2\/2 samples\)/);
    }, 90_000);
  }
});

describe('files that are not sessions', () => {
  const kinds: [string, string | Buffer, RegExp][] = [
    ['random.jsonl', randomBytes(4096), /is not a simcoach session: (its first line is not JSON|it holds binary data)/],
    ['empty.jsonl', '', /is not a simcoach session: it is empty/],
    [
      'other.jsonl',
      '{"name":"left-pad","version":"1.3.0"}\n{"name":"x"}\n',
      /is not a simcoach session: its first line is not a session header/,
    ],
    ['array.jsonl', '[{"type":"session"}]\n', /is not a simcoach session: its first line is not a JSON object/],
  ];
  it('replay, export and resume each give one line naming the file', async () => {
    const home = tempHome();
    for (const [name, body] of kinds) writeFileSync(join(home.root, name), body);
    for (const [name, , why] of kinds) {
      const file = join(home.root, name);
      for (const args of [
        ['replay', file],
        ['export', file],
        ['resume', file, '--auto'],
      ]) {
        const r = await cli(args, home.env);
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
        const out = r.stderr.trim().split('\n');
        expect(out[0]).toContain(file);
        expect(out[0]).toMatch(why);
        expect(out.length).toBeLessThanOrEqual(2);
        expect(r.stderr).not.toMatch(/at .*\.js:\d+/);
      }
    }
  });

  it('a torn last line: replay and export warn and show what can be read', async () => {
    const home = tempHome();
    const whole = solvedSession().text();
    const file = join(home.sessions, 'torn.jsonl');
    writeFileSync(file, whole.slice(0, whole.length - 40));
    for (const args of [
      ['replay', file],
      ['export', file],
    ]) {
      const r = await cli(args, home.env);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/torn\.jsonl: the last line was cut short/);
      expect(r.stdout).toContain('1. read a and b');
    }
  });
});
