// A pipe made larger (F_SETPIPE_SZ) is refused with EPERM; other fcntl calls are not.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

static const char *said(long r) {
  return r >= 0 ? "allowed" : errno == EPERM ? "EPERM" : errno == ENOSYS ? "ENOSYS" : "other";
}

int main(void) {
  int p[2];
  if (pipe(p)) return 1;
  printf("F_SETPIPE_SZ %s\n", said(fcntl(p[0], F_SETPIPE_SZ, 1 << 20)));
  printf("F_GETPIPE_SZ %s\n", said(fcntl(p[0], F_GETPIPE_SZ)));
  return 0;
}
