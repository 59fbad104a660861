// The machine's own ceiling for running one program many times, one and two at a time: a C loop
// that forks and execs it with stdin from a file, with no node, no sandbox and no pipes. Node's
// own async spawns cost a fork of node each, so they understate what the cores can do; this loop
// is the fairest "bare" a parallel judge can be held to on this machine.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = String.raw`#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
/* loop N WIDTH INPUTS_DIR CMD [ARGS...]: runs CMD N times, WIDTH at a time, on INPUTS_DIR/0..N-1; prints ms. */
int main(int argc, char **argv) {
  int n = atoi(argv[1]), width = atoi(argv[2]);
  double t0 = now();
  for (int w = 0; w < width; w++) {
    if (fork() != 0) continue;
    for (int i = w; i < n; i += width) {
      pid_t c = fork();
      if (c == 0) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%d", argv[3], i);
        int in = open(path, O_RDONLY), out = open("/dev/null", O_WRONLY);
        dup2(in, 0); dup2(out, 1); dup2(out, 2);
        execv(argv[4], argv + 4);
        _exit(127);
      }
      waitpid(c, NULL, 0);
    }
    _exit(0);
  }
  while (wait(NULL) > 0) {}
  printf("%.3f\n", now() - t0);
  return 0;
}
`;

export interface ForkLoop {
  /** Wall ms for all the inputs, `width` at a time. */
  run(width: number): number;
  close(): void;
}

/** Compiles the loop (null without a C compiler) and writes the inputs it feeds the program. */
export function forkLoop(cmd: string, args: string[], inputs: string[]): ForkLoop | null {
  const dir = mkdtempSync(join(tmpdir(), 'simcoach-bench-fork-'));
  writeFileSync(join(dir, 'loop.c'), SOURCE);
  const cc = ['cc', 'gcc'].find(
    (c) => spawnSync(c, ['-O2', '-o', join(dir, 'loop'), join(dir, 'loop.c')]).status === 0,
  );
  if (!cc) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  inputs.forEach((input, i) => writeFileSync(join(dir, String(i)), input));
  return {
    run: (width) => {
      const r = spawnSync(join(dir, 'loop'), [String(inputs.length), String(width), dir, cmd, ...args], {
        encoding: 'utf8',
      });
      return Number(r.stdout.trim());
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
