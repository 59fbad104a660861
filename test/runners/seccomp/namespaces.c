// New namespaces: unshare, setns and clone with a CLONE_NEW* flag are refused with EPERM.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char *said(long r) {
  return r >= 0 ? "allowed" : errno == EPERM ? "EPERM" : errno == ENOSYS ? "ENOSYS" : "other";
}

int main(void) {
  printf("unshare user %s\n", said(unshare(CLONE_NEWUSER)));
  printf("unshare net %s\n", said(unshare(CLONE_NEWNET)));
  printf("unshare mount %s\n", said(unshare(CLONE_NEWNS)));
  int fd = open("/proc/self/ns/uts", O_RDONLY);
  printf("setns %s\n", said(syscall(SYS_setns, fd, 0)));
  // A child in a new user namespace: the flag is refused before any process is made.
  printf("clone newuser %s\n", said(syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0)));
  return 0;
}
