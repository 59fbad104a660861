// Sockets are refused with EACCES and the program goes on (the C library's look-ups of users try
// nscd's socket, and fall back to the files); the launcher only notes them.
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>

static const char *said(long r) {
  return r >= 0 ? "allowed" : errno == EACCES ? "EACCES" : errno == EPERM ? "EPERM" : "other";
}

int main(void) {
  printf("inet %s\n", said(socket(AF_INET, SOCK_STREAM, 0)));
  printf("inet6 %s\n", said(socket(AF_INET6, SOCK_DGRAM, 0)));
  printf("unix %s\n", said(socket(AF_UNIX, SOCK_STREAM, 0)));
  printf("netlink %s\n", said(socket(AF_NETLINK, SOCK_RAW, 0)));
  return 0;
}
