// The C source of the sandbox supervisor (compiled once into the cache by supervisor.ts). Kept as
// a string so the bundled CLI carries it; String.raw keeps its backslashes as C wants them.
export const SUPERVISOR_C = String.raw`// simcoach's sandbox supervisor: runs inside one long-lived bubblewrap sandbox per judge worker
// and runs the batch's tests in it, one at a time, so a test costs a clone and an exec instead of
// a whole bubblewrap start-up. Trusted code, compiled once into the cache.
//
//   supervisor serve   requests on fd 0, one reply line each on fd 1 (see sandboxPool.ts)
//   supervisor gate    joins the run's cgroups (fds 3-5) and execs argv[2..]: the per-test path's
//                      launcher, so a program never runs outside its groups
//
// serve is pid 1 of the sandbox (bubblewrap --as-pid-1) and keeps root's SYS_ADMIN, SETUID, SETGID,
// SETPCAP and KILL (bubblewrap dropped the rest); it never runs test code with them. It joins the
// worker's test cgroup once, so each test is forked into it without a cgroup write. The program
// is forked straight from it: it takes fresh mount and IPC namespaces (a fresh /tmp and /dev/shm,
// its own work dir bound on /sc-work), its limits, then the sandbox uid with no capabilities
// (bounding set included) and no_new_privs, and execs. When it ends, kill(-1, SIGKILL) from pid 1
// kills every other process of the sandbox at once (a fork in flight fails), all are reaped, and
// only then is the reply sent. So nothing of a test survives into the next one.
//
// fds (serve): 0 requests, 1 replies, 3 memory/cgroup.procs, 4 pids/cgroup.procs,
// 5 cpuacct/cgroup.procs, 6 cpuacct.usage, 7 memory.max_usage_in_bytes, 8 memory.stat,
// 9 memory.oom_control, 10 memory.usage_in_bytes. EOF on fd 0 (simcoach gone, however it died)
// kills the test and exits, and the sandbox with it.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
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
#define WORK "/sc-work"
#define KEEP "/sc-keep"
#define MAXF 4096

struct shared {
  int status;        /* the program's wait status */
  int have_status;
  int failed_errno;  /* set-up or exec failure */
  char failed_at[64];
};

static struct shared *sh;
static char inbuf[1 << 20];
static size_t inlen;

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
  char *id, *work, *in, *out, *err;
  long long cpu_ms, wall_ms, fsize, stack, uid, gid;
  char *argv[MAXF], *envp[MAXF], *keep[64];
  size_t keepc;
};

/* mkdir -p of the parents of path (the program's uid may cross them, not write them). */
static void parents(const char *path) {
  char b[4096];
  snprintf(b, sizeof b, "%s", path);
  for (char *p = b + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    mkdir(b, 0755);
    *p = '/';
  }
}

static int open_std(const char *path, int flags, int target) {
  int fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return -1;
  if (dup2(fd, target) < 0) return -1;
  close(fd);
  return 0;
}

/* The program: its own mounts and stdio, limits, then no privilege at all, then exec. */
static void program(struct req *q) {
  struct rlimit r;
  if (unshare(CLONE_NEWNS | CLONE_NEWIPC)) fail("unshare");
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) fail("make / private");
  /* A fresh /tmp, with the batch's read-only dirs that live under it bound again. */
  if (q->keepc && mount("/tmp", KEEP, NULL, MS_BIND | MS_REC, NULL)) fail("keep /tmp");
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777")) fail("mount /tmp");
  for (size_t i = 0; i < q->keepc; i++) {
    char src[4096];
    snprintf(src, sizeof src, "%s%s", KEEP, q->keep[i] + 4);
    parents(q->keep[i]);
    if (mkdir(q->keep[i], 0755) && errno != EEXIST) fail("mkdir a kept dir");
    if (mount(src, q->keep[i], NULL, MS_BIND | MS_REC, NULL)) fail("bind a kept dir");
    if (mount(NULL, q->keep[i], NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL)) fail("remount a kept dir");
  }
  if (q->keepc && umount2(KEEP, MNT_DETACH)) fail("drop /tmp");
  if (mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777")) fail("mount /dev/shm");
  if (mount(q->work, WORK, NULL, MS_BIND | MS_NOSUID | MS_NODEV, NULL)) fail("bind the work dir");
  if (open_std(q->in, O_RDONLY, 0) || open_std(q->out, O_WRONLY | O_CREAT | O_TRUNC, 1) || open_std(q->err, O_WRONLY | O_CREAT | O_TRUNC, 2)) fail("open stdio");
  if (syscall(436 /* close_range */, 3, ~0U, 0)) for (int fd = 3; fd < 1024; fd++) close(fd);
  long long cpu = (q->cpu_ms + 999) / 1000 + 1;
  r.rlim_cur = cpu; r.rlim_max = cpu + 1;
  if (setrlimit(RLIMIT_CPU, &r)) fail("setrlimit cpu");
  r.rlim_cur = r.rlim_max = 0;
  if (setrlimit(RLIMIT_CORE, &r)) fail("setrlimit core");
  r.rlim_cur = r.rlim_max = q->fsize;
  if (setrlimit(RLIMIT_FSIZE, &r)) fail("setrlimit fsize");
  r.rlim_cur = r.rlim_max = q->stack;
  if (setrlimit(RLIMIT_STACK, &r)) fail("setrlimit stack");
  if (chdir(WORK)) fail("chdir");
  for (int c = 0; c <= 63; c++) {
    if (prctl(PR_CAPBSET_DROP, c, 0, 0, 0) && errno != EINVAL) fail("drop bounding set");
  }
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  if (setgroups(0, NULL)) fail("setgroups");
  if (setresgid(q->gid, q->gid, q->gid)) fail("setresgid");
  if (setresuid(q->uid, q->uid, q->uid)) fail("setresuid");
  struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &hdr, data)) fail("capset");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) fail("no_new_privs");
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0)) fail("pdeathsig");
  execve(q->argv[0], q->argv, q->envp);
  fail("exec");
}

static void serve(void) {
  sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) die("mmap");
  /* Into the worker's test groups once: every test is forked into them from here. */
  if (write(FD_MEM_PROCS, "0", 1) != 1 || write(FD_PIDS_PROCS, "0", 1) != 1 || write(FD_CPU_PROCS, "0", 1) != 1) die("join the cgroups");
  signal(SIGPIPE, SIG_IGN);
  setvbuf(stdout, NULL, _IOLBF, 0);
  for (;;) {
    /* A request: "<length>\n" then that many bytes of NUL-terminated fields. */
    inlen = 0;
    size_t hl = 0;
    for (;;) {
      if (!need(hl + 1)) _exit(0);
      if (inbuf[hl] == '\n') break;
      hl++;
    }
    size_t len = (size_t)atoll(inbuf);
    size_t start = hl + 1;
    if (!need(start + len)) _exit(0);
    char *f[2 * MAXF + 32];
    size_t nf = 0;
    for (size_t i = start; i < start + len && nf < sizeof f / sizeof f[0]; i += strlen(inbuf + i) + 1) f[nf++] = inbuf + i;
    if (nf < 13) { printf("? bad request\n"); continue; }
    struct req q;
    q.id = f[0]; q.cpu_ms = atoll(f[1]); q.wall_ms = atoll(f[2]); q.fsize = atoll(f[3]); q.stack = atoll(f[4]);
    q.uid = atoll(f[5]); q.gid = atoll(f[6]); q.work = f[7]; q.in = f[8]; q.out = f[9]; q.err = f[10];
    size_t argc = (size_t)atoll(f[11]), k = 12;
    if (argc == 0 || argc >= MAXF || k + argc >= nf) { printf("%s bad request\n", q.id); continue; }
    for (size_t i = 0; i < argc; i++) q.argv[i] = f[k++];
    q.argv[argc] = NULL;
    size_t envc = (size_t)atoll(f[k++]);
    if (envc >= MAXF || k + envc > nf) { printf("%s bad request\n", q.id); continue; }
    for (size_t i = 0; i < envc; i++) q.envp[i] = f[k++];
    q.envp[envc] = NULL;
    q.keepc = k < nf ? (size_t)atoll(f[k++]) : 0;
    if (q.keepc > 64 || k + q.keepc > nf) { printf("%s bad request\n", q.id); continue; }
    for (size_t i = 0; i < q.keepc; i++) q.keep[i] = f[k++];

    memset(sh, 0, sizeof *sh);
    put(FD_CPU_USAGE, "0");
    put(FD_MEM_PEAK, "0");
    /* What the group holds before the test that is not the test's: our own memory (file pages are taken off at the end). */
    long long base = read_ll(FD_MEM_USAGE) - stat_field(FD_MEM_STAT, "total_active_file") - stat_field(FD_MEM_STAT, "total_inactive_file");
    long long oom0 = stat_field(FD_OOM, "oom_kill");
    double t0 = now_ms();
    pid_t c = fork();
    if (c < 0) { printf("%s error fork: %s\n", q.id, strerror(errno)); continue; }
    if (c == 0) program(&q);
    int pfd = (int)syscall(SYS_pidfd_open, c, 0);
    int cpu_over = 0, wall_over = 0, aborted = 0, killed = 0, eof = 0, st = 0;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    if (ncpu < 1) ncpu = 1;
    int next = 0;
    for (;;) {
      struct pollfd p[2] = { { pfd, POLLIN, 0 }, { 0, POLLIN, 0 } };
      int n = poll(p, 2, pfd < 0 ? 1 : next);
      if (n < 0 && errno != EINTR) break;
      if (pfd < 0 || (p[0].revents & (POLLIN | POLLHUP))) {
        if (waitpid(c, &st, WNOHANG | __WALL) == c) break;
      }
      if (p[1].revents) {
        char b[64];
        ssize_t r = read(0, b, sizeof b);
        /* EOF: simcoach is gone; anything else is an abort. */
        if (r <= 0) eof = 1;
        aborted = 1;
      }
      double wall = now_ms() - t0;
      long long ns = read_ll(FD_CPU_USAGE);
      if (!killed && ns > q.cpu_ms * 1000000LL) cpu_over = 1;
      if (!killed && wall > (double)q.wall_ms) wall_over = 1;
      if (!killed && (cpu_over || wall_over || aborted)) { kill(-1, SIGKILL); killed = 1; }
      /* Look again when the limit could first be reached (every core busy), at most 1 s and at least 5 ms on:
         a short test wakes us only when it ends, and a busy machine is not made busier by our polling. */
      double left_cpu = (q.cpu_ms * 1e6 - (double)ns) / 1e6 / (double)ncpu, left_wall = (double)q.wall_ms - wall;
      double wait = left_cpu < left_wall ? left_cpu : left_wall;
      next = killed ? 10 : wait < 5 ? 5 : wait > 1000 ? 1000 : (int)wait;
    }
    if (pfd >= 0) close(pfd);
    /* Everything the test left (a background child, a setsid grandchild) dies now, and is reaped. */
    kill(-1, SIGKILL);
    while (waitpid(-1, NULL, __WALL) > 0 || errno == EINTR) {}
    if (eof) _exit(0);
    double wall = now_ms() - t0;
    long long ns = read_ll(FD_CPU_USAGE);
    long long peak = read_ll(FD_MEM_PEAK) - (base > 0 ? base : 0);
    long long files = stat_field(FD_MEM_STAT, "total_active_file") + stat_field(FD_MEM_STAT, "total_inactive_file");
    long long oom = stat_field(FD_OOM, "oom_kill") - oom0;
    if (sh->failed_errno) {
      printf("%s error %s: %s\n", q.id, sh->failed_at, strerror(sh->failed_errno));
      continue;
    }
    printf("%s ok %d %lld %lld %lld %lld %.3f %d %d %d\n", q.id, st, ns, peak, files, oom, wall, cpu_over, wall_over, aborted);
  }
}

/* The per-test path's launcher: into the run's groups (the fds from 3 on that are open), then the
   program, or setpriv before it. Nothing runs outside the groups, whenever simcoach dies. */
static int gate(char **argv) {
  for (int fd = 3; fd <= 5; fd++) {
    if (write(fd, "0", 1) == 1) { close(fd); continue; }
    if (errno == EBADF) break;
    die("join the cgroups");
  }
  /* Whatever else simcoach inherited from its own parent (a CI runner's or an editor's pipe, a
     file) must not reach the program: it could write through it outside the sandbox. */
  if (syscall(436 /* close_range */, 3, ~0U, 0)) for (int fd = 3; fd < 1024; fd++) close(fd);
  execv(argv[0], argv);
  die("exec");
  return 125;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "serve") == 0) serve();
  if (argc >= 3 && strcmp(argv[1], "gate") == 0) return gate(argv + 2);
  fprintf(stderr, "usage: supervisor serve | gate PROGRAM [ARGS...]\n");
  return 2;
}
`;
