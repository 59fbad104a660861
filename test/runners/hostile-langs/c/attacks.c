// The attacks every language plays, one program for all (one compile serves them): the first word
// of the input names the attack.
//   fork    a fork bomb: the first fork must end the run (RE, "tried to create a process").
//   memory  4 GiB, every page touched: MLE under a 256 MB limit, never the host's memory.
//   write   writes every host path it reads next (in /tmp, $HOME, /var/tmp): whatever the sandbox
//           lets it write there is its own, none of them may appear on the host.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int memory(void) {
  size_t n = (size_t)4 << 30;
  volatile char *p = malloc(n);
  if (!p) abort();
  long s = 0;
  for (size_t i = 0; i < n; i += 4096) {
    p[i] = 1;
    s += p[i];
  }
  printf("%ld\n", s);
  return 0;
}

static int write_paths(void) {
  char path[4096];
  while (scanf("%4095s", path) == 1) {
    FILE *f = fopen(path, "w");
    if (f) {
      fputs("x", f);
      fclose(f);
    }
  }
  puts("done");
  return 0;
}

int main(void) {
  char attack[16] = "";
  if (scanf("%15s", attack) != 1) return 2;
  if (strcmp(attack, "fork") == 0)
    for (;;) fork();
  if (strcmp(attack, "memory") == 0) return memory();
  if (strcmp(attack, "write") == 0) return write_paths();
  return 2;
}
