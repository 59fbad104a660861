// A new process is refused (where the problem does not allow them): the run ends RE at once.
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
  pid_t c = fork();
  if (c == 0) _exit(0);
  if (c > 0) waitpid(c, NULL, 0);
  printf("forked %d\n", c > 0);
  return 0;
}
