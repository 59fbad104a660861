// simcoach's sandbox supervisor: runs inside one long-lived bubblewrap sandbox per judge worker
// and runs the batch's tests in it, one at a time, so a test costs a clone and an exec instead of
// a whole bubblewrap start-up. Trusted code, compiled once into the cache.
//
//   supervisor serve   requests on fd 0, one reply line each on fd 1, its fields by name (see
//                      launcherMessages.ts and sandboxPool.ts)
//   supervisor gate    the per-test path's launcher: forks the program into the run's cgroups (if
//                      any), waits for its whole tree and reports its CPU time, wall time and
//                      peak memory, killing it at its limits (see gate())
//
// serve is pid 1 of the sandbox (bubblewrap --as-pid-1) and keeps root's SYS_ADMIN, SETUID, SETGID,
// SETPCAP, KILL, CHOWN, DAC_OVERRIDE and FOWNER (bubblewrap dropped the rest); it never runs test
// code with them. All of a test's files are its work, not simcoach's: it gives the worker's work dir
// to the program's uid and writes the input files from the request (the input itself simcoach
// writes into the worker's input file, so that its page cache is not the test's), sends back the
// program's stdout, the end of its stderr and its output file after the run, and then removes all
// of it, and whatever the program wrote in /tmp and /dev/shm, whatever modes it set. simcoach's own thread, which serves every worker, only
// writes one request and reads one reply per test. It joins the
// worker's test cgroup once, so each test is forked into it without a cgroup write. The program
// is started straight from it (cloned vfork's way, see fork_program): it takes a fresh IPC namespace, its limits, then the sandbox uid with no capabilities
// (bounding set included) and no_new_privs, and execs. When it ends, kill(-1, SIGKILL) from pid 1
// kills every other process of the sandbox at once (a fork in flight fails), all are reaped, and
// only then is the reply sent; what it wrote is swept before the next test starts. So nothing of a
// test survives into the next one.
//
// fds (serve): 0 requests, 1 replies (and the abort byte 'k' during a test), 3 memory/cgroup.procs, 4 pids/cgroup.procs,
// 5 cpuacct/cgroup.procs, 6 cpuacct.usage, 7 memory.max_usage_in_bytes, 8 memory.stat,
// 9 memory.oom_control, 10 memory.usage_in_bytes. EOF on fd 0 (simcoach gone, however it died)
// kills the test and exits, and the sandbox with it.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <grp.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
#ifndef PR_CAP_AMBIENT
#define PR_CAP_AMBIENT 47
#define PR_CAP_AMBIENT_CLEAR_ALL 4
#endif

enum { FD_MEM_PROCS = 3, FD_PIDS_PROCS = 4, FD_CPU_PROCS = 5, FD_CPU_USAGE = 6, FD_MEM_PEAK = 7, FD_MEM_STAT = 8, FD_OOM = 9, FD_MEM_USAGE = 10 };
#define WORKS "/sc-work"
#define WORK WORKS "/w"
#define POOL "/sc-pool"
#define MAXF 4096

struct shared {
  int status;        /* the program's wait status */
  int have_status;
  int failed_errno;  /* set-up or exec failure */
  char failed_at[64];
};

static struct shared *sh;
static long ncpu = 1;
/* The highest capability this kernel knows (63 when it cannot be read: the rest fail with EINVAL). */
static int last_cap = 63;
static char inbuf[1 << 20];
static size_t inlen;
/* The programs' open-files limit (-f): pipes and sockets hold kernel memory no figure shows, and
   judges set it in the hundreds, not the thousands. 0: not set. */
static long long open_files;

static int limit_open_files(void) {
  if (open_files <= 0) return 0;
  struct rlimit r = { (rlim_t)open_files, (rlim_t)open_files };
  return setrlimit(RLIMIT_NOFILE, &r);
}

static void die(const char *what) {
  fprintf(stderr, "supervisor: %s: %s\n", what, strerror(errno));
  _exit(125);
}

/* Fills inbuf with at least n bytes from fd 0; 0 at EOF. */
static int need(size_t n) {
  while (inlen < n) {
    if (n > sizeof inbuf) return 0;
    ssize_t r = read(0, inbuf + inlen, sizeof inbuf - inlen);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return 0;
    inlen += (size_t)r;
  }
  return 1;
}

static long long read_ll(int fd) {
  char b[64];
  ssize_t r = pread(fd, b, sizeof b - 1, 0);
  if (r <= 0) return -1;
  b[r] = 0;
  return atoll(b);
}

static long long stat_field(int fd, const char *key) {
  static char b[8192];
  ssize_t r = pread(fd, b, sizeof b - 1, 0);
  if (r <= 0) return 0;
  b[r] = 0;
  size_t k = strlen(key);
  for (char *p = b; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
    if (strncmp(p, key, k) == 0 && p[k] == ' ') return atoll(p + k + 1);
  }
  return 0;
}

/* The group's page cache: what files hold, not the program's own memory. */
static long long file_pages(void) {
  static char b[8192];
  ssize_t r = pread(FD_MEM_STAT, b, sizeof b - 1, 0);
  if (r <= 0) return 0;
  b[r] = 0;
  long long sum = 0;
  for (char *p = b; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
    if (strncmp(p, "total_active_file ", 18) == 0) sum += atoll(p + 18);
    if (strncmp(p, "total_inactive_file ", 20) == 0) sum += atoll(p + 20);
  }
  return sum;
}

static void put(int fd, const char *s) {
  if (pwrite(fd, s, strlen(s), 0) < 0) { /* the reset is best effort: the counters are read as deltas too */ }
}

static void fail(const char *at) {
  sh->failed_errno = errno ? errno : EINVAL;
  snprintf(sh->failed_at, sizeof sh->failed_at, "%s", at);
  _exit(126);
}

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

struct req {
  char *id, *outfile;
  char in[256], out[256];
  long long cpu_ms, wall_ms, fsize, stack, uid, gid, in_len, out_all, out_keep, err_keep;
  char *argv[MAXF], *envp[MAXF], *fname[64];
  long long flen[64];
  size_t nfiles;
  long long procs; /* the run may create processes */
  long long mem, tasks; /* where no cgroup limits them (userve): its memory, and RLIMIT_NPROC (0: none) */
};

/* What no judged program needs and the kernel is better off without, refused by a seccomp filter:
   - the keyring calls (EPERM): the kernel keeps keyrings per uid in the host's user namespace, not
     per process tree, so a key one program added (no privilege needed) would be there for every
     later run as the sandbox's uid, a channel between tests that outlives them;
   - new namespaces (unshare, setns, clone with a CLONE_NEW* flag: EPERM), userfaultfd (EPERM) and
     io_uring (ENOSYS, as on a kernel without it): each is contained in the sandbox, but each opens
     much more of the kernel to the program. clone3 gets ENOSYS (its flags are in memory the filter
     cannot read), and the C library falls back to clone, whose flags it can;
   - every call of another ABI (32-bit int 0x80, x32: ENOSYS), whose numbers differ;
   - a pipe made larger (fcntl F_SETPIPE_SZ: EPERM): with the open-files limit (OPEN_FILES in
     sandbox.ts) it bounds what pipes hold in the kernel, which no figure of ours shows, to a few MiB.
   And the judge's own rules, as isolate's --processes=1 and Codeforces' (docs/notes/launcher.md):
   - a new process (fork, vfork, clone without CLONE_THREAD), unless the run allows processes (-p:
     the compilers); threads stay allowed;
   - memfd_create and SysV shared memory and message queues (shmget, msgget): memory no process's
     RSS shows, which only a cgroup would count (32000 queues of 16 KiB are 500 MiB);
   - sockets (socket, socketpair), whose buffers are such memory too (and no judged program talks
     to anyone). These are refused with EACCES and the program goes on: the C library's lookups of
     users try nscd's socket (the JVM does at start), and fall back to the files. Only the first
     SOCKETPAIRS local socket pairs are let through: the JVM makes one as it opens its first file
     channel (NIO's pre-close descriptor), and so few pairs hold little (a few hundred KiB each).
   Each refusal goes to the launcher through the filter's listener (SECCOMP_RET_USER_NOTIF), which
   answers it, notes what was tried for the report, and ends the run at once (a socket: only notes
   it). A kernel without listeners (before 5.0) kills the program with SIGSYS instead, and refuses
   sockets with EACCES silently; one without SECCOMP_USER_NOTIF_FLAG_CONTINUE (before 5.5) lets no
   socket pair through.
   The program itself is generated from the one table in src/runners/seccompBpf.ts (the header
   below, written beside this file when the launcher is built): sc_filter[allow processes][notify].
   Elsewhere than x86-64 and arm64 there is no filter (SC_FILTERS 0). */
#include "supervisor-policy.h"
enum { REFUSED_NONE, REFUSED_PROCESS, REFUSED_MEMFD, REFUSED_SHM, REFUSED_SOCKET };
/* Their names in the reply and the report (refusal.ts). */
static const char *const refused_name[] = { "none", "process", "memfd", "shm", "socket" };
#define SOCKETPAIRS 2
#if defined(SECCOMP_IOCTL_NOTIF_RECV) && defined(SECCOMP_RET_USER_NOTIF) && defined(SECCOMP_FILTER_FLAG_NEW_LISTENER)
#define HAVE_NOTIFY 1
#else
/* Headers older than the kernel's listeners: the filter that kills is the only one set. */
#define HAVE_NOTIFY 0
#define SECCOMP_FILTER_FLAG_NEW_LISTENER 0
#endif

/* Sends fd over the socket `to` (SCM_RIGHTS); 0 when sent. */
static int send_fd(int to, int fd) {
  char byte = 'l';
  struct iovec iov = { &byte, 1 };
  union { struct cmsghdr h; char b[CMSG_SPACE(sizeof(int))]; } c;
  memset(&c, 0, sizeof c);
  struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = c.b, .msg_controllen = sizeof c.b };
  struct cmsghdr *h = CMSG_FIRSTHDR(&m);
  h->cmsg_level = SOL_SOCKET;
  h->cmsg_type = SCM_RIGHTS;
  h->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(h), &fd, sizeof(int));
  return sendmsg(to, &m, MSG_NOSIGNAL) == 1 ? 0 : -1;
}

/* The listener the program's side sent (recv_fd's counterpart), or -1 when it sent none. */
static int recv_fd(int from) {
  char byte;
  struct iovec iov = { &byte, 1 };
  union { struct cmsghdr h; char b[CMSG_SPACE(sizeof(int))]; } c;
  memset(&c, 0, sizeof c);
  struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = c.b, .msg_controllen = sizeof c.b };
  ssize_t r;
  do r = recvmsg(from, &m, MSG_CMSG_CLOEXEC); while (r < 0 && errno == EINTR);
  struct cmsghdr *h = r == 1 ? CMSG_FIRSTHDR(&m) : NULL;
  if (!h || h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) return -1;
  int fd;
  memcpy(&fd, CMSG_DATA(h), sizeof(int));
  return fd;
}

/* The program's side, last thing before its exec (no_new_privs already set): the filter, its
   listener sent to the launcher on `to` and closed. Without listeners, the filter that kills. */
static int program_filter(int allow_procs, int to) {
#if SC_FILTERS
  int p = allow_procs ? 1 : 0;
  /* The kernel only reads the program: the cast drops a const it has no use for. */
  struct sock_fprog prog = { sc_filter_len[p][1], (struct sock_filter *)sc_filter[p][1] };
  int lfd = HAVE_NOTIFY ? (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER, &prog) : -1;
  if (lfd >= 0) {
    int r = send_fd(to, lfd);
    close(lfd);
    close(to);
    return r;
  }
  close(to);
  struct sock_fprog plain = { sc_filter_len[p][0], (struct sock_filter *)sc_filter[p][0] };
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &plain, 0, 0);
#else
  (void)allow_procs;
  close(to);
  return 0;
#endif
}

/* What the program tried, from a refused call: its number and, for clone, nothing more to read. */
static int refusal_of(int nr) {
  if (nr == SYS_memfd_create) return REFUSED_MEMFD;
  if (nr == SYS_shmget || nr == SYS_msgget) return REFUSED_SHM;
  if (nr == SYS_socket || nr == SYS_socketpair) return REFUSED_SOCKET;
  return REFUSED_PROCESS;
}

/* Answers the refused calls waiting on the listener; what was tried goes into *refused (a socket
   only when nothing worse was). *pairs is how many local socket pairs may still be made. 1 when
   the run must end now. */
static int answer_refused(int lfd, int *refused, int *pairs) {
#if HAVE_NOTIFY
  int end = 0;
  for (;;) {
    struct pollfd p = { lfd, POLLIN, 0 };
    if (poll(&p, 1, 0) <= 0 || !(p.revents & POLLIN)) return end;
    struct seccomp_notif req;
    memset(&req, 0, sizeof req);
    if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_RECV, &req)) return end;
    int what = refusal_of(req.data.nr);
    struct seccomp_notif_resp resp;
    memset(&resp, 0, sizeof resp);
    resp.id = req.id;
#ifdef SECCOMP_USER_NOTIF_FLAG_CONTINUE
    /* The family is a register, not memory: what is checked is what the kernel then runs. */
    if (req.data.nr == SYS_socketpair && req.data.args[0] == AF_UNIX && *pairs > 0) {
      (*pairs)--;
      resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
      if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_SEND, &resp) == 0) continue;
      /* A kernel without CONTINUE: refused as any other. */
      resp.flags = 0;
    }
#endif
    resp.error = what == REFUSED_SOCKET ? -EACCES : -EPERM;
    if (ioctl(lfd, SECCOMP_IOCTL_NOTIF_SEND, &resp)) { /* the caller is gone (killed): nothing to answer */ }
    if (*refused == REFUSED_NONE || *refused == REFUSED_SOCKET) *refused = what;
    if (what != REFUSED_SOCKET) end = 1;
  }
#else
  (void)lfd;
  (void)refused;
  (void)pairs;
  return 0;
#endif
}

static int open_std(const char *path, int flags, int target) {
  int fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return -1;
  if (dup2(fd, target) < 0) return -1;
  close(fd);
  return 0;
}

/* Empties the bounding set (root only: CAP_SETPCAP): nothing exec'd after can gain a capability. */
static int drop_bounding_set(void) {
  char lc[16] = "";
  int lfd = open("/proc/sys/kernel/cap_last_cap", O_RDONLY | O_CLOEXEC);
  if (lfd >= 0) {
    ssize_t r = read(lfd, lc, sizeof lc - 1);
    if (r > 0) lc[r] = 0;
    close(lfd);
  }
  if (atoi(lc) > 0 && atoi(lc) < 64) last_cap = atoi(lc);
  for (int c = 0; c <= last_cap; c++) {
    if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) && errno != EINVAL) return -1;
  }
  return 0;
}

/* From root to the program's uid and gid: no groups, no capability left (ambient, inheritable,
   permitted, effective). By number, with no look-up of users or groups: a look-up (NSS, nscd's
   socket) made under the program's filter would be charged to the program. */
static int become(uid_t uid, gid_t gid) {
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  if (setgroups(0, NULL) || setresgid(gid, gid, gid) || setresuid(uid, uid, uid)) return -1;
  struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  return (int)syscall(SYS_capset, &hdr, data);
}

/* The program's side, its stdio set: the listener's way at fd 3 and nothing else of ours, its
   limits, its work dir. */
static void program_limits(struct req *q, int to) {
  struct rlimit r;
  if (dup2(to, 3) < 0 || fcntl(3, F_SETFD, FD_CLOEXEC)) fail("keep the listener's way");
  if (syscall(436 /* close_range */, 4, ~0U, 0)) for (int fd = 4; fd < 1024; fd++) close(fd);
  long long cpu = (q->cpu_ms + 999) / 1000 + 1;
  r.rlim_cur = cpu; r.rlim_max = cpu + 1;
  if (setrlimit(RLIMIT_CPU, &r)) fail("setrlimit cpu");
  r.rlim_cur = r.rlim_max = 0;
  if (setrlimit(RLIMIT_CORE, &r)) fail("setrlimit core");
  r.rlim_cur = r.rlim_max = q->fsize;
  if (setrlimit(RLIMIT_FSIZE, &r)) fail("setrlimit fsize");
  r.rlim_cur = r.rlim_max = q->stack;
  if (setrlimit(RLIMIT_STACK, &r)) fail("setrlimit stack");
  /* Counted in the sandbox's user namespace (a normal user's pool), where nothing of an earlier test is left (see gate_child's -n). */
  r.rlim_cur = r.rlim_max = q->tasks;
  if (q->tasks > 0 && setrlimit(RLIMIT_NPROC, &r)) fail("setrlimit nproc");
  if (limit_open_files()) fail("setrlimit nofile");
  if (chdir(WORK)) fail("chdir");
}

/* The program's last steps, with no privilege left: no_new_privs, its filter, exec. */
static void program_exec(struct req *q) {
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no_new_privs");
  if (program_filter(q->procs, 3)) fail("seccomp");
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) fail("pdeathsig");
  execve(q->argv[0], q->argv, q->envp);
  fail("exec");
}

/* The program: its own IPC namespace and stdio, limits, then no privilege at all, then exec. Its
   mounts are the worker's: a test's namespace of its own cost more than the rest of its set-up
   together (copying the worker's mount tree, and an expedited RCU grace period when it went, which
   stalls the other core), so what a test can write there is swept after it instead (sweep()). */
static void program(struct req *q, int to, int errw) {
  /* No SysV or POSIX IPC object of it outlives it. */
  if (unshare(CLONE_NEWIPC)) fail("unshare");
  /* Not O_TRUNC: the files are empty, and a truncating open would make ext4 write the output to disk when it closes. */
  /* Its stderr is a pipe we drain as it comes, keeping the end: never a file the output limit or
     page cache accounting could reach, so stderr never fails a test. */
  if (open_std(q->in, O_RDONLY, 0) || open_std(q->out, O_WRONLY | O_CREAT, 1) || dup2(errw, 2) < 0) fail("open stdio");
  /* The way the filter's listener goes to us is fd 3; nothing else of ours stays open. */
  program_limits(q, to);
  if (become((uid_t)q->uid, (gid_t)q->gid)) fail("drop to the program's uid");
  program_exec(q);
}

static void write_all(const char *b, size_t n) {
  while (n > 0) {
    ssize_t w = write(1, b, n);
    if (w < 0 && errno == EINTR) continue;
    /* simcoach is gone: the next read of fd 0 sees EOF and ends us. */
    if (w <= 0) return;
    b += w;
    n -= (size_t)w;
  }
}

static void reply(const char *fmt, ...) {
  char b[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(b, sizeof b, fmt, ap);
  va_end(ap);
  if (n > 0) write_all(b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* Moves the next n bytes of the request's data to fd (or drops them when fd < 0): first what is
   already in inbuf from *pos, then straight from fd 0. 0 when all were written. */
static int copy_in(int fd, long long n, size_t *pos) {
  static char b[1 << 16];
  int ok = 1;
  while (n > 0) {
    const char *src;
    size_t k;
    if (*pos < inlen) {
      src = inbuf + *pos;
      k = inlen - *pos < (size_t)n ? inlen - *pos : (size_t)n;
      *pos += k;
    } else {
      ssize_t r = read(0, b, (size_t)n < sizeof b ? (size_t)n : sizeof b);
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) _exit(0);
      src = b;
      k = (size_t)r;
    }
    n -= (long long)k;
    while (ok && fd >= 0 && k > 0) {
      ssize_t w = write(fd, src, k);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) { ok = 0; break; }
      src += w;
      k -= (size_t)w;
    }
  }
  return ok && fd >= 0 ? 0 : -1;
}

/* n bytes of fd from off onto the reply; zeros where the file ended early, so the stream stays whole. */
static void send_out(int fd, off_t off, long long n) {
  while (n > 0) {
    ssize_t w = fd >= 0 ? sendfile(1, fd, &off, (size_t)n) : -1;
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      static const char zeros[4096];
      while (n > 0) {
        size_t k = (size_t)n < sizeof zeros ? (size_t)n : sizeof zeros;
        write_all(zeros, k);
        n -= (long long)k;
      }
      return;
    }
    n -= w;
  }
}

/* n bytes of fd from off into b; zeros where the file ended early. */
static void pull(int fd, off_t off, char *b, long long n) {
  long long got = 0;
  while (fd >= 0 && got < n) {
    ssize_t r = pread(fd, b + got, (size_t)(n - got), off + got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += r;
  }
  memset(b + got, 0, (size_t)(n - got));
}

/* Removes what a test left in the directory top: every entry (all = 1) or, at the top, only those
   not root's (the kept dirs under /tmp are root's, and a program cannot make anything root's). It
   goes down one directory at a time and back up through "..", holding one descriptor, so neither
   path length nor depth limits it (a program can nest directories far past PATH_MAX). It never
   follows a link nor leaves the top's file system, and no process of the test is left to move
   anything meanwhile. 0 when all of it went; on anything it cannot remove it stops at once. */
static int clear(int top, int all) {
  struct stat ts;
  if (fstat(top, &ts)) return -1;
  int cur = openat(top, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  long depth = 0;
  /* The directory just left upwards: found again not removable, it is stuck, not to be entered again. */
  ino_t up = 0;
  while (cur >= 0) {
    int fd = dup(cur);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (!d) {
      if (fd >= 0) close(fd);
      break;
    }
    char down[256] = "";
    int failed = 0;
    struct dirent *e;
    while (!failed && !down[0] && (e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      struct stat st;
      if (fstatat(cur, e->d_name, &st, AT_SYMLINK_NOFOLLOW)) failed = 1;
      else if (depth == 0 && !all && st.st_uid == 0) continue;
      else if (!S_ISDIR(st.st_mode)) failed = unlinkat(cur, e->d_name, 0) != 0;
      else if (st.st_dev != ts.st_dev) failed = 1;
      else if (unlinkat(cur, e->d_name, AT_REMOVEDIR)) {
        if ((errno != ENOTEMPTY && errno != EEXIST) || st.st_ino == up) failed = 1;
        else snprintf(down, sizeof down, "%s", e->d_name);
      }
    }
    closedir(d);
    if (failed) break;
    int next = -1;
    if (down[0]) {
      next = openat(cur, down, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      depth++;
    } else if (depth > 0) {
      /* This one is empty now: back up, where the next pass removes it. */
      struct stat cs;
      up = fstat(cur, &cs) ? 0 : cs.st_ino;
      next = openat(cur, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      depth--;
    } else {
      close(cur);
      return 0;
    }
    close(cur);
    cur = next;
  }
  if (cur >= 0) close(cur);
  return -1;
}

/* The places a program can write: its work dir (made afresh in works for each test), /tmp and /dev/shm. */
static int works_fd = -1, work_fd = -1, tmp_fd = -1, shm_fd = -1;
/* Whose the work dir is: the last request's program's. */
static uid_t work_uid;
static gid_t work_gid;
/* The worker's start: the times /tmp and /dev/shm are given back after each test. */
static struct timespec born[2];

/* The next test's work dir, a new one: what a program can set on the dir itself (its times,
   extended attributes and ACLs, inode flags, its size on disk) goes with the old one. Made while
   simcoach reads the last reply, so it costs a test nothing it waits for. */
static int fresh_work(void) {
  if (work_fd >= 0) {
    if (clear(work_fd, 1)) return -1;
    close(work_fd);
    work_fd = -1;
  }
  if (unlinkat(works_fd, "w", AT_REMOVEDIR) && errno != ENOENT) return -1;
  if (mkdirat(works_fd, "w", 0755) || fchownat(works_fd, "w", work_uid, work_gid, AT_SYMLINK_NOFOLLOW)) return -1;
  work_fd = openat(works_fd, "w", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  return work_fd < 0 ? -1 : 0;
}

/* Everything the last test wrote goes before the next one starts; 0 when all of it went. When some
   of it could not, the next request fails its set-up, and simcoach runs the rest
   of the batch in sandboxes of their own: nothing of a test may reach the next. */
static int sweep(void) {
  int r = fresh_work() | clear(tmp_fd, 0) | clear(shm_fd, 1);
  /* Anyone may touch the times of /tmp and /dev/shm (they are writable to all): back to the worker's. */
  if (futimens(tmp_fd, born) || futimens(shm_fd, born)) r = -1;
  return r;
}

/* Empties a file through an fd of our own: ext4 marks a file cut to nothing to be written to disk
   at its next close (auto_da_alloc), and this close, with nothing left to write, is that one; the
   program's close of its output then writes nothing. Its page cache goes too, so the next test's
   memory does not count it. */
static void empty(const char *path) {
  int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  if (ftruncate(fd, 0)) { /* the next test's set-up sees it and fails rather than show this output */ }
  close(fd);
}

/* A plain file name: no folder, nothing that leaves the work dir. */
static int plain(const char *name) {
  return name[0] && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..") && strlen(name) < 200;
}

/* The end of the program's stderr, from its pipe: the last `keep` bytes it wrote, whatever it wrote. */
#define ERR_RING (1 << 16)
struct tail {
  char b[ERR_RING];
  long long n; /* bytes written in all */
  long long keep;
};

/* Reads what the pipe holds now into the tail; 1 while a writer may still write. */
static int drain(int fd, struct tail *t) {
  char b[1 << 16];
  for (;;) {
    ssize_t r = read(fd, b, sizeof b);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return errno == EAGAIN;
    if (r == 0) return 0;
    for (ssize_t i = 0; i < r; i++) t->b[(t->n + i) % ERR_RING] = b[i];
    t->n += r;
  }
}

/* The tail's kept bytes into out (at most keep); their number. */
static long long tail_bytes(const struct tail *t, char *out) {
  long long k = t->n < t->keep ? t->n : t->keep;
  for (long long i = 0; i < k; i++) out[i] = t->b[(t->n - k + i) % ERR_RING];
  return k;
}

/* How often the test's memory is sampled (ms): the group's peak less the page cache at the end
   could be lowered by a program (memory freed, then files read into the cache), so the largest
   usage less page cache seen during the run is a floor. */
#define MEM_SAMPLE_MS 10

/* The largest `usage - page cache - base` so far, into *best: memory.stat (the dearer read) only
   when the usage alone could beat it. */
static void sample_memory(long long base, long long *best) {
  long long usage = read_ll(FD_MEM_USAGE) - base;
  if (usage <= *best) return;
  long long own = usage - file_pages();
  if (own > *best) *best = own;
}

/* A message's named field (launcherMessages.ts): a number, or text where text is set. */
struct kv { const char *key; long long num; const char *text; };

/* " key=value" for each field into b (at most size, NUL-terminated); the length written. */
static int put_fields(char *b, size_t size, const struct kv *f, size_t n) {
  size_t at = 0;
  for (size_t i = 0; i < n && at < size; i++) {
    int w = f[i].text ? snprintf(b + at, size - at, " %s=%s", f[i].key, f[i].text) : snprintf(b + at, size - at, " %s=%lld", f[i].key, f[i].num);
    if (w < 0) break;
    at += (size_t)w;
  }
  return at < size ? (int)at : (int)size - 1;
}

/* The request's single fields by name (REQUEST_FIELDS in launcherMessages.ts), each exactly once. */
struct field { const char *key; long long *num; char **text; };

/* Why the request is refused (static text), or NULL. What is not in the table, twice, missing or
   not a number is refused: a field one side added and the other does not know fails loudly. */
static const char *take_fields(struct req *q, char **f, size_t nf) {
  static char why[128];
  struct field t[] = {
    { "id", NULL, &q->id }, { "cpu_ms", &q->cpu_ms, NULL }, { "wall_ms", &q->wall_ms, NULL }, { "fsize", &q->fsize, NULL },
    { "stack", &q->stack, NULL }, { "uid", &q->uid, NULL }, { "gid", &q->gid, NULL }, { "in_len", &q->in_len, NULL },
    { "out_all", &q->out_all, NULL }, { "out_keep", &q->out_keep, NULL }, { "err_keep", &q->err_keep, NULL },
    { "outfile", NULL, &q->outfile }, { "procs", &q->procs, NULL }, { "mem", &q->mem, NULL }, { "tasks", &q->tasks, NULL },
  };
  enum { NT = sizeof t / sizeof t[0] };
  int seen[NT] = { 0 };
  size_t argc = 0, envc = 0;
  for (size_t i = 0; i < nf; i++) {
    char *v = strchr(f[i], '=');
    if (!v) return "bad request: a field without a value";
    *v++ = 0;
    if (!strcmp(f[i], "arg") || !strcmp(f[i], "env")) {
      size_t *n = f[i][0] == 'a' ? &argc : &envc;
      if (*n + 1 >= MAXF) return "bad request: too many arguments or variables";
      (f[i][0] == 'a' ? q->argv : q->envp)[(*n)++] = v;
      continue;
    }
    if (!strcmp(f[i], "file")) {
      char *name = strchr(v, ':');
      if (!name || q->nfiles >= 64) return "bad request: a bad input file";
      q->flen[q->nfiles] = atoll(v);
      q->fname[q->nfiles++] = name + 1;
      continue;
    }
    size_t k = 0;
    while (k < NT && strcmp(t[k].key, f[i])) k++;
    char *end = v;
    if (k < NT && t[k].num) *t[k].num = strtoll(v, &end, 10);
    else if (k < NT) *t[k].text = v;
    if (k == NT) snprintf(why, sizeof why, "bad request: unknown field %.64s", f[i]);
    else if (seen[k]++) snprintf(why, sizeof why, "bad request: %s twice", f[i]);
    else if (t[k].num && (!*v || *end)) snprintf(why, sizeof why, "bad request: %s is not a number", f[i]);
    else continue;
    return why;
  }
  for (size_t k = 0; k < NT; k++) {
    if (!seen[k]) { snprintf(why, sizeof why, "bad request: missing field %s", t[k].key); return why; }
  }
  return argc == 0 ? "bad request: no program" : NULL;
}

/* An id a reply can carry back: a short word of lower-case letters and digits. */
static int good_id(const char *id) {
  return id && id[0] && strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(id) && strlen(id) <= 64;
}

/* Whether the request's values are ones we act on; its data (dlen bytes) must be its files'. */
static const char *check_request(struct req *q, long long dlen) {
  long long sum = q->in_len > 0 ? q->in_len : 0;
  if (!good_id(q->id)) return "bad request: a bad id";
  if (q->outfile[0] && !plain(q->outfile)) return "bad request: a bad output file";
  for (size_t i = 0; i < q->nfiles; i++) {
    if (!plain(q->fname[i]) || q->flen[i] < 0) return "bad request: a bad input file";
    sum += q->flen[i];
  }
  if (sum != dlen) return "bad request: the data is not the files' length";
  q->procs = q->procs == 1;
  return NULL;
}

/* The next request off fd 0 into q: "<length> <data length>\n", that many bytes of NUL-terminated
   `key=value` fields, then the data (the input, then each input file), from *pos. Why it is
   refused, or NULL; at EOF we are done. */
static const char *read_request(struct req *q, size_t *pos, long long *dlen) {
  inlen = 0;
  size_t hl = 0;
  for (;;) {
    if (!need(hl + 1)) _exit(0);
    if (inbuf[hl] == '\n') break;
    hl++;
  }
  size_t len = (size_t)atoll(inbuf);
  char *sp = memchr(inbuf, ' ', hl);
  *dlen = sp ? atoll(sp + 1) : 0;
  size_t start = hl + 1;
  if (!need(start + len)) _exit(0);
  *pos = start + len;
  static char *f[2 * MAXF + 200];
  size_t nf = 0;
  for (size_t i = start; i < start + len && nf < sizeof f / sizeof f[0]; i += strlen(inbuf + i) + 1) f[nf++] = inbuf + i;
  memset(q, 0, sizeof *q);
  const char *bad = take_fields(q, f, nf);
  return bad ? bad : check_request(q, *dlen);
}

/* The test's files: the work dir given to its uid, the output file empty, its input and the files
   it gets in its work dir. What failed (errno in *err), or NULL. */
static const char *prepare(struct req *q, size_t *pos, int dirty, int *err) {
  const char *setup = NULL;
  /* What the last test left that its sweep could not remove fails this one's set-up. */
  if (dirty) { setup = "clear what the last test left"; *err = ENOTEMPTY; }
  struct stat ws;
  /* The dir is new (fresh_work(), mode 0755) and usually already this uid's: only the first test,
     or one run as another uid, gives it over here. */
  work_uid = (uid_t)q->uid;
  work_gid = (gid_t)q->gid;
  if (!setup && (fstat(work_fd, &ws) || ((ws.st_uid != work_uid || ws.st_gid != work_gid) && fchown(work_fd, work_uid, work_gid)))) {
    setup = "give the work dir to the program";
    *err = errno;
  }
  /* Emptied after the last test; again if that failed, so that no output of it can reach this one. */
  struct stat os;
  if (!lstat(q->out, &os) && os.st_size > 0) empty(q->out);
  if (!setup && !lstat(q->out, &os) && os.st_size > 0) { setup = "empty the output file"; *err = EIO; }
  /* An input length of -1: simcoach wrote the input into the file itself, so that its page cache is
     charged to simcoach's group, not to the test's (where, dirty or being written back, it would
     slow the reclaim of a program at its memory limit). */
  int ifd = setup || q->in_len < 0 ? -1 : open(q->in, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (!setup && q->in_len >= 0 && ifd < 0) { setup = "write the input"; *err = errno; }
  if (q->in_len >= 0 && copy_in(ifd, q->in_len, pos) && !setup) { setup = "write the input"; *err = errno; }
  /* Cut to this input's length (the last one may have been longer). */
  if (ifd >= 0 && ftruncate(ifd, (off_t)q->in_len) && !setup) { setup = "write the input"; *err = errno; }
  if (ifd >= 0) close(ifd);
  for (size_t i = 0; i < q->nfiles; i++) {
    int fd = setup ? -1 : openat(work_fd, q->fname[i], O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (!setup && fd < 0) { setup = "write an input file"; *err = errno; }
    if (copy_in(fd, q->flen[i], pos) && !setup) { setup = "write an input file"; *err = errno; }
    if (fd >= 0) close(fd);
  }
  return setup;
}

/* One test's run as it is watched: the program, the ways to it, and what was seen. */
struct watch {
  pid_t c;
  int pfd, lfd, efd;
  struct tail *err;
  long long base, oom0, sampled;
  double t0;
  int cpu_over, wall_over, aborted, killed, eof, st, refused, pairs;
  /* The listener hung up: no task uses the filter any more (the program is exiting). */
  int lhup;
  /* The program's own peak RSS (file pages it maps included, which the group may not be charged for). */
  struct rusage pru;
};

/* The program's side until its exec: vfork's way (CLONE_VM|CLONE_VFORK), in our memory on a stack
   of its own while we wait. A fork copied our page tables for it to fault on and its exec to tear
   down again, most of a pooled test's cost where each page costs more (an emulated CPU). It only
   makes system calls and writes sh (fail()), as its fork did: nothing of ours is running meanwhile,
   and nothing it changes of our memory is read but sh. Its fd table, cwd, rlimits, credentials
   and filter are its own (no CLONE_FILES, CLONE_FS, CLONE_THREAD). */
struct program_side { struct req *q; void (*child)(struct req *, int, int); int way[2], errp[2]; };
static char side_stack[256 << 10] __attribute__((aligned(64)));

static int program_side(void *arg) {
  struct program_side *a = arg;
  close(a->way[0]);
  close(a->errp[0]);
  a->child(a->q, a->way[1], a->errp[1]);
  _exit(126);
}

/* Forks child(q, way, stderr) with its filter's listener sent back on a socket (*lfd) and its stderr
   on a pipe (*efd, non-blocking); its pid and pidfd. Why it could not (errno set), or NULL. */
static const char *fork_program(struct req *q, void (*child)(struct req *, int, int), pid_t *c, int *efd, int *lfd, int *pfd) {
  static struct program_side a;
  int *way = a.way, *errp = a.errp;
  a.q = q;
  a.child = child;
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, way)) return "socketpair";
  if (pipe2(errp, O_CLOEXEC)) { close(way[0]); close(way[1]); return "pipe"; }
  /* Back here once it has exec'd or died: its listener is already on the socket. */
  *c = clone(program_side, side_stack + sizeof side_stack, CLONE_VM | CLONE_VFORK | SIGCHLD, &a);
  if (*c < 0) { int e = errno; close(way[0]); close(way[1]); close(errp[0]); close(errp[1]); errno = e; return "fork"; }
  close(way[1]);
  close(errp[1]);
  *efd = errp[0];
  fcntl(*efd, F_SETFL, O_NONBLOCK);
  *lfd = recv_fd(way[0]);
  close(way[0]);
  *pfd = (int)syscall(SYS_pidfd_open, *c, 0);
  return NULL;
}

/* Forks the program with its filter's listener sent back on a socket and its stderr on a pipe;
   why it could not (errno set), or NULL. */
static const char *start_program(struct req *q, struct watch *w) {
  memset(sh, 0, sizeof *sh);
  put(FD_CPU_USAGE, "0");
  put(FD_MEM_PEAK, "0");
  /* What the group holds before the test that is not the test's: our own memory (file pages are taken off at the end). */
  w->base = read_ll(FD_MEM_USAGE) - file_pages();
  w->oom0 = stat_field(FD_OOM, "oom_kill");
  w->t0 = now_ms();
  return fork_program(q, program, &w->c, &w->efd, &w->lfd, &w->pfd);
}

/* Waits for the program, draining its stderr, sampling its memory, answering its filter, and
   killing the sandbox's every process at a limit or simcoach's abort. */
static void watch(struct req *q, struct watch *w) {
  int next = 0;
  for (;;) {
    /* poll skips the negative fds: no listener, or stderr closed by every writer. A hung-up listener
       and simcoach's end of fd 0 at EOF stay ready for good: polled still, they would wake us at
       once, again and again, until the program is reaped (its exit, a big memory's teardown, takes
       milliseconds), a core spent on nothing, and charged to the test, whose groups we are in. */
    struct pollfd p[4] = { { w->pfd, POLLIN, 0 }, { w->eof ? -1 : 0, POLLIN, 0 }, { w->lhup ? -1 : w->lfd, POLLIN, 0 }, { w->efd, POLLIN, 0 } };
    int n = poll(p, 4, w->pfd < 0 ? 1 : next);
    if (n < 0 && errno != EINTR) break;
    if (p[2].revents & (POLLHUP | POLLERR)) w->lhup = 1;
    if (w->efd >= 0 && p[3].revents && !drain(w->efd, w->err)) { close(w->efd); w->efd = -1; }
    sample_memory(w->base, &w->sampled);
    if (w->lfd >= 0 && (p[2].revents & POLLIN) && answer_refused(w->lfd, &w->refused, &w->pairs) && !w->killed) { kill(-1, SIGKILL); w->killed = 1; }
    if (w->pfd < 0 || (p[0].revents & (POLLIN | POLLHUP))) {
      if (wait4(w->c, &w->st, WNOHANG | __WALL, &w->pru) == w->c) break;
    }
    if (p[1].revents) {
      char b[64];
      ssize_t r = read(0, b, sizeof b);
      /* EOF: simcoach is gone; anything else is an abort. */
      if (r <= 0) w->eof = 1;
      w->aborted = 1;
    }
    double wall = now_ms() - w->t0;
    long long ns = read_ll(FD_CPU_USAGE);
    if (!w->killed && ns > q->cpu_ms * 1000000LL) w->cpu_over = 1;
    if (!w->killed && wall > (double)q->wall_ms) w->wall_over = 1;
    if (!w->killed && (w->cpu_over || w->wall_over || w->aborted)) { kill(-1, SIGKILL); w->killed = 1; }
    /* Look again when the limit could first be reached (every core busy), at most 1 s and at least 5 ms on:
       a short test wakes us only when it ends, and a busy machine is not made busier by our polling. */
    double left_cpu = (q->cpu_ms * 1e6 - (double)ns) / 1e6 / (double)ncpu, left_wall = (double)q->wall_ms - wall;
    double wait = left_cpu < left_wall ? left_cpu : left_wall;
    next = w->killed ? 10 : wait < 5 ? 5 : wait > MEM_SAMPLE_MS ? MEM_SAMPLE_MS : (int)wait;
  }
}

/* Everything the test left (a background child, a setsid grandchild) dies now and is reaped; the
   end of its stderr is read once every writer is gone. */
static void end_test(struct watch *w) {
  if (w->pfd >= 0) close(w->pfd);
  kill(-1, SIGKILL);
  if (w->lfd >= 0) {
    /* A refusal the program made as it ended is still its own. */
    answer_refused(w->lfd, &w->refused, &w->pairs);
    close(w->lfd);
  }
  while (waitpid(-1, NULL, __WALL) > 0 || errno == EINTR) {}
  if (w->efd >= 0) {
    drain(w->efd, w->err);
    close(w->efd);
  }
}

/* What follows a reply's line: the program's stdout (ofd: what of it comes back), the end of its
   stderr, its output file, never through a link the program left nor blocking on a FIFO. */
struct bodies {
  int ofd, ffd;
  long long out_size, n_out, n_err, n_file;
  char err_end[ERR_RING];
};

static void reply_bodies(struct req *q, int ofd, const struct tail *err, struct bodies *b) {
  struct stat s;
  b->ofd = ofd;
  b->out_size = ofd >= 0 && !fstat(ofd, &s) ? (long long)s.st_size : 0;
  b->n_out = b->out_size < q->fsize && q->out_all ? b->out_size : (b->out_size < q->out_keep ? b->out_size : q->out_keep);
  if (b->n_out > q->fsize) b->n_out = q->fsize;
  b->n_err = tail_bytes(err, b->err_end);
  b->ffd = q->outfile[0] ? openat(work_fd, q->outfile, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) : -1;
  b->n_file = -1;
  if (b->ffd >= 0 && !fstat(b->ffd, &s) && S_ISREG(s.st_mode)) b->n_file = (long long)s.st_size < q->fsize ? (long long)s.st_size : q->fsize;
}

/* The reply's line (its figures f) and what follows it (bo, whose output file it closes). */
static void send_figures(struct req *q, const struct kv *f, size_t nf, struct bodies *bo) {
  int ofd = bo->ofd, ffd = bo->ffd;
  long long n_out = bo->n_out, n_err = bo->n_err, n_file = bo->n_file;
  const char *err_end = bo->err_end;
  static char rb[1 << 16];
  int hn = snprintf(rb, 128, "%s ok", q->id);
  hn += put_fields(rb + hn, 1024, f, nf);
  rb[hn++] = '\n';
  long long all = hn + n_out + n_err + (n_file > 0 ? n_file : 0);
  if (all <= (long long)sizeof rb) {
    /* The usual small answer goes in one write, so simcoach wakes once for it. */
    char *b = rb + hn;
    pull(ofd, 0, b, n_out);
    memcpy(b + n_out, err_end, (size_t)n_err);
    if (n_file > 0) pull(ffd, 0, b + n_out + n_err, n_file);
    write_all(rb, (size_t)all);
  } else {
    write_all(rb, (size_t)hn);
    send_out(ofd, 0, n_out);
    write_all(err_end, (size_t)n_err);
    if (n_file > 0) send_out(ffd, 0, n_file);
  }
  if (ffd >= 0) close(ffd);
}

/* The reply: "<id> ok" and the figures by name (REPLY_FIELDS in launcherMessages.ts), then what the
   program wrote: its whole stdout when simcoach compares it (the size limit stopped it at the
   output limit), else the start it keeps; the end of its stderr; its output file, never through a
   link the program left nor blocking on a FIFO. */
static void send_reply(struct req *q, struct watch *w) {
  double wall = now_ms() - w->t0;
  long long peak = read_ll(FD_MEM_PEAK) - (w->base > 0 ? w->base : 0);
  static struct bodies b;
  reply_bodies(q, open(q->out, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), w->err, &b);
  const struct kv f[] = {
    { "status", w->st, NULL }, { "cpu_ns", read_ll(FD_CPU_USAGE), NULL }, { "peak_bytes", peak, NULL }, { "file_bytes", file_pages(), NULL },
    { "oom", stat_field(FD_OOM, "oom_kill") - w->oom0, NULL }, { "wall_us", (long long)(wall * 1000), NULL },
    { "cpu_over", w->cpu_over, NULL }, { "wall_over", w->wall_over, NULL }, { "aborted", w->aborted, NULL },
    { "out_size", b.out_size, NULL }, { "out_len", b.n_out, NULL }, { "err_len", b.n_err, NULL }, { "file_len", b.n_file, NULL },
    { "max_rss_kb", w->pru.ru_maxrss, NULL }, { "refused", 0, refused_name[w->refused] }, { "sampled_bytes", w->sampled, NULL },
  };
  send_figures(q, f, sizeof f / sizeof f[0], &b);
  if (b.ofd >= 0) close(b.ofd);
}

/* One test, from its fork to its reply. */
static void run_test(struct req *q, size_t pos) {
  static struct tail err;
  err.n = 0;
  err.keep = q->err_keep < ERR_RING ? q->err_keep : ERR_RING;
  /* A byte after the request is simcoach's abort, sent before we read it. */
  struct watch w = { .err = &err, .aborted = pos < inlen, .refused = REFUSED_NONE, .pairs = SOCKETPAIRS, .pfd = -1, .lfd = -1, .efd = -1 };
  const char *failed = start_program(q, &w);
  if (failed) {
    reply("%s error %s: %s\n", q->id, failed, strerror(errno));
    return;
  }
  watch(q, &w);
  end_test(&w);
  if (w.eof) _exit(0);
  if (sh->failed_errno) reply("%s error %s: %s\n", q->id, sh->failed_at, strerror(sh->failed_errno));
  else send_reply(q, &w);
}

/* Once, before the first request: into the worker's groups, the bounding set dropped, the writable
   dirs opened and the first work dir made. */
static void serve_start(void) {
  sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) die("mmap");
  /* Into the worker's test groups once: every test is forked into them from here. */
  if (write(FD_MEM_PROCS, "0", 1) != 1 || write(FD_PIDS_PROCS, "0", 1) != 1 || write(FD_CPU_PROCS, "0", 1) != 1) die("join the cgroups");
  signal(SIGPIPE, SIG_IGN);
  umask(022);
  ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  if (ncpu < 1) ncpu = 1;
  /* The bounding set goes once, here: it only limits what an exec may gain, and we exec nothing but
     the programs, which inherit it empty. Dropped per test, its ~40 credential commits cost more
     than the rest of the program's set-up. Our own capabilities stay. */
  if (drop_bounding_set()) die("drop the bounding set");
  clock_gettime(CLOCK_REALTIME, &born[0]);
  born[1] = born[0];
  works_fd = open(WORKS, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  tmp_fd = open("/tmp", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  shm_fd = open("/dev/shm", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (works_fd < 0 || tmp_fd < 0 || shm_fd < 0 || fresh_work()) die("open the writable dirs");
}

/* The requests of either pool, one test each: take() names its files (or refuses it), run() runs
   it, after() clears what it left (0 when all went). */
static void serve_requests(const char *(*take)(struct req *), void (*run)(struct req *, size_t), int (*after)(void)) {
  int dirty = 0;
  for (;;) {
    struct req q;
    size_t pos;
    long long dlen;
    const char *bad = read_request(&q, &pos, &dlen);
    if (!bad) bad = take(&q);
    if (bad) {
      copy_in(-1, dlen, &pos);
      /* Without an id of its own the reply is "?": simcoach takes it as its request's. */
      reply("%s error %s\n", good_id(q.id) ? q.id : "?", bad);
      continue;
    }
    int setup_errno = 0;
    if (dirty) dirty = after();
    const char *setup = prepare(&q, &pos, dirty, &setup_errno);
    if (setup) reply("%s error %s: %s\n", q.id, setup, strerror(setup_errno ? setup_errno : EIO));
    else run(&q, pos);
    /* Nothing of the test stays for the next one; this runs while simcoach reads the reply. */
    dirty = after();
  }
}

/* The input and output files are the worker's, emptied after each test (see empty()): a new
   inode for each is what costs most here (ext4 without a journal looks over every recently
   removed inode first), and no process of a test outlives it to hold one open. */
static const char *serve_take(struct req *q) {
  snprintf(q->in, sizeof q->in, POOL "/in");
  snprintf(q->out, sizeof q->out, POOL "/out");
  return NULL;
}

static int serve_after(void) {
  struct stat cs;
  if (!lstat(POOL "/out", &cs) && cs.st_size > 0) empty(POOL "/out");
  return sweep();
}

static void serve(void) {
  serve_start();
  serve_requests(serve_take, run_test, serve_after);
}

/* The per-test path's launcher and measurer. It forks the program (which joins the run's cgroups,
   the fds from 3 on that -g names, then takes the filter and execs), stays its parent, and adopts
   every process the program leaves (a child subreaper), so that it waits for all of them: wait4's
   rusage then holds the CPU time (user + system) of the whole tree and the largest peak RSS of any
   of its processes, with or without a cgroup, root or not. Meanwhile it samples the tree from /proc
   every -i milliseconds (CPU time and the sum of the RSS of its live processes) and kills it at the
   CPU, wall-clock or memory limit, so a memory limit needs no address-space limit (which the JVM and
   Node cannot run under). When the program ends, what it left is killed and reaped, and one line
   goes to the report fd (-r), its fields by name (REPORT_FIELDS in launcherMessages.ts):
     status= cpu_us= wall_us= max_rss_kb= tree_peak_kb= procs= cpu_over= wall_over= mem_over= aborted= refused=
   refused is what the program tried that its filter refuses (none, process, memfd, shm or socket:
   see refused_name); -p 1 allows it processes (a compiler); -n caps its
   tasks (RLIMIT_NPROC, set in the child: see there); -u and -G (as root) are the uid and gid the
   program runs as, taken by number in the child before its filter.
   procs is the most processes seen alive at once: above 1 the tree's memory is a sum of samples,
   not one process's exact peak. A byte or EOF on the report fd (it is a socket) kills the tree:
   simcoach's abort, its output limit, or simcoach gone. Nothing runs outside the groups, whenever
   simcoach dies.
   The program's writable places are tmpfs mounts (-t, each): what it writes there is memory, not
   disk. Without a memory cgroup (-m) nothing else would count it, so their growth since the start is
   added to the tree's memory, less what of it the tree has mapped (already in its RSS). After the
   report, what simcoach takes back (-x, each: an output file, a compiler's output dir) goes to the
   send fd (-s), read only now that no process of the run is left to change it (see send()). */
#define TREE_MAX 4096
#define GATE_PATHS 8
#ifndef TMPFS_MAGIC
#define TMPFS_MAGIC 0x01021994
#endif

struct tree_now {
  long long cpu_ticks; /* user + system of the live processes and of the children they reaped */
  long long rss_pages;
  long long tmpfs_kb;  /* of that RSS, what maps files of the run's tmpfs mounts; only when asked */
  int procs;
};

/* The run's tmpfs mounts (-t), by device: their files are counted by what they hold, so what of
   them a process maps must not be counted again in its RSS. Shared memory of any other device
   (MAP_SHARED|MAP_ANONYMOUS, which lives on the kernel's own shm mount) stays in the RSS. */
static dev_t tmpfs_dev[8];
static int ntmpfs_dev;

/* What a process maps of the run's tmpfs files (kB of its RSS), from its smaps by device. */
static long long proc_tmpfs_kb(pid_t pid) {
  char path[64], line[512];
  snprintf(path, sizeof path, "/proc/%d/smaps", (int)pid);
  FILE *f = fopen(path, "re");
  if (!f) return 0;
  long long kb = 0;
  int ours = 0;
  while (fgets(line, sizeof line, f)) {
    unsigned maj, min;
    /* A mapping's header: "start-end perms offset MAJ:MIN inode path". */
    if (sscanf(line, "%*x-%*x %*s %*x %x:%x", &maj, &min) == 2) {
      ours = 0;
      for (int i = 0; i < ntmpfs_dev; i++) ours |= (dev_t)makedev(maj, min) == tmpfs_dev[i];
    } else if (ours && strncmp(line, "Rss:", 4) == 0) {
      kb += atoll(line + 4);
    }
  }
  fclose(f);
  return kb;
}

/* Every process of the run seen so far, by pid and start time, with its own CPU ticks when last
   seen: the CPU of one the kernel reaped (SIGCHLD ignored) reaches no wait, so its last sample is
   kept. seen_gone is the ticks of those that are gone. */
struct seen { pid_t pid; long long start, ticks; };
static struct seen seen_now[TREE_MAX], seen_last[TREE_MAX];
static int nseen_now, nseen_last;
static long long seen_gone;

/* The sampled CPU of every process the run had (ticks): those gone at their last sample, the rest now. */
static long long seen_settle(void) {
  for (int i = 0; i < nseen_last; i++) {
    int found = 0;
    for (int k = 0; k < nseen_now && !found; k++) found = seen_now[k].pid == seen_last[i].pid && seen_now[k].start == seen_last[i].start;
    if (!found) seen_gone += seen_last[i].ticks;
  }
  long long live = 0;
  for (int k = 0; k < nseen_now; k++) live += seen_now[k].ticks;
  memcpy(seen_last, seen_now, sizeof seen_now[0] * (size_t)nseen_now);
  nseen_last = nseen_now;
  return seen_gone + live;
}

/* A sample is taken every few ms for the whole run, and most of what one cost was finding its
   files again (path walks, /proc's pid look-ups, opening and closing): the files stay open, read
   with pread and fstatfs. Each mount point by path, opened once (O_PATH: nothing of it is read). */
static struct { const char *path; int fd; } mount_at[GATE_PATHS];
static int nmount_at;

static int statfs_kept(const char *path, struct statfs *f) {
  int i = 0;
  while (i < nmount_at && strcmp(mount_at[i].path, path)) i++;
  if (i == nmount_at && nmount_at < GATE_PATHS) {
    mount_at[i].path = path;
    mount_at[i].fd = open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
    nmount_at++;
  }
  /* Not kept (too many, or its fd gone): by path, as before. */
  if (i < nmount_at && mount_at[i].fd >= 0 && fstatfs(mount_at[i].fd, f) == 0) return 0;
  return statfs(path, f);
}

/* How much the tmpfs mounts hold (kB): used blocks, the same whoever wrote them. */
static long long tmpfs_used_kb(char **paths, int n) {
  long long kb = 0;
  for (int i = 0; i < n; i++) {
    struct statfs f;
    if (statfs_kept(paths[i], &f) == 0 && f.f_type == TMPFS_MAGIC) kb += (long long)(f.f_blocks - f.f_bfree) * (long long)f.f_bsize / 1024;
  }
  return kb;
}

/* The /proc files of the processes a sample reads, kept open by pid while the process is seen. An
   fd of /proc/PID/stat stays that process's own: once it is reaped a read fails (ESRCH), even if
   its pid is taken again, and then its files are opened again by path, which finds the new one.
   Its children file is read only after its stat was, so it is never an older process's. */
#define PROC_KEPT 32
static struct proc_kept { pid_t pid; int stat, kids, seen; } proc_kept[PROC_KEPT];
static int nproc_kept;

static struct proc_kept *kept_of(pid_t pid) {
  for (int i = 0; i < nproc_kept; i++) if (proc_kept[i].pid == pid) return &proc_kept[i];
  if (nproc_kept == PROC_KEPT) return NULL;
  proc_kept[nproc_kept] = (struct proc_kept){ pid, -1, -1, 0 };
  return &proc_kept[nproc_kept++];
}

static void kept_close(struct proc_kept *e) {
  if (e->stat >= 0) close(e->stat);
  if (e->kids >= 0) close(e->kids);
  e->stat = e->kids = -1;
}

/* Reads /proc/PID/<name> into b (0-terminated) through *fd, opened by path when it is -1: its
   length (0: empty, as a children file with none), or -1. */
static ssize_t read_kept(pid_t pid, const char *name, int *fd, char *b, size_t size) {
  if (*fd < 0) {
    char path[96];
    snprintf(path, sizeof path, "/proc/%d/%s", (int)pid, name);
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0) return -1;
  }
  ssize_t r = pread(*fd, b, size - 1, 0);
  b[r > 0 ? r : 0] = 0;
  return r;
}

/* Closes the kept files of the processes the last walk did not see (all of them: every). */
static void proc_kept_drop(int every) {
  int k = 0;
  for (int i = 0; i < nproc_kept; i++) {
    if (!every && proc_kept[i].seen) {
      proc_kept[i].seen = 0;
      proc_kept[k++] = proc_kept[i];
    } else {
      kept_close(&proc_kept[i]);
    }
  }
  nproc_kept = k;
}

/* One process's /proc/PID/stat: its threads, CPU ticks (with reaped children's, and its own alone),
   start time and resident pages. */
static int proc_stat(pid_t pid, long long *ticks, long long *own, long long *start, long long *rss, long *threads) {
  char b[1024];
  struct proc_kept *e = kept_of(pid), once = { pid, -1, -1, 0 };
  if (!e) e = &once;
  ssize_t r = read_kept(pid, "stat", &e->stat, b, sizeof b);
  /* Kept, but that process is gone: this pid's own now, by path. */
  if (r <= 0 && e->stat >= 0) {
    kept_close(e);
    r = read_kept(pid, "stat", &e->stat, b, sizeof b);
  }
  if (e == &once) kept_close(e);
  if (r <= 0) return -1;
  e->seen = 1;
  /* The name may hold spaces and parentheses: the fields start after the last ')'. */
  char *p = strrchr(b, ')');
  if (!p) return -1;
  long long f[24] = { 0 };
  int n = 0;
  for (p += 2; *p && n < 24; n++) {
    f[n] = atoll(p);
    p = strchr(p, ' ');
    if (!p) break;
    p++;
  }
  /* Fields from 3 (state) on: utime 14, stime 15, cutime 16, cstime 17, num_threads 20, rss 24. */
  if (n < 22) return -1;
  *ticks = f[11] + f[12] + f[13] + f[14];
  *own = f[11] + f[12];
  *start = f[19];
  *threads = (long)f[17];
  *rss = f[21];
  return 0;
}

/* The children of pid, appended to out (at most max): every thread's list, as each thread forks its own. */
static int children_of(pid_t pid, long threads, pid_t *out, int n, int max) {
  char path[96], b[8192];
  DIR *d = NULL;
  if (threads > 1) {
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    d = opendir(path);
  }
  struct dirent *e = NULL;
  for (;;) {
    long tid = pid;
    if (d) {
      e = readdir(d);
      if (!e) break;
      if (e->d_name[0] == '.') continue;
      tid = atol(e->d_name);
    }
    /* One thread's (the common case): its kept file; each of several: opened for this read alone. */
    struct proc_kept *k = d ? NULL : kept_of(pid);
    int once = -1;
    snprintf(path, sizeof path, "task/%ld/children", tid);
    ssize_t r = read_kept(pid, path, k ? &k->kids : &once, b, sizeof b);
    if (once >= 0) close(once);
    for (char *p = b; r > 0 && *p && n < max;) {
      long c = strtol(p, &p, 10);
      if (c > 0) out[n++] = (pid_t)c;
      while (*p == ' ') p++;
    }
    if (!d) break;
  }
  if (d) closedir(d);
  return n;
}

/* Everything below us now: our children (the program and the orphans we adopted) and theirs. With
   kill set, each gets SIGKILL as it is found. */
static struct tree_now walk(int kill_all, int want_tmpfs) {
  static pid_t q[TREE_MAX];
  struct tree_now t = { 0, 0, 0, 0 };
  int n = children_of(getpid(), 1, q, 0, TREE_MAX);
  struct proc_kept *self = kept_of(getpid());
  if (self) self->seen = 1;
  nseen_now = 0;
  for (int i = 0; i < n; i++) {
    if (kill_all) kill(q[i], SIGKILL);
    long long ticks = 0, own = 0, start = 0, rss = 0;
    long threads = 1;
    if (proc_stat(q[i], &ticks, &own, &start, &rss, &threads)) continue;
    t.cpu_ticks += ticks;
    t.rss_pages += rss;
    if (want_tmpfs) t.tmpfs_kb += proc_tmpfs_kb(q[i]);
    t.procs++;
    seen_now[nseen_now++] = (struct seen){ q[i], start, own };
    n = children_of(q[i], threads, q, n, TREE_MAX);
  }
  proc_kept_drop(0);
  return t;
}

static long long usec(struct timeval t) { return (long long)t.tv_sec * 1000000LL + t.tv_usec; }

/* Reaps whatever has ended; the program's own status when it is among them. */
static void reap(pid_t main_pid, int *st, int *main_done) {
  int s;
  pid_t p;
  while ((p = waitpid(-1, &s, WNOHANG | __WALL)) > 0) {
    if (p == main_pid) { *st = s; *main_done = 1; }
  }
}

static void write_fd(int fd, const char *b, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, b, n);
    if (w < 0 && errno == EINTR) continue;
    /* simcoach is gone: nobody reads what is sent. */
    if (w <= 0) return;
    b += w;
    n -= (size_t)w;
  }
}

/* What send() may still send, in bytes: no more than the tmpfs mounts can hold. */
static long long send_budget;

/* Sends one file (its first n bytes) or, where it ends early, zeros in its place: the stream stays whole. */
static void send_file(int out, int fd, long long n) {
  off_t off = 0;
  while (n > 0) {
    ssize_t w = sendfile(out, fd, &off, (size_t)(n < (1 << 30) ? n : (1 << 30)));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      static const char zeros[4096];
      while (n > 0) {
        size_t k = (size_t)n < sizeof zeros ? (size_t)n : sizeof zeros;
        write_fd(out, zeros, k);
        n -= (long long)k;
      }
      return;
    }
    n -= w;
  }
}

/* Sends name (under dirfd) to out, as -x number k: "f K MODE SIZE PATH\n" and SIZE bytes for a file,
   "d K PATH\n" for a directory and then what it holds, PATH relative to the -x path ("." for
   itself). The program wrote these and may have left anything, so: each step is an openat from
   the directory's fd with O_NOFOLLOW (a link is never followed; only regular files and directories
   are sent), nothing off a tmpfs is sent (the -x paths are tmpfs mounts or files in one), a FIFO
   never blocks us (O_NONBLOCK), the depth is bounded, and names a line cannot carry are left out.
   No process of the run is left to change anything meanwhile. */
static void send_at(int out, int k, int dirfd, const char *name, const char *rel, int depth) {
  int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return;
  struct stat st;
  struct statfs sf;
  char h[1200];
  if (fstat(fd, &st) || fstatfs(fd, &sf) || sf.f_type != TMPFS_MAGIC) {
    close(fd);
    return;
  }
  if (S_ISREG(st.st_mode) && st.st_size <= send_budget) {
    send_budget -= st.st_size;
    int n = snprintf(h, sizeof h, "f %d %o %lld %s\n", k, (unsigned)(st.st_mode & 0777), (long long)st.st_size, rel);
    write_fd(out, h, (size_t)n);
    send_file(out, fd, (long long)st.st_size);
  } else if (S_ISDIR(st.st_mode) && depth < 16) {
    int n = snprintf(h, sizeof h, "d %d %s\n", k, rel);
    write_fd(out, h, (size_t)n);
    int dfd = dup(fd);
    DIR *d = dfd < 0 ? NULL : fdopendir(dfd);
    if (!d && dfd >= 0) close(dfd);
    struct dirent *e;
    while (d && (e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || strchr(e->d_name, '\n')) continue;
      char child[1024];
      int c = strcmp(rel, ".") ? snprintf(child, sizeof child, "%s/%s", rel, e->d_name) : snprintf(child, sizeof child, "%s", e->d_name);
      if (c <= 0 || (size_t)c >= sizeof child) continue;
      send_at(out, k, fd, e->d_name, child, depth + 1);
    }
    if (d) closedir(d);
  }
  close(fd);
}

/* The gate's options (see the usage line in main). */
struct gate_opts {
  int ncg, rep, out, ntmp, nsend, allow_procs;
  long long nproc, uid, gid, cpu_ms, wall_ms, mem, sample_ms;
  char *tmp[GATE_PATHS], *sends[GATE_PATHS];
  char **prog;
};

/* Reads the options up to "--"; what follows is the program. Dies on anything it does not know. */
static void gate_options(int argc, char **argv, struct gate_opts *o) {
  memset(o, 0, sizeof *o);
  o->rep = o->out = -1;
  o->uid = o->gid = -1;
  int i = 0;
  for (; i + 1 < argc && strcmp(argv[i], "--"); i += 2) {
    long long v = atoll(argv[i + 1]);
    if (!strcmp(argv[i], "-g")) o->ncg = (int)v;
    else if (!strcmp(argv[i], "-r")) o->rep = (int)v;
    else if (!strcmp(argv[i], "-c")) o->cpu_ms = v;
    else if (!strcmp(argv[i], "-w")) o->wall_ms = v;
    else if (!strcmp(argv[i], "-m")) o->mem = v;
    else if (!strcmp(argv[i], "-i")) o->sample_ms = v;
    else if (!strcmp(argv[i], "-s")) o->out = (int)v;
    else if (!strcmp(argv[i], "-l")) send_budget = v;
    else if (!strcmp(argv[i], "-p")) o->allow_procs = v == 1;
    else if (!strcmp(argv[i], "-n")) o->nproc = v;
    else if (!strcmp(argv[i], "-u")) o->uid = v;
    else if (!strcmp(argv[i], "-G")) o->gid = v;
    else if (!strcmp(argv[i], "-f")) open_files = v;
    else if (!strcmp(argv[i], "-t") && o->ntmp < GATE_PATHS) o->tmp[o->ntmp++] = argv[i + 1];
    else if (!strcmp(argv[i], "-x") && o->nsend < GATE_PATHS) o->sends[o->nsend++] = argv[i + 1];
    else { errno = EINVAL; die("gate options"); }
  }
  /* How often to sample is simcoach's (GATE_SAMPLE_MS in gate.ts): one number, stated once. */
  if (o->sample_ms <= 0 || o->sample_ms > 1000) { errno = EINVAL; die("gate: no sample interval (-i)"); }
  if (i >= argc || strcmp(argv[i], "--") || i + 1 >= argc) { errno = EINVAL; die("gate: no program"); }
  o->prog = argv + i + 1;
  /* The tmpfs mounts are counted only where no cgroup counts them. */
  if (!o->mem) o->ntmp = 0;
}

/* The program's side of the fork: into the run's groups, its own process group, nothing of ours
   left open, its limits and uid, the filter, and exec. */
static void gate_child(const struct gate_opts *o, int way) {
  for (int fd = 3; fd < 3 + o->ncg; fd++) {
    if (write(fd, "0", 1) != 1) die("join the cgroups");
  }
  /* Its own process group, killed at once at the end; the rest is found through us. */
  setpgid(0, 0);
  /* Whatever else simcoach inherited from its own parent (a CI runner's or an editor's pipe, a
     file), and our report fd, must not reach the program; the listener's way is fd 3 until the
     filter is set. */
  if (dup2(way, 3) < 0 || fcntl(3, F_SETFD, FD_CLOEXEC)) die("keep the listener's way");
  if (syscall(436 /* close_range */, 4, ~0U, 0)) for (int fd = 4; fd < 1024; fd++) close(fd);
  /* -n: the tasks (threads too) the run may have, where no cgroup counts them. Only ever given in
     a user namespace of the sandbox's own on a kernel that counts RLIMIT_NPROC per namespace
     (5.14 on): there it counts this sandbox's tasks alone, never the person's other processes. */
  if (o->nproc > 0) {
    struct rlimit r = { (rlim_t)o->nproc, (rlim_t)o->nproc };
    if (setrlimit(RLIMIT_NPROC, &r)) die("setrlimit nproc");
  }
  if (limit_open_files()) die("setrlimit nofile");
  /* -u/-G (as root): the program's uid and gid, taken here rather than by setpriv after the
     filter, whose look-ups of users would reach the listener as the program's sockets. */
  if (o->uid >= 0 && (drop_bounding_set() || become((uid_t)o->uid, (gid_t)(o->gid >= 0 ? o->gid : o->uid)))) die("drop to the program's uid");
  /* The program's filter, set here for all it execs; no_new_privs first, which the filter needs
     without CAP_SYS_ADMIN. */
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) || program_filter(o->allow_procs, 3)) die("seccomp");
  execv(o->prog[0], o->prog);
  die("exec");
}

/* One run as the gate watches it: what it measured and why it stopped. */
struct gate_run {
  pid_t c;
  int lfd, pfd, rep, st, main_done, cpu_over, wall_over, mem_over, aborted, procs, refused, pairs;
  long tck, page;
  long long files0, seen_us, tree_peak_kb;
  double t0, wall;
};

/* What one sample of a run's tree saw, and its peaks so far (kept by the caller from run to run). */
struct tree_sample { long long cpu_us, rss_kb; };
struct tree_peaks { long long files0, seen_us, tree_peak_kb; int procs; long tck, page; };

/* One sample of the tree from /proc: its CPU (done_us: what its reaped processes took) and memory,
   counting the tmpfs mounts tmp (ntmp of them) by what they grew by since files0. */
static struct tree_sample sample_tree(char **tmp, int ntmp, long long done_us, struct tree_peaks *k) {
  long long files_kb = tmpfs_used_kb(tmp, ntmp) - k->files0;
  struct tree_now t = walk(0, files_kb > 0);
  struct tree_sample r;
  r.cpu_us = done_us + t.cpu_ticks * 1000000LL / k->tck;
  long long every_us = seen_settle() * 1000000LL / k->tck;
  if (every_us > k->seen_us) k->seen_us = every_us;
  if (k->seen_us > r.cpu_us) r.cpu_us = k->seen_us;
  r.rss_kb = t.rss_pages * k->page / 1024;
  /* Its files by what they hold, and its RSS without what it maps of them (counted there already). */
  if (files_kb > 0) r.rss_kb += files_kb - (t.tmpfs_kb < files_kb ? t.tmpfs_kb : files_kb);
  if (r.rss_kb > k->tree_peak_kb) k->tree_peak_kb = r.rss_kb;
  if (t.procs > k->procs) k->procs = t.procs;
  return r;
}

/* One sample of the tree from /proc: its CPU and memory against the limits. 1 when over one. */
static int gate_sample(const struct gate_opts *o, struct gate_run *g) {
  struct rusage done;
  getrusage(RUSAGE_CHILDREN, &done);
  struct tree_peaks k = { g->files0, g->seen_us, g->tree_peak_kb, g->procs, g->tck, g->page };
  struct tree_sample t = sample_tree((char **)o->tmp, o->ntmp, usec(done.ru_utime) + usec(done.ru_stime), &k);
  g->seen_us = k.seen_us;
  g->tree_peak_kb = k.tree_peak_kb;
  g->procs = k.procs;
  long long cpu_us = t.cpu_us, rss_kb = t.rss_kb;
  if (o->cpu_ms > 0 && cpu_us > o->cpu_ms * 1000LL) g->cpu_over = 1;
  if (o->wall_ms > 0 && g->wall > (double)o->wall_ms) g->wall_over = 1;
  if (o->mem > 0 && rss_kb * 1024 > o->mem) g->mem_over = 1;
  return g->cpu_over || g->wall_over || g->mem_over;
}

/* Until the program ends, a limit is passed, a refused call is made or simcoach aborts. */
static void gate_watch(const struct gate_opts *o, struct gate_run *g) {
  /* A hung-up listener stays ready until the program is reaped: polled still, it would spin (watch()). */
  int lhup = 0;
  while (!g->main_done) {
    struct pollfd p[3] = { { g->pfd, POLLIN, 0 }, { g->rep, POLLIN, 0 }, { lhup ? -1 : g->lfd, POLLIN, 0 } };
    int n = poll(p, g->lfd >= 0 ? 3 : 2, (int)o->sample_ms);
    if (n < 0 && errno != EINTR) break;
    if (g->lfd >= 0 && (p[2].revents & (POLLHUP | POLLERR))) lhup = 1;
    /* A refused call ends the run at once (a socket only is noted): the tree dies below. */
    if (g->lfd >= 0 && (p[2].revents & POLLIN) && answer_refused(g->lfd, &g->refused, &g->pairs)) break;
    if (p[1].revents) {
      char b[16];
      if (read(g->rep, b, sizeof b) <= 0) g->rep = -1;
      g->aborted = 1;
    }
    reap(g->c, &g->st, &g->main_done);
    g->wall = now_ms() - g->t0;
    if (g->main_done || g->aborted) break;
    if (gate_sample(o, g)) break;
  }
}

/* Whatever is left (the program at a limit, a background child, a setsid grandchild) dies now and
   is reaped, so its time counts and nothing outlives the run. */
static void gate_reap(struct gate_run *g) {
  kill(-g->c, SIGKILL);
  if (g->lfd >= 0) {
    /* A refusal the program made as it ended is still its own. */
    answer_refused(g->lfd, &g->refused, &g->pairs);
    close(g->lfd);
  }
  for (;;) {
    struct tree_now t = walk(1, 0);
    long long every_us = seen_settle() * 1000000LL / g->tck;
    if (every_us > g->seen_us) g->seen_us = every_us;
    reap(g->c, &g->st, &g->main_done);
    if (t.procs == 0) {
      int s;
      pid_t p = waitpid(-1, &s, __WALL);
      if (p == g->c) { g->st = s; g->main_done = 1; }
      if (p < 0 && errno == ECHILD) break;
    } else {
      usleep(1000);
    }
  }
}

/* The report line on the report fd (REPORT_FIELDS in launcherMessages.ts), from the waits and the samples. */
static void gate_report(const struct gate_opts *o, struct gate_run *g) {
  if (!g->wall) g->wall = now_ms() - g->t0;
  struct rusage ru;
  getrusage(RUSAGE_CHILDREN, &ru);
  long long cpu_us = usec(ru.ru_utime) + usec(ru.ru_stime);
  /* What the waits saw, or more: every process's CPU at its last sample (one the kernel reaped too). */
  if (g->seen_us > cpu_us) cpu_us = g->seen_us;
  if (o->cpu_ms > 0 && cpu_us > o->cpu_ms * 1000LL) g->cpu_over = 1;
  /* Its files are still there: at the end the tree held at least those. */
  long long files_end = tmpfs_used_kb((char **)o->tmp, o->ntmp) - g->files0;
  if (files_end > g->tree_peak_kb) g->tree_peak_kb = files_end;
  if (o->mem > 0 && ((long long)ru.ru_maxrss * 1024 > o->mem || g->tree_peak_kb * 1024 > o->mem)) g->mem_over = 1;
  if (g->rep < 0) return;
  const struct kv f[] = {
    { "status", g->st, NULL }, { "cpu_us", cpu_us, NULL }, { "wall_us", (long long)(g->wall * 1000), NULL }, { "max_rss_kb", ru.ru_maxrss, NULL },
    { "tree_peak_kb", g->tree_peak_kb, NULL }, { "procs", g->procs, NULL }, { "cpu_over", g->cpu_over, NULL }, { "wall_over", g->wall_over, NULL },
    { "mem_over", g->mem_over, NULL }, { "aborted", g->aborted, NULL }, { "refused", 0, refused_name[g->refused] },
  };
  char b[512];
  /* One line, without put_fields' leading space. */
  int n = put_fields(b, sizeof b - 1, f, sizeof f / sizeof f[0]);
  b[n++] = '\n';
  if (write(g->rep, b + 1, (size_t)n - 1) != n - 1) { /* simcoach is gone: nobody reads the figures */ }
}

static int gate(int argc, char **argv) {
  struct gate_opts o;
  gate_options(argc, argv, &o);
  if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)) die("subreaper");
  /* As a normal user the program runs as our own uid: not dumpable, we are out of its reach
     (ptrace, /proc/1/mem, environ, fd: the report socket), which a uid of its own gives as root.
     Its execve makes the program dumpable again. */
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)) die("dumpable");
  signal(SIGPIPE, SIG_IGN);
  struct gate_run g = { .rep = o.rep, .procs = 1, .refused = REFUSED_NONE, .pairs = SOCKETPAIRS };
  g.tck = sysconf(_SC_CLK_TCK);
  g.page = sysconf(_SC_PAGESIZE);
  if (g.tck <= 0) g.tck = 100;
  if (g.page <= 0) g.page = 4096;
  /* What the tmpfs mounts held at the start (the input files, which are not the program's). */
  g.files0 = tmpfs_used_kb(o.tmp, o.ntmp);
  for (int k = 0; k < o.ntmp; k++) {
    struct stat ts;
    if (stat(o.tmp[k], &ts) == 0) tmpfs_dev[ntmpfs_dev++] = ts.st_dev;
  }
  /* The way the program's side sends us its filter's listener. */
  int way[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, way)) die("socketpair");
  g.t0 = now_ms();
  g.c = fork();
  if (g.c < 0) die("fork");
  if (g.c == 0) gate_child(&o, way[1]);
  close(way[1]);
  g.lfd = recv_fd(way[0]);
  close(way[0]);
  /* The program's stdio is its own: only the program holds its pipes open, so they close with it. */
  int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
  if (devnull >= 0) { dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2); close(devnull); }
  for (int fd = 3; fd < 3 + o.ncg; fd++) close(fd);
  g.pfd = (int)syscall(SYS_pidfd_open, g.c, 0);
  gate_watch(&o, &g);
  gate_reap(&g);
  gate_report(&o, &g);
  if (o.out >= 0) {
    /* An aborted run's files are nobody's: only the end of the stream goes. */
    for (int k = 0; k < o.nsend && !g.aborted; k++) send_at(o.out, k, AT_FDCWD, o.sends[k], ".", 0);
    write_fd(o.out, "e\n", 2);
    close(o.out);
  }
  if (WIFEXITED(g.st)) return WEXITSTATUS(g.st);
  return 128 + (WIFSIGNALED(g.st) ? WTERMSIG(g.st) : 0);
}

/* The pool for a normal user (userve). */
#include "userserve.c"

int main(int argc, char **argv) {
  if (argc >= 2 && (strcmp(argv[1], "serve") == 0 || strcmp(argv[1], "userve") == 0)) {
    /* From the environment, not the command line: pid 1's command line is every program's to read. */
    const char *f = getenv("SC_OPEN_FILES");
    if (f) open_files = atoll(f);
    if (argv[1][0] == 'u') userve();
    serve();
  }
  if (argc >= 3 && strcmp(argv[1], "gate") == 0) return gate(argc - 2, argv + 2);
  fprintf(stderr, "usage: supervisor serve|userve (SC_OPEN_FILES=N, SC_SAMPLE_MS=N) | gate -i SAMPLE_MS [-f OPEN_FILES] [-p 1] [-n TASKS] [-g N] [-r FD] [-c CPU_MS] [-w WALL_MS] [-m BYTES] [-t TMPFS]... [-s FD -l BYTES -x PATH...] -- PROGRAM [ARGS...]\n");
  return 2;
}
