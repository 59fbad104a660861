// Writes every host path it reads (in /tmp, $HOME, /var/tmp): whatever the sandbox lets it write
// there is its own, none of them may appear on the host.
#include <stdio.h>

int main(void) {
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
