// Programs that attack the judge. Each must end with the right verdict within the limit plus a
// grace, leave no process and no file behind, in Python and in C++.
import { createServer, type Server } from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge.js';
import type { JudgeOptions, LangId, Verdict } from '../../src/runners/types.js';
import { isolateCache, leftoverGroups, leftovers } from './helpers.js';

const TL = 1000;
const WALL = 2500;
const GRACE = 4000;
const opts: JudgeOptions = { timeLimitMs: TL, wallLimitMs: WALL, memoryLimitMb: 256, parallel: 1 };

let restore: () => void;
let server: Server;
let port = 0;
let connections = 0;
const tag = `simcoach-hostile-${process.pid}`;
const outside = [join(tmpdir(), `${tag}-tmp`), join(homedir(), `${tag}-home`), join(tmpdir(), '..', 'var', 'tmp', `${tag}-vartmp`)];

beforeAll(async () => {
  restore = isolateCache();
  server = createServer((s) => {
    connections++;
    s.end('hello\n');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});

afterAll(async () => {
  restore();
  for (const f of outside) rmSync(f, { force: true });
  await new Promise((r) => server.close(r));
});

// One C++ program plays every attack (chosen by the first word of its input), so the suite
// compiles once; the build cache serves the other runs.
const CPP = `#include <bits/stdc++.h>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
using namespace std;
int main() {
  string what; cin >> what;
  if (what == "forkbomb") { while (true) fork(); }
  if (what == "loop") { volatile unsigned long x = 0; while (true) x++; }
  if (what == "sleep") { sleep(60); puts("1"); }
  if (what == "alloc") { vector<char> v(4ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\\n", s); }
  if (what == "print") { string s(1023, 'y'); while (true) puts(s.c_str()); }
  if (what == "tcp") {
    int port; cin >> port; int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET; a.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr); puts(s >= 0 && connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "blocked");
  }
  if (what == "write") { string p; while (cin >> p) { FILE* f = fopen(p.c_str(), "w"); if (f) { fputs("x", f); fclose(f); } } puts("done"); }
  if (what == "setsid") {
    string p; cin >> p;
    if (fork() == 0) { setsid(); if (fork() == 0) { sleep(30); FILE* f = fopen(p.c_str(), "w"); if (f) fputs("late", f); } _exit(0); }
    puts("parent done");
  }
  if (what == "closeout") { puts("42"); fflush(stdout); close(1); sleep(60); }
  if (what == "eof") { long long s = 0, x; while (scanf("%lld", &x) == 1) s += x; for (int i = 0; i < 100000; i++) if (getchar() != EOF) return 1; printf("%lld\\n", s); }
  return 0;
}
`;

interface Case {
  name: string;
  verdict: Verdict;
  /** The C++ program's input: the attack's name and its arguments. */
  cpp: () => string;
  python: () => string;
  input?: string;
  output?: string;
  after?: () => void;
}

const cases: Case[] = [
  {
    name: 'fork bomb',
    verdict: 'TLE',
    cpp: () => 'forkbomb',
    python: () => 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
  },
  { name: 'infinite loop', verdict: 'TLE', cpp: () => 'loop', python: () => 'x = 0\nwhile True:\n    x += 1\n' },
  { name: 'sleep past the limit', verdict: 'TLE', cpp: () => 'sleep', python: () => 'import time\ntime.sleep(60)\nprint(1)\n' },
  { name: 'allocate 4 GiB', verdict: 'MLE', cpp: () => 'alloc', python: () => 'b = bytearray(b"x") * (4 << 30)\nprint(len(b))\n' },
  {
    name: 'print forever',
    verdict: 'OLE',
    cpp: () => 'print',
    python: () => 'import sys\nline = "y" * 1023 + "\\n"\nwhile True:\n    sys.stdout.write(line)\n',
  },
  {
    name: 'TCP connection to 127.0.0.1',
    verdict: 'AC',
    output: 'blocked',
    cpp: () => `tcp ${port}`,
    python: () =>
      `import socket\ntry:\n    s = socket.create_connection(("127.0.0.1", ${port}), timeout=1)\n    print("connected", s.recv(10))\nexcept OSError:\n    print("blocked")\n`,
    after: () => expect(connections).toBe(0),
  },
  {
    name: 'write a file outside the temp dir',
    verdict: 'AC',
    output: 'done',
    cpp: () => `write ${outside.join(' ')}`,
    python: () => `for p in ${JSON.stringify(outside)}:\n    try:\n        open(p, "w").write("x")\n    except OSError:\n        pass\nprint("done")\n`,
    after: () => {
      for (const f of outside) expect(existsSync(f), f).toBe(false);
    },
  },
  {
    name: 'setsid child outliving the parent',
    verdict: 'AC',
    output: 'parent done',
    cpp: () => `setsid ${outside[0]}`,
    python: () =>
      `import os, time\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(30)\n        open(${JSON.stringify(outside[0])}, "w").write("late")\n    os._exit(0)\nprint("parent done")\n`,
  },
  {
    name: 'close stdout early, keep running',
    verdict: 'TLE',
    output: '42',
    cpp: () => 'closeout',
    python: () => 'import os, sys, time\nprint(42)\nsys.stdout.flush()\nos.close(1)\ntime.sleep(60)\n',
  },
  {
    name: 'read stdin past EOF',
    verdict: 'AC',
    input: '1 2 3\n',
    output: '6',
    cpp: () => 'eof',
    python: () => 'import sys\ns = sum(map(int, sys.stdin.read().split()))\nextra = sys.stdin.read()\nfor _ in range(1000):\n    extra += sys.stdin.read()\nprint(s)\ntry:\n    input()\nexcept EOFError:\n    raise SystemExit(3)\n',
  },
];

// Python's EOFError exit is a runtime error; C++ sees EOF every time and answers.
const expected = (c: Case, lang: LangId): Verdict => (c.name === 'read stdin past EOF' && lang === 'python' ? 'RE' : c.verdict);

describe.each(['python', 'cpp'] as const)('hostile programs in %s', (lang) => {
  for (const c of cases) {
    it(`${c.name} → ${expected(c, lang)}`, async () => {
      const source = lang === 'python' ? c.python() : CPP;
      const input = lang === 'python' ? (c.input ?? '') : `${c.cpp()}\n${c.input ?? ''}`;
      const t0 = performance.now();
      const r = await judge({ lang, source }, [{ input, outputs: [c.output ?? 'unused'] }], opts);
      const elapsed = performance.now() - t0 - (r.compile && !r.compile.cached ? r.compile.ms : 0);
      expect(r.compile?.ok ?? true, r.compile?.message).toBe(true);
      expect(r.tests[0]?.verdict, r.tests[0]?.detail).toBe(expected(c, lang));
      if (expected(c, lang) === 'RE') expect(r.tests[0]?.detail).toMatch(/exit code 3/);
      expect(elapsed).toBeLessThan(WALL + GRACE);
      expect(leftovers()).toEqual([]);
      expect(leftoverGroups()).toEqual([]);
      c.after?.();
    });
  }
});
