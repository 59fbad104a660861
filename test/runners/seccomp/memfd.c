// memfd_create is refused: memory no process's RSS shows. The run ends RE at once.
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/mman.h>

int main(void) {
  printf("memfd %d\n", memfd_create("sc", 0) >= 0);
  return 0;
}
