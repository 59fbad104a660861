// userfaultfd is refused with EPERM.
#include <errno.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *said(long r) {
  return r >= 0 ? "allowed" : errno == EPERM ? "EPERM" : errno == ENOSYS ? "ENOSYS" : "other";
}

int main(void) {
  printf("userfaultfd %s\n", said(syscall(SYS_userfaultfd, 0)));
  return 0;
}
