// The pool for a normal user (`supervisor userve`): included by supervisor.c, whose parts it uses.
//
// A person who is not root has a sandbox of bubblewrap's in a user namespace of their own, the
// supervisor its pid 1, and the program runs as the person's own uid. The pool keeps that sandbox
// for a batch and gives each test what the per-test path gives it, by other means:
//   - its own IPC namespace: the supervisor keeps two capabilities of the sandbox's user namespace
//     (SYS_ADMIN to make one per test, SETPCAP to empty the bounding set once), ambient as
//     bubblewrap gives them; the program's side takes the new namespace, clears them all and
//     execs as the same uid with none, under the same filter and no_new_privs;
//   - its own stdin and stdout: memfds made for this test alone (the input copied from the
//     worker's input file, an fd simcoach keeps and the sandbox never mounts), gone with it;
//   - nothing left behind: as pid 1 the supervisor kills every other process of the sandbox when
//     the test ends (kill(-1)) and reaps them all, then removes everything in the places a program
//     can write (its work dir, made new, /sc-work, /tmp and /dev/shm) but the directories the
//     sandbox was made with, and gives those back their modes, times, flags and no extended
//     attribute or ACL: the program is the same uid as their owner, so it could change all of that;
//   - the same limits and figures as the launcher's gate: the CPU of the whole tree (every reaped
//     process's rusage and the live ones' ticks, sampled), its memory as the sum of the live
//     processes' RSS and what the tmpfs mounts grew by (killed over the limit), the wall clock,
//     and the rlimits. As pid 1 it is out of the program's reach: no signal from inside the pid
//     namespace reaches it, and it is not dumpable (no ptrace, no /proc/1/fd).
//
// fds (userve): 0 requests, 1 replies, 3 the worker's input file (read-only). SC_OPEN_FILES and
// SC_SAMPLE_MS in the environment: the programs' open-files limit and the sampling interval.
#include <linux/fs.h>
#include <sys/xattr.h>

#define USER_IN 3
#define USER_TOPS 3
/* The places a program can write, in the order of top_fd below. */
static const char *const user_top[USER_TOPS] = { WORKS, "/tmp", "/dev/shm" };
static int user_top_fd[USER_TOPS];
/* The directories the sandbox was made with under those (mount points' parents): kept, by inode. */
#define KEPT_MAX 256
static struct { dev_t dev; ino_t ino, parent; mode_t mode; char name[256]; } kept[KEPT_MAX];
static int nkept;
static long long user_sample_ms = 5;

/* The program's side: an IPC namespace of its own, its stdio, limits, no capability, the filter,
   exec. */
static void user_program(struct req *q, int in, int out, int to, int errw) {
  /* No SysV or POSIX IPC object of it outlives it. */
  if (unshare(CLONE_NEWIPC)) fail("unshare");
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errw, 2) < 0) fail("open stdio");
  program_limits(q, to);
  /* Ours (ambient, as bubblewrap gave them): none reaches the program, whose uid is not 0 here. */
  prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
  struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &hdr, data)) fail("drop the capabilities");
  program_exec(q);
}

/* The stdin and stdout memfds of the test being started, for its side of the fork. */
static int user_stdio[2];

static void user_child(struct req *q, int to, int errw) {
  user_program(q, user_stdio[0], user_stdio[1], to, errw);
}

/* One test as it is watched: the gate's figures, kept per test (the pid 1 reaps for every test). */
struct urun {
  pid_t c;
  int pfd, lfd, efd, in, out;
  struct tail *err;
  int st, main_done, cpu_over, wall_over, mem_over, aborted, eof, refused, pairs;
  struct tree_peaks k;
  long long done_us, max_rss_kb;
  double t0, wall;
};

/* Reaps what has ended (or, blocking, all there is): its CPU and peak RSS are the test's. */
static void user_reap(struct urun *g, int block) {
  int s;
  struct rusage ru;
  pid_t p;
  while ((p = wait4(-1, &s, (block ? 0 : WNOHANG) | __WALL, &ru)) > 0 || (p < 0 && errno == EINTR)) {
    if (p <= 0) continue;
    g->done_us += usec(ru.ru_utime) + usec(ru.ru_stime);
    if (ru.ru_maxrss > g->max_rss_kb) g->max_rss_kb = ru.ru_maxrss;
    if (p == g->c) { g->st = s; g->main_done = 1; }
  }
}

/* One sample of the tree (gate_sample's, with this test's reaped CPU): 1 when over a limit. */
static int user_sample(struct req *q, struct urun *g) {
  struct tree_sample t = sample_tree((char **)user_top, USER_TOPS, g->done_us, &g->k);
  if (t.cpu_us > q->cpu_ms * 1000LL) g->cpu_over = 1;
  if (g->wall > (double)q->wall_ms) g->wall_over = 1;
  if (q->mem > 0 && t.rss_kb * 1024 > q->mem) g->mem_over = 1;
  return g->cpu_over || g->wall_over || g->mem_over;
}

/* Starts the program: fresh memfds for its stdin (the worker's input copied in) and stdout. */
static const char *user_start(struct req *q, struct urun *g) {
  memset(sh, 0, sizeof *sh);
  struct stat is;
  g->in = (int)syscall(SYS_memfd_create, "sc-in", MFD_CLOEXEC);
  g->out = (int)syscall(SYS_memfd_create, "sc-out", MFD_CLOEXEC);
  if (g->in < 0 || g->out < 0) return "memfd";
  if (fstat(USER_IN, &is)) return "read the input";
  off_t off = 0;
  for (long long left = is.st_size; left > 0;) {
    ssize_t w = sendfile(g->in, USER_IN, &off, (size_t)left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return "read the input";
    left -= w;
  }
  if (lseek(g->in, 0, SEEK_SET)) return "read the input";
  nseen_last = nseen_now = 0;
  seen_gone = 0;
  g->k.files0 = tmpfs_used_kb((char **)user_top, USER_TOPS);
  g->t0 = now_ms();
  user_stdio[0] = g->in;
  user_stdio[1] = g->out;
  return fork_program(q, user_child, &g->c, &g->efd, &g->lfd, &g->pfd);
}

/* Until the program ends, a limit is passed, a refused call is made or simcoach aborts. */
static void user_watch(struct req *q, struct urun *g) {
  /* A hung-up listener stays ready until the program is reaped: polled still, it would spin (watch()). */
  int lhup = 0;
  while (!g->main_done) {
    struct pollfd p[4] = { { g->pfd, POLLIN, 0 }, { 0, POLLIN, 0 }, { lhup ? -1 : g->lfd, POLLIN, 0 }, { g->efd, POLLIN, 0 } };
    int n = poll(p, 4, (int)user_sample_ms);
    if (n < 0 && errno != EINTR) break;
    if (p[2].revents & (POLLHUP | POLLERR)) lhup = 1;
    if (g->efd >= 0 && p[3].revents && !drain(g->efd, g->err)) { close(g->efd); g->efd = -1; }
    if (g->lfd >= 0 && (p[2].revents & POLLIN) && answer_refused(g->lfd, &g->refused, &g->pairs)) break;
    if (p[1].revents) {
      char b[64];
      /* EOF: simcoach is gone; anything else is an abort. */
      if (read(0, b, sizeof b) <= 0) g->eof = 1;
      g->aborted = 1;
      break;
    }
    user_reap(g, 0);
    g->wall = now_ms() - g->t0;
    if (g->main_done) break;
    if (user_sample(q, g)) break;
  }
}

/* Everything of the test dies and is reaped: its CPU at the last sample counts, as the gate's. */
static void user_end(struct urun *g) {
  walk(0, 0);
  long long every_us = seen_settle() * 1000000LL / g->k.tck;
  if (every_us > g->k.seen_us) g->k.seen_us = every_us;
  if (g->pfd >= 0) close(g->pfd);
  kill(-1, SIGKILL);
  if (g->lfd >= 0) {
    answer_refused(g->lfd, &g->refused, &g->pairs);
    close(g->lfd);
  }
  user_reap(g, 1);
  /* Its processes' /proc files, kept for its samples: the next test's are others. */
  proc_kept_drop(1);
  if (!g->wall) g->wall = now_ms() - g->t0;
  if (g->efd >= 0) {
    drain(g->efd, g->err);
    close(g->efd);
  }
}

/* The reply in serve's fields. No cgroup here: the peak is the gate's (tree_peak, with the
   largest RSS of one process beside it); as the gate's report says it, a sum of samples over
   more than one process is approximate, which the pool reads from sampled_bytes. */
static void user_reply(struct req *q, struct urun *g) {
  long long cpu_us = g->done_us > g->k.seen_us ? g->done_us : g->k.seen_us;
  if (cpu_us > q->cpu_ms * 1000LL) g->cpu_over = 1;
  long long files_end = tmpfs_used_kb((char **)user_top, USER_TOPS) - g->k.files0;
  if (files_end > g->k.tree_peak_kb) g->k.tree_peak_kb = files_end;
  if (q->mem > 0 && (g->max_rss_kb * 1024 > q->mem || g->k.tree_peak_kb * 1024 > q->mem)) g->mem_over = 1;
  long long peak = g->k.tree_peak_kb * 1024;
  int approx = g->k.procs > 1;
  static struct bodies b;
  reply_bodies(q, g->out, g->err, &b);
  const struct kv f[] = {
    { "status", g->st, NULL }, { "cpu_ns", cpu_us * 1000, NULL }, { "peak_bytes", approx ? 0 : peak, NULL }, { "file_bytes", 0, NULL },
    { "oom", g->mem_over, NULL }, { "wall_us", (long long)(g->wall * 1000), NULL },
    { "cpu_over", g->cpu_over, NULL }, { "wall_over", g->wall_over, NULL }, { "aborted", g->aborted, NULL },
    { "out_size", b.out_size, NULL }, { "out_len", b.n_out, NULL }, { "err_len", b.n_err, NULL }, { "file_len", b.n_file, NULL },
    { "max_rss_kb", g->max_rss_kb, NULL }, { "refused", 0, refused_name[g->refused] }, { "sampled_bytes", approx ? peak : 0, NULL },
  };
  send_figures(q, f, sizeof f / sizeof f[0], &b);
}

/* 1 when st is a kept directory, found where it was made (parent, name); -1 when it is one moved
   elsewhere (the program owns it, so it could rename it: the next test's paths would be gone). */
static int is_kept(const struct stat *st, ino_t parent, const char *name) {
  for (int i = 0; i < nkept; i++) {
    if (kept[i].dev == st->st_dev && kept[i].ino == st->st_ino) return kept[i].parent == parent && !strcmp(kept[i].name, name) ? 1 : -1;
  }
  return 0;
}

/* A kept directory as it was made: its mode, the worker's times, no flag, no extended attribute
   (nor ACL). 0 when all of that holds again. */
static int restore_dir(int fd, mode_t mode) {
  int r = 0;
  if (fchmod(fd, mode) || futimens(fd, born)) r = -1;
  int flags = 0;
  if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && flags & (FS_NODUMP_FL | FS_NOATIME_FL)) {
    flags &= ~(FS_NODUMP_FL | FS_NOATIME_FL);
    if (ioctl(fd, FS_IOC_SETFLAGS, &flags)) r = -1;
  }
  static char names[4096];
  ssize_t n = flistxattr(fd, names, sizeof names);
  if (n < 0 && errno != ENOTSUP) r = -1;
  for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1) fremovexattr(fd, names + i);
  if (n > 0 && flistxattr(fd, names, sizeof names) != 0) r = -1;
  return r;
}

static mode_t kept_mode(const struct stat *st) {
  for (int i = 0; i < nkept; i++) if (kept[i].dev == st->st_dev && kept[i].ino == st->st_ino) return kept[i].mode;
  return 0755;
}

/* Removes everything in dir but the kept directories (entered, their own contents removed, then
   restored) and the mount points the sandbox put there. We are the owner of all of it, with no
   capability: each directory is made ours to read and write first, whatever mode the program set.
   Again while a pass removed something (entries go as the directory is read). 0 when all went. */
static int user_clear(int dir, int depth) {
  struct stat ds;
  if (depth > 256 || fstat(dir, &ds)) return -1;
  int fd = dup(dir);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) { if (fd >= 0) close(fd); return -1; }
  int r = 0, removed = 1;
  for (int pass = 0; removed && pass < 4; pass++) {
    removed = 0;
    r = 0;
    rewinddir(d);
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      struct stat st;
      if (fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW)) { r = -1; continue; }
      /* Another file system: a mount point of the sandbox's own (a program cannot mount). */
      if (st.st_dev != ds.st_dev) continue;
      if (!S_ISDIR(st.st_mode)) {
        if (unlinkat(dir, e->d_name, 0)) r = -1;
        else removed = 1;
        continue;
      }
      int keep = is_kept(&st, ds.st_ino, e->d_name);
      if (keep < 0) { r = -1; continue; }
      int sub = fchmodat(dir, e->d_name, keep ? kept_mode(&st) : 0700, 0) ? -1 : openat(dir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0 || user_clear(sub, depth + 1)) r = -1;
      else if (keep ? restore_dir(sub, kept_mode(&st)) : unlinkat(dir, e->d_name, AT_REMOVEDIR)) r = -1;
      else removed |= !keep;
      if (sub >= 0) close(sub);
    }
  }
  closedir(d);
  return r;
}

/* Notes the directories the sandbox was made with under dir (same file system), with their modes. */
static void note_kept(int dir, int depth) {
  int fd = dup(dir);
  DIR *d = fd < 0 ? NULL : fdopendir(fd);
  if (!d) { if (fd >= 0) close(fd); return; }
  struct stat ds;
  fstat(dir, &ds);
  struct dirent *e;
  while ((e = readdir(d)) && nkept < KEPT_MAX) {
    struct stat st;
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (fstatat(dir, e->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode) || st.st_dev != ds.st_dev) continue;
    kept[nkept].dev = st.st_dev;
    kept[nkept].ino = st.st_ino;
    kept[nkept].parent = ds.st_ino;
    snprintf(kept[nkept].name, sizeof kept[nkept].name, "%s", e->d_name);
    kept[nkept++].mode = st.st_mode & 07777;
    int sub = depth < 64 ? openat(dir, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    if (sub >= 0) { note_kept(sub, depth + 1); close(sub); }
  }
  closedir(d);
}

/* What of the supervisor a program of the same uid may change (prlimit, setpriority,
   sched_setaffinity, sched_setscheduler and ioprio_set on pid 1 need no more) and the next test's
   program would inherit: its rlimits (the program's side sets only some), nice, policy, CPUs and I/O
   priority. Taken at the start; changed after a test, the worker gives up (see user_sweep). */
struct own_state {
  struct rlimit lim[RLIM_NLIMITS];
  int nice, policy, ioprio;
  cpu_set_t cpus;
};
static struct own_state own0;

static void own_state(struct own_state *o) {
  memset(o, 0, sizeof *o);
  for (int i = 0; i < RLIM_NLIMITS; i++) getrlimit(i, &o->lim[i]);
  errno = 0;
  o->nice = getpriority(PRIO_PROCESS, 0);
  o->policy = sched_getscheduler(0);
  o->ioprio = (int)syscall(SYS_ioprio_get, 1 /* IOPRIO_WHO_PROCESS */, 0);
  sched_getaffinity(0, sizeof o->cpus, &o->cpus);
}

/* After each test: the writable places as the sandbox was made, and a new work dir. */
static int user_sweep(void) {
  struct own_state now;
  own_state(&now);
  int r = memcmp(&now, &own0, sizeof now) ? -1 : 0;
  static const mode_t top_mode[USER_TOPS] = { 0755, 01777, 01777 };
  for (int i = 0; i < USER_TOPS; i++) {
    if (fchmod(user_top_fd[i], top_mode[i]) || user_clear(user_top_fd[i], 0) || restore_dir(user_top_fd[i], top_mode[i])) r = -1;
  }
  /* The work dir went with /sc-work's contents: a new one. */
  return fresh_work() | r;
}

static void user_start_serve(void) {
  sh = mmap(NULL, sizeof *sh, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (sh == MAP_FAILED) die("mmap");
  /* The program is our uid: not dumpable, we are out of its reach (ptrace, /proc/1/fd, environ). */
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)) die("dumpable");
  /* Nothing exec'd from here can gain a capability (our own stay: see serve_start). */
  if (drop_bounding_set()) die("drop the bounding set");
  signal(SIGPIPE, SIG_IGN);
  umask(022);
  const char *s = getenv("SC_SAMPLE_MS");
  if (s && atoll(s) > 0 && atoll(s) <= 1000) user_sample_ms = atoll(s);
  clock_gettime(CLOCK_REALTIME, &born[0]);
  born[1] = born[0];
  for (int i = 0; i < USER_TOPS; i++) {
    user_top_fd[i] = open(user_top[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (user_top_fd[i] < 0) die("open the writable dirs");
    struct stat st;
    if (fstat(user_top_fd[i], &st) || st.st_uid != getuid()) { errno = EPERM; die("the writable dirs are not ours"); }
    note_kept(user_top_fd[i], 0);
  }
  for (int i = 0; i < USER_TOPS; i++) {
    struct stat st;
    if (!fstat(user_top_fd[i], &st)) tmpfs_dev[ntmpfs_dev++] = st.st_dev;
  }
  own_state(&own0);
  works_fd = user_top_fd[0];
  work_uid = getuid();
  work_gid = getgid();
  if (user_sweep()) die("clear the writable dirs");
}

static void user_run_test(struct req *q, size_t pos) {
  static struct tail err;
  err.n = 0;
  err.keep = q->err_keep < ERR_RING ? q->err_keep : ERR_RING;
  struct urun g = { .err = &err, .aborted = pos < inlen, .k = { .procs = 1 }, .refused = REFUSED_NONE, .pairs = SOCKETPAIRS,
                    .pfd = -1, .lfd = -1, .efd = -1, .in = -1, .out = -1 };
  g.k.tck = sysconf(_SC_CLK_TCK);
  g.k.page = sysconf(_SC_PAGESIZE);
  if (g.k.tck <= 0) g.k.tck = 100;
  if (g.k.page <= 0) g.k.page = 4096;
  const char *failed = user_start(q, &g);
  if (failed) reply("%s error %s: %s\n", q->id, failed, strerror(errno));
  else {
    if (!g.aborted) user_watch(q, &g);
    user_end(&g);
    if (g.eof) _exit(0);
    if (sh->failed_errno) reply("%s error %s: %s\n", q->id, sh->failed_at, strerror(sh->failed_errno));
    else user_reply(q, &g);
  }
  if (g.in >= 0) close(g.in);
  if (g.out >= 0) close(g.out);
}

/* The input is in the worker's file (fd 3), never in the request; stdin and stdout are memfds. */
static const char *user_take(struct req *q) {
  if (q->in_len >= 0) return "bad request: the input goes in the worker's file";
  snprintf(q->in, sizeof q->in, "/nonexistent");
  snprintf(q->out, sizeof q->out, "/nonexistent");
  return NULL;
}

static void userve(void) {
  user_start_serve();
  serve_requests(user_take, user_run_test, user_sweep);
}
