// A SysV message queue is refused (32000 queues of 16 KiB are 500 MiB no figure shows). The run
// ends RE at once.
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/msg.h>

int main(void) {
  printf("msgget %d\n", msgget(IPC_PRIVATE, IPC_CREAT | 0600) >= 0);
  return 0;
}
