// `listen` writes a program file per problem (#49): `<short id>.<ext>` from the person's template
// in the folder where it runs (or listen.fileDir), in listen.lang; never over a file that is there;
// off with --no-file. Its "open it as" line is a command that works, run here as printed.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, start, tempEnv, type Running } from './cli-helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const payload = (index: string) => ({
  name: `${index}. Sum`,
  group: 'Codeforces - Round 4',
  url: `https://codeforces.com/problemset/problem/4/${index}`,
  tests: [{ input: '1 2\n', output: '3\n' }],
});

const TEMPLATE =
  '// my template\n#include <bits/stdc++.h>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n';

/** A person's home with a C++ template and listen.lang cpp, and an empty folder to work in. */
async function person(): Promise<{ env: NodeJS.ProcessEnv; work: string }> {
  const env = tempEnv();
  const templates = join(env.XDG_CONFIG_HOME!, 'simcoach', 'templates');
  mkdirSync(templates, { recursive: true, mode: 0o700 });
  writeFileSync(join(templates, 'solution.cpp'), TEMPLATE, { mode: 0o600 });
  const set = await runCli(['config', 'set', 'listen.lang', 'cpp'], env);
  expect(set.code, set.stderr).toBe(0);
  return { env, work: tempDir('simcoach-work-') };
}

async function listening(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
): Promise<{ l: Running; send: (index: string) => Promise<string> }> {
  const l = start(['listen', '--port', '0', ...args], env, cwd);
  const port = (await l.waitFor(/on 127\.0\.0\.1:(\d+)/))[1];
  const send = async (index: string): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload(index)),
    });
    expect(res.status).toBe(200);
    // The line of this send: one more than the lines about the problem so far.
    const line = `(?:saved|sent again:) ${index}\\. Sum .*\\n`;
    const before = l.stdout().match(new RegExp(line, 'g'))?.length ?? 0;
    return (await l.waitFor(new RegExp(`^(?:[\\s\\S]*?${line}){${before}}[\\s\\S]*?(${line})`)))[1]!;
  };
  return { l, send };
}

/** Runs the line's command as printed (`watch` until its first verdict), in the folder listen ran in. */
async function opens(line: string, env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  const command = /open it as: simcoach (.+)$/m.exec(line)![1]!.split(' ');
  const w = start(command, env, cwd);
  try {
    return (await w.waitFor(/(AC|WA|CE|RE)\b[^\n]*/))[0];
  } finally {
    w.proc.kill('SIGINT');
    await w.exit;
  }
}

describe('listen writes a program file per problem', () => {
  it('<short id>.<ext> from the template, here; kept when there; "open it as" runs', async () => {
    const { env, work } = await person();
    writeFileSync(join(work, 'cf4B.cpp'), 'mine\n');
    const { l, send } = await listening([], env, work);
    try {
      const a = await send('A');
      expect(a).toMatch(/→ .*a-sum\.md · wrote cf4A\.cpp · open it as: simcoach watch cf4A\.cpp\n$/);
      expect(readFileSync(join(work, 'cf4A.cpp'), 'utf8')).toBe(TEMPLATE);
      expect(await opens(a, env, work)).toMatch(/AC/);
      const b = await send('B');
      expect(b).toMatch(/· kept your cf4B\.cpp · open it as: simcoach watch cf4B\.cpp\n$/);
      expect(readFileSync(join(work, 'cf4B.cpp'), 'utf8')).toBe('mine\n');
      expect(await send('A')).toMatch(/sent again: A\. Sum .*; unchanged\n$/);
      expect(readdirSync(work).sort()).toEqual(['cf4A.cpp', 'cf4B.cpp']);
    } finally {
      l.proc.kill('SIGINT');
      await l.exit;
    }
  }, 90_000);

  it('with --dir D the line names D:ID; listen.fileDir places the files; --no-file writes none', async () => {
    const { env, work } = await person();
    const files = join(work, 'src');
    expect((await runCli(['config', 'set', 'listen.fileDir', files], env)).code).toBe(0);
    const { l, send } = await listening(['--dir', 'D'], env, work);
    try {
      const c = await send('C');
      expect(c).toMatch(/ · wrote src\/cf4C\.cpp · open it as: simcoach watch src\/cf4C\.cpp --problem D:cf4C\n$/);
      expect(await opens(c, env, work)).toMatch(/AC/);
    } finally {
      l.proc.kill('SIGINT');
      await l.exit;
    }
    const none = await listening(['--no-file'], env, work);
    try {
      const d = await none.send('D');
      expect(d).toMatch(/ · open it as: simcoach practice cf4D\n$/);
      expect(readdirSync(files)).toEqual(['cf4C.cpp']);
    } finally {
      none.l.proc.kill('SIGINT');
      await none.l.exit;
    }
  }, 90_000);

  it('a folder that cannot be written is one line before listening, and nothing is written', async () => {
    const { env, work } = await person();
    writeFileSync(join(work, 'a-file'), '');
    expect((await runCli(['config', 'set', 'listen.fileDir', join(work, 'a-file', 'src')], env)).code).toBe(0);
    const r = await runCli(['listen', '--port', '0'], env, work);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(
      /a-file\/src: cannot write program files there \(ENOTDIR\); name another with `simcoach config set listen\.fileDir DIR`, or add --no-file/,
    );
    expect(r.stdout).toBe('');
    expect(readdirSync(work)).toEqual(['a-file']);
  }, 60_000);
});
