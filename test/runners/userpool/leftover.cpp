// Each test of a batch looks for what an earlier test in the same sandbox could have left, then
// leaves all of it for the next: a process (setsid, sleeping), files and a FIFO in every writable
// place, a SysV semaphore set and a POSIX message queue, an extended attribute, a mode and times
// on the writable directories. It prints "clean" when it found nothing, else what it found. Given
// "move", it also renames the directory above its binary that is right under /tmp: the next test's
// binary would not be found where the judge runs it; given "limit", it lowers pid 1's address-space
// limit and priority, which a program forked from it would inherit.
#include <dirent.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/xattr.h>
#include <unistd.h>

static std::string found;
static const char *const NAME = "sc-leftover";
static const key_t KEY = 0x5c5c5c;

static void note(const std::string &what) { found += " " + what; }

// The writable places: /tmp, /dev/shm, the work dir and its parent, and every directory above the
// program's own binary (the dirs a sandbox makes for a mount point: under /tmp they are writable).
static std::string places[64];
static int nplaces;

static void find_places() {
  const char *fixed[] = {"/tmp", "/dev/shm", ".", ".."};
  for (const char *p : fixed) places[nplaces++] = p;
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  std::string d = exe;
  while (nplaces < 64) {
    size_t at = d.find_last_of('/');
    if (at == std::string::npos || at == 0) break;
    d = d.substr(0, at);
    places[nplaces++] = d;
  }
}

static void look() {
  DIR *proc = opendir("/proc");
  for (struct dirent *e; proc && (e = readdir(proc));) {
    int pid = atoi(e->d_name);
    if (pid > 1 && pid != getpid()) note("process " + std::string(e->d_name));
  }
  if (proc) closedir(proc);
  for (int i = 0; i < nplaces; i++) {
    std::string f = places[i] + "/" + NAME;
    struct stat st;
    if (lstat(f.c_str(), &st) == 0) note("file " + f);
    if (lstat((f + "-fifo").c_str(), &st) == 0) note("fifo " + f);
    if (lstat((f + "-dir").c_str(), &st) == 0) note("dir " + f);
    char v[8];
    if (getxattr(places[i].c_str(), "user.sc", v, sizeof v) >= 0) note("xattr " + places[i]);
    if (stat(places[i].c_str(), &st) == 0 && st.st_mtime == 1000000) note("times " + places[i]);
    if (stat(places[i].c_str(), &st) == 0 && (st.st_mode & 07777) == 0751) note("mode " + places[i]);
  }
  if (semget(KEY, 0, 0) >= 0) note("semaphore");
  struct rlimit r;
  if (getrlimit(RLIMIT_AS, &r) == 0 && r.rlim_max != RLIM_INFINITY) note("address-space limit");
  if (getpriority(PRIO_PROCESS, 0) > 0) note("nice");
  long q = syscall(SYS_mq_open, NAME, O_RDONLY, 0, nullptr);
  if (q >= 0) note("message queue");
}

static void plant() {
  for (int i = 0; i < nplaces; i++) {
    std::string f = places[i] + "/" + NAME;
    close(open(f.c_str(), O_WRONLY | O_CREAT, 0600));
    mkfifo((f + "-fifo").c_str(), 0600);
    mkdir((f + "-dir").c_str(), 0700);
    close(open((f + "-dir/deep").c_str(), O_WRONLY | O_CREAT, 0600));
    chmod((f + "-dir").c_str(), 0);
    setxattr(places[i].c_str(), "user.sc", "1", 1, 0);
    struct timeval tv[2] = {{1000000, 0}, {1000000, 0}};
    utimes(places[i].c_str(), tv);
    // Not "." itself, which the next steps still write in.
    if (places[i] != ".") chmod(places[i].c_str(), 0751);
  }
  semget(KEY, 1, IPC_CREAT | 0600);
  syscall(SYS_mq_open, NAME, O_CREAT | O_RDWR, 0600, nullptr);
  // A process that outlives the test, out of its session, holding a pipe.
  int p[2];
  if (pipe(p) == 0 && fork() == 0) {
    setsid();
    if (fork() == 0) {
      signal(SIGHUP, SIG_IGN);
      sleep(60);
    }
    _exit(0);
  }
}

// The highest of the binary's directories under /tmp, renamed.
static void move_away() {
  for (int i = nplaces - 1; i >= 0; i--) {
    if (places[i].rfind("/tmp/", 0) == 0) {
      rename(places[i].c_str(), "/tmp/sc-moved");
      return;
    }
  }
}

int main() {
  char word[16] = "";
  if (scanf("%15s", word) != 1) word[0] = 0;
  find_places();
  look();
  plant();
  if (!strcmp(word, "move")) move_away();
  // The supervisor (pid 1) is this uid's too: what it would pass on to the next test's program.
  if (!strcmp(word, "limit")) {
    struct rlimit as = {256 << 20, 256 << 20};
    prlimit(1, RLIMIT_AS, &as, nullptr);
    setpriority(PRIO_PROCESS, 1, 5);
  }
  printf("%s\n", found.empty() ? "clean" : ("found:" + found).c_str());
  return 0;
}
