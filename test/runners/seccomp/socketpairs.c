// Local socket pairs: the first two are let through (the JVM makes one for NIO), the third is
// refused with EACCES.
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>

static const char *said(long r) {
  return r >= 0 ? "allowed" : errno == EACCES ? "EACCES" : errno == EPERM ? "EPERM" : "other";
}

int main(void) {
  int sv[2];
  for (int i = 0; i < 3; i++) printf("pair %d %s\n", i + 1, said(socketpair(AF_UNIX, SOCK_STREAM, 0, sv)));
  return 0;
}
