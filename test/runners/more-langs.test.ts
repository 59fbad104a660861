// C, PyPy 3, Rust and Go judged in the sandbox as root and as the unprivileged person, through the
// built CLI (`simcoach test FILE --problem FOLDER --json`): one program per language plays a sum and
// the hostile cases (a fork bomb, 4 GiB of memory, a file written outside), chosen by the first
// word of each test's input. A toolchain that is not installed skips its language (.ci/run
// installs them all).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS, type LangId } from '../../src/runners/languages/langs.js';
import { resolveCommand } from '../../src/runners/languages/toolchains.js';
import { cli, leftoversOf, place, WHO, type As, type Place } from '../helpers/unprivileged.js';

const SOURCES: Partial<Record<LangId, string>> = {
  c: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {
  char w[64], path[4096];
  if (scanf("%63s", w) != 1) return 2;
  if (!strcmp(w, "sum")) { long a, b; if (scanf("%ld %ld", &a, &b) != 2) return 2; printf("%ld\\n", a + b); return 0; }
  if (!strcmp(w, "fork")) { for (;;) fork(); }
  if (!strcmp(w, "alloc")) { size_t n = (size_t)4 << 30; volatile char *p = malloc(n); long s = 0; if (!p) abort(); for (size_t i = 0; i < n; i += 4096) { p[i] = 1; s += p[i]; } printf("%ld\\n", s); return 0; }
  if (!strcmp(w, "write")) { if (scanf("%4095s", path) != 1) return 2; FILE *f = fopen(path, "w"); if (f) { fputs("x", f); fclose(f); puts("wrote"); } else puts("blocked"); return 0; }
  return 2;
}
`,
  pypy: `import os, sys
w, *rest = sys.stdin.read().split()
if w == "sum":
    print(int(rest[0]) + int(rest[1]))
elif w == "fork":
    while True:
        os.fork()
elif w == "alloc":
    b = bytearray(b"x") * (4 << 30)
    print(len(b))
elif w == "write":
    try:
        with open(rest[0], "w") as f:
            f.write("x")
        print("wrote")
    except OSError:
        print("blocked")
`,
  rust: `use std::io::Read;
fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).unwrap();
    let v: Vec<&str> = s.split_whitespace().collect();
    match v[0] {
        "sum" => println!("{}", v[1].parse::<i64>().unwrap() + v[2].parse::<i64>().unwrap()),
        "fork" => loop { let _ = std::process::Command::new("/bin/true").spawn(); },
        "alloc" => { let b = vec![1u8; 4 << 30]; println!("{}", b[b.len() - 1]); }
        "write" => match std::fs::write(v[1], "x") { Ok(_) => println!("wrote"), Err(_) => println!("blocked") },
        _ => std::process::exit(2),
    }
}
`,
  go: `package main

import (
	"fmt"
	"os"
	"os/exec"
)

func main() {
	var w string
	fmt.Scan(&w)
	switch w {
	case "sum":
		var a, b int64
		fmt.Scan(&a, &b)
		fmt.Println(a + b)
	case "fork":
		for {
			_ = exec.Command("/bin/true").Start()
		}
	case "alloc":
		b := make([]byte, 4<<30)
		for i := range b {
			b[i] = 1
		}
		fmt.Println(b[len(b)-1])
	case "write":
		var path string
		fmt.Scan(&path)
		if os.WriteFile(path, []byte("x"), 0o644) == nil {
			fmt.Println("wrote")
		} else {
			fmt.Println("blocked")
		}
	default:
		os.Exit(2)
	}
}
`,
};

/** Where the write attack aims: a host folder anyone may write, which the sandbox does not show. */
const target = join(tmpdir(), `simcoach-more-langs-${process.pid}`);

interface CliJson { compile?: { ok: boolean; message: string }; tests: { name: string; verdict: string; detail?: string; output: string; stderr: string }[] }

const present = new Map<LangId, boolean>();

beforeAll(async () => {
  mkdirSync(target, { recursive: true, mode: 0o777 });
  execFileSync('chmod', ['0777', target]);
  for (const lang of Object.keys(SOURCES) as LangId[]) {
    present.set(lang, (await Promise.all(LANGS[lang].toolchain.cmds.map((c) => resolveCommand(c)))).every(Boolean));
  }
});
afterAll(() => rmSync(target, { recursive: true, force: true }));

describe.each(WHO)('more languages as %s, through the CLI', (as: As) => {
  let p: Place;
  beforeAll(() => {
    p = place(as);
    const tests = {
      sum: ['sum 2 40', '42'],
      fork: ['fork', 'unused'],
      alloc: ['alloc', 'unused'],
      write: [`write ${join(target, `${as}.txt`)}`, 'blocked'],
    };
    mkdirSync(join(p.files, 'cases'));
    for (const [name, [input, answer]] of Object.entries(tests)) {
      writeFileSync(join(p.files, 'cases', `${name}.in`), `${input}\n`);
      writeFileSync(join(p.files, 'cases', `${name}.out`), `${answer}\n`);
    }
    execFileSync('chmod', ['-R', 'a+rX', p.files]);
  });
  afterAll(() => p.cleanup());

  for (const lang of Object.keys(SOURCES) as LangId[]) {
    it(`${LANGS[lang].name}: a sum AC; a fork bomb RE, 4 GiB MLE, a file outside never written`, async (ctx) => {
      if (!present.get(lang)) ctx.skip();
      const file = `sol${LANGS[lang].extensions[0]}`;
      writeFileSync(join(p.files, file), SOURCES[lang]!, { mode: 0o644 });
      const run = await cli(p, as, ['test', file, '--problem', 'cases', '--lang', lang, '--tl', '5000', '--ml', '256', '--json']);
      expect(run.stderr).not.toMatch(/Error|at .*\.js:\d+/);
      const j = JSON.parse(run.stdout) as CliJson;
      expect(j.compile?.ok ?? true, j.compile?.message).toBe(true);
      const by = Object.fromEntries(j.tests.map((t) => [t.name, t]));
      const why = (name: string) => `${by[name]?.detail} | ${by[name]?.stderr.slice(0, 300)}`;
      expect(by.sum?.verdict, why('sum')).toBe('AC');
      expect(by.fork?.verdict, why('fork')).toBe('RE');
      expect(by.fork?.detail).toMatch(/^the program tried to create a process/);
      expect(by.alloc?.verdict, why('alloc')).toBe('MLE');
      expect(by.write?.verdict, why('write')).toBe('AC');
      expect(existsSync(join(target, `${as}.txt`))).toBe(false);
      expect(leftoversOf(run.pid)).toEqual([]);
    }, 240_000);
  }
});
