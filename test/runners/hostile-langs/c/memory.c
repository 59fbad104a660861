// 4 GiB, every page touched: MLE under a 256 MB limit, never the host's memory.
#include <stdio.h>
#include <stdlib.h>

int main(void) {
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
