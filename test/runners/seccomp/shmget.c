// SysV shared memory is refused: memory no process's RSS shows. The run ends RE at once.
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/shm.h>

int main(void) {
  printf("shmget %d\n", shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600) >= 0);
  return 0;
}
