// The headers it uses, not <bits/stdc++.h>: that alone is 2.5 s of the compiler's CPU, and the
// suite builds this program once per fresh cache.
#include <cctype>
#include <csetjmp>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <unistd.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <fcntl.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <sys/xattr.h>
#include <spawn.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sched.h>
#include <signal.h>
#include <pthread.h>
#include <linux/keyctl.h>
#include <linux/perf_event.h>
#include <linux/userfaultfd.h>
#include <linux/io_uring.h>
using namespace std;
long long mono() { timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000LL + t.tv_nsec; }
static volatile sig_atomic_t got[65];
void onsig(int s) { got[s] = 1; }
static char canary[] = "mine";
string slurp(const string& p) { ifstream f(p); stringstream s; s << f.rdbuf(); return f ? s.str() : string(); }
void burn() { volatile unsigned long x = 0; while (true) x++; }
void* sleeper(void*) { pause(); return nullptr; }
// 4 children that burn 0.6 s of CPU each and that the kernel reaps (SIGCHLD ignored); one after another or all at once. 1 if fork failed.
int reapedChildren(bool oneByOne) {
  signal(SIGCHLD, SIG_IGN);
  for (int i = 0; i < 4; i++) {
    pid_t c = fork(); if (c < 0) { perror("fork"); return 1; }
    if (c == 0) { timespec t; do clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); while (t.tv_sec * 1000 + t.tv_nsec / 1000000 < 600); _exit(0); }
    // With SIGCHLD ignored, wait returns (ECHILD) only once the children are gone.
    while (oneByOne && (wait(nullptr) > 0 || errno == EINTR)) {}
  }
  return 0;
}
void* burner(void*) { burn(); return nullptr; }
// Every way into another process by its pid; what worked goes into found, a pid that answered (EPERM: it exists) into seen.
void reach(int p, set<string>& found, set<int>& seen) {
  string n = to_string(p);
  auto note = [&](const string& how, bool worked) { if (worked) found.insert(how + ":" + n); else if (errno != ESRCH && errno != ENOENT) seen.insert(p); };
  note("kill", kill(p, SIGKILL) == 0);
  note("attach", ptrace(PTRACE_ATTACH, p, 0, 0) == 0);
  note("seize", ptrace(PTRACE_SEIZE, p, 0, 0) == 0);
  char buf[16] = {0};
  iovec local{buf, sizeof buf}, remote{(void*)canary, sizeof buf};
  // EFAULT means the address was wrong, not that the way in was shut.
  note("vm_readv", process_vm_readv(p, &local, 1, &remote, 1, 0) >= 0 || errno == EFAULT);
  note("vm_writev", process_vm_writev(p, &local, 1, &remote, 1, 0) >= 0 || errno == EFAULT);
  int fd = open(("/proc/" + n + "/mem").c_str(), O_RDWR);
  note("mem", fd >= 0); if (fd >= 0) close(fd);
  string secret = slurp("/proc/" + n + "/cwd/secret.txt");
  note("cwd", !secret.empty());
  char t[256];
  note("cwdlink", readlink(("/proc/" + n + "/cwd").c_str(), t, sizeof t) >= 0);
}

// Every block device under a directory of /dev, by path.
void blocks(const string& dir, vector<string>& found) {
  DIR* d = opendir(dir.c_str()); if (!d) return;
  while (dirent* e = readdir(d)) {
    string n = e->d_name; if (n == "." || n == "..") continue;
    string p = dir + "/" + n; struct stat st;
    if (lstat(p.c_str(), &st) != 0) continue;
    if (S_ISBLK(st.st_mode)) found.push_back(p);
    else if (S_ISDIR(st.st_mode)) blocks(p, found);
  }
  closedir(d);
}
vector<string> lines() { vector<string> v; string l; while (getline(cin, l)) if (!l.empty()) v.push_back(l); return v; }
int main() {
  string what; cin >> what;
  if (what == "whoami") {
    ifstream st("/proc/self/status"); string l, eff, bnd, nnp;
    while (getline(st, l)) { istringstream is(l); string k, v; is >> k >> v; if (k == "CapEff:") eff = v; if (k == "CapBnd:") bnd = v; if (k == "NoNewPrivs:") nnp = v; }
    printf("%d %d %s %s %s\n", (int)getuid(), (int)geteuid(), eff.c_str(), bnd.c_str(), nnp.c_str());
  }
  if (what == "snoop") {
    // simcoach's secret in any environment or command line under /proc, guessed pids included.
    string mark, got; cin >> mark;
    vector<string> pids{"self"}; for (int p = 1; p <= 32768; p++) pids.push_back(to_string(p));
    for (auto& p : pids) for (const char* f : {"environ", "cmdline"}) if (slurp("/proc/" + p + "/" + f).find(mark) != string::npos) got += " " + p + "/" + f;
    puts(got.empty() ? "hidden" : got.c_str() + 1);
  }
  if (what == "ptrace") {
    // Its parent and every process /proc lists: trace them, open their memory and environment.
    set<int> pids{(int)getppid()}; string got;
    if (DIR* d = opendir("/proc")) { while (dirent* e = readdir(d)) if (isdigit(e->d_name[0])) pids.insert(atoi(e->d_name)); closedir(d); }
    for (int p : pids) {
      if (p == getpid() || p == 0) continue;
      string n = to_string(p);
      if (ptrace(PTRACE_ATTACH, p, 0, 0) == 0) got += " attach:" + n;
      if (ptrace(PTRACE_SEIZE, p, 0, 0) == 0) got += " seize:" + n;
      for (const char* f : {"mem", "environ"}) { int fd = open(("/proc/" + n + "/" + f).c_str(), O_RDONLY); if (fd >= 0) { got += string(" ") + f + ":" + n; close(fd); } }
    }
    puts(got.empty() ? "blocked" : got.c_str() + 1);
  }
  if (what == "daemon") {
    string p; cin >> p; puts("parent done"); fflush(stdout);
    if (daemon(0, 0) == 0) { sleep(30); if (FILE* f = fopen(p.c_str(), "w")) { fputs("late", f); fclose(f); } }
    return 0;
  }
  if (what == "sysctl") {
    string p; cin >> p; int fd = open(p.c_str(), O_WRONLY);
    puts(fd >= 0 && write(fd, "7\n", 2) == 2 ? "wrote" : fd >= 0 ? "opened" : "blocked");
  }
  if (what == "initcmd") {
    // Pid 1's command line: at most a name and a word, no option, no host path.
    string shown;
    for (const char* p : {"/proc/1/cmdline", "/proc/1/task/1/cmdline"}) {
      ifstream f(p); if (!f) continue;
      vector<string> args; string a;
      while (getline(f, a, '\0')) if (!a.empty()) args.push_back(a);
      bool bad = args.size() > 2;
      for (auto& x : args) bad = bad || x.find("simcoach") != string::npos || x.find("bwrap") != string::npos || x[0] == '-';
      if (bad) { for (auto& x : args) shown += x + " "; shown += "\n"; }
    }
    puts(shown.empty() ? "hidden" : shown.c_str());
  }
  if (what == "families") {
    // AF_VSOCK, AF_ALG, AF_BLUETOOTH, AF_PACKET, and a vsock pair: all refused by the filter.
    string made; int fams[][2] = {{40, SOCK_STREAM}, {38, SOCK_SEQPACKET}, {31, SOCK_STREAM}, {17, SOCK_RAW}};
    for (auto& f : fams) if (socket(f[0], f[1], 0) >= 0) made += " " + to_string(f[0]);
    int sv[2]; if (socketpair(40, SOCK_STREAM, 0, sv) == 0) made += " pair";
    puts(made.empty() ? "refused" : made.c_str() + 1);
  }
  if (what == "unix") {
    string p; cin >> p; int s = socket(AF_UNIX, SOCK_STREAM, 0); sockaddr_un a{}; a.sun_family = AF_UNIX;
    strncpy(a.sun_path, p.c_str(), sizeof a.sun_path - 1);
    puts(s >= 0 && connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "blocked");
  }
  if (what == "blockdev") {
    vector<string> found; blocks("/dev", found);
    string target; getline(cin, target); getline(cin, target);
    if (mknod("blk", S_IFBLK | 0600, makedev(7, 0)) == 0) found.push_back("mknod");
    if (!target.empty()) { int fd = open(target.c_str(), O_WRONLY); if (fd >= 0 && write(fd, "pwned", 5) == 5) found.push_back(target); }
    if (found.empty()) puts("none"); else for (auto& f : found) puts(f.c_str());
  }
  if (what == "read") {
    string got; for (auto& p : lines()) { ifstream f(p); if (f) { got += " " + p; continue; } DIR* d = opendir(p.c_str()); if (d) { closedir(d); got += " " + p; } }
    puts(got.empty() ? "hidden" : got.c_str());
  }
  if (what == "writelines") {
    string got; for (auto& p : lines()) { FILE* f = fopen(p.c_str(), "w"); if (f) { fputs("x", f); fclose(f); got += " " + p; } }
    puts(got.empty() ? "blocked" : got.c_str());
  }
  // 512 MiB of files in the work dir: how much of it was written.
  if (what == "files") {
    string b(1 << 20, 'x');
    int got = 0;
    for (int i = 0; i < 8; i++) {
      FILE* f = fopen(("f" + to_string(i)).c_str(), "wb");
      for (int j = 0; f && j < 64; j++) if (fwrite(b.data(), 1, b.size(), f) == b.size() && fflush(f) == 0) got++;
      if (f && fclose(f)) got = 0;
    }
    puts(got < 512 ? "capped" : "wrote all");
  }
  if (what == "forkbomb") { while (true) fork(); }
  if (what == "loop") { volatile unsigned long x = 0; while (true) x++; }
  if (what == "sleep") { sleep(60); puts("1"); }
  if (what == "alloc") { vector<char> v(4ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\n", s); }
  if (what == "print") { string s(1023, 'y'); while (true) puts(s.c_str()); }
  // 40 files of 64 MiB each, reserved in the work dir: how many MiB it got.
  if (what == "fallocate") {
    long long got = 0;
    for (int i = 0; i < 40; i++) {
      int fd = open(("f" + to_string(i)).c_str(), O_WRONLY | O_CREAT, 0600);
      if (fd >= 0 && posix_fallocate(fd, 0, 64LL << 20) == 0) got += 64;
      if (fd >= 0) close(fd);
    }
    printf(got < 512 ? "capped\n" : "got %lld MiB\n", got);
  }
  // Eight 60 MiB files in the work dir, mapped shared and written through: 480 MiB in file pages.
  if (what == "mmapfiles") {
    long long sum = 0;
    for (int i = 0; i < 8; i++) {
      int fd = open(("m" + to_string(i)).c_str(), O_RDWR | O_CREAT, 0600);
      if (fd < 0 || ftruncate(fd, 60LL << 20)) { puts("no file"); return 0; }
      char* p = (char*)mmap(nullptr, 60LL << 20, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      if (p == MAP_FAILED) { puts("no map"); return 0; }
      memset(p, 1 + i, 60LL << 20);
      sum += p[i << 12];
    }
    printf("mapped %lld\n", sum);
  }
  if (what == "scratch") { string s(1 << 20, 'z'); FILE *f = fopen("/tmp/scratch", "w"); for (int i = 0; f && i < 80; i++) fwrite(s.data(), 1, s.size(), f); puts("wrote"); }
  if (what == "tcp") {
    int port; cin >> port; int s = socket(AF_INET, SOCK_STREAM, 0); sockaddr_in a{}; a.sin_family = AF_INET; a.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr); puts(s >= 0 && connect(s, (sockaddr*)&a, sizeof a) == 0 ? "connected" : "blocked");
  }
  if (what == "write") { string p; while (cin >> p) { FILE* f = fopen(p.c_str(), "w"); if (f) { fputs("x", f); fclose(f); } } puts("done"); }
  if (what == "setsid") {
    string p; cin >> p;
    if (fork() == 0) { setsid(); if (fork() == 0) { sleep(30); FILE* f = fopen(p.c_str(), "w"); if (f) fputs("late", f); } _exit(0); }
    puts("parent done");
  }
  if (what == "closeout") { puts("42"); fflush(stdout); close(1); sleep(60); }
  if (what == "abstract") {
    string p; cin >> p; int s = socket(AF_UNIX, SOCK_STREAM, 0); sockaddr_un a{}; a.sun_family = AF_UNIX;
    memcpy(a.sun_path + 1, p.data(), p.size());
    puts(s >= 0 && connect(s, (sockaddr*)&a, offsetof(sockaddr_un, sun_path) + 1 + p.size()) == 0 ? "connected" : "blocked");
  }
  if (what == "rlimits") {
    for (auto r : {RLIMIT_AS, RLIMIT_DATA, RLIMIT_CPU, RLIMIT_NPROC, RLIMIT_FSIZE}) { rlimit l{RLIM_INFINITY, RLIM_INFINITY}; setrlimit(r, &l); }
    vector<char> v(1ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\n", s);
  }
  if (what == "mount") {
    string got;
    if (mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND, nullptr) == 0) got += " remount";
    if (mount("none", "/tmp", "tmpfs", 0, nullptr) == 0) got += " tmpfs";
    if (mount("/usr", "/tmp", nullptr, MS_BIND, nullptr) == 0) got += " bind";
    puts(got.empty() ? "blocked" : got.c_str());
  }
  if (what == "fds") {
    string got; DIR* d = opendir("/proc/self/fd"); int own = dirfd(d);
    while (dirent* e = readdir(d)) { int fd = atoi(e->d_name); if (e->d_name[0] == '.' || fd <= 2 || fd == own) continue;
      char t[256] = {0}; readlink(("/proc/self/fd/" + string(e->d_name)).c_str(), t, 255);
      got += " " + to_string(fd) + ":" + t + (write(fd, "pwned\n", 6) == 6 ? ":written" : ""); }
    closedir(d); puts(got.empty() ? "none" : got.c_str());
  }

  if (what == "victim") {
    // Stays alive for the given time with a secret in its work dir and in its memory, and notes every way it was touched.
    long long ms; cin >> ms;
    { FILE* f = fopen("secret.txt", "w"); fputs("mine", f); fclose(f); }
    for (int s = 1; s < 32; s++) if (s != SIGKILL && s != SIGSTOP) signal(s, onsig);
    long long t0 = mono(); string harm;
    while (mono() - t0 < ms * 1000000LL) {
      string st = slurp("/proc/self/status"); size_t at = st.find("TracerPid:");
      if (at != string::npos && atoi(st.c_str() + at + 10) != 0 && harm.find("traced") == string::npos) harm += " traced";
      usleep(20000);
    }
    if (slurp("secret.txt") != "mine") harm += " file";
    if (strcmp(canary, "mine")) harm += " memory";
    for (int s = 1; s < 32; s++) if (got[s]) harm += " signal" + to_string(s);
    fprintf(stderr, "alive %lld %lld\n", t0, mono());
    puts(harm.empty() ? "mine" : harm.c_str());
  }
  if (what == "attacker") {
    // After the delay, for the given time: kill(-1), then every pid of 1..32768 and the pids it was given, then every pid /proc lists.
    long long delay, ms; cin >> delay >> ms; vector<int> extra; int x; while (cin >> x) extra.push_back(x);
    usleep(delay * 1000);
    int me = getpid(); set<string> found; set<int> seen, listed; long long rounds = 0, t0 = mono(), killall = 0;
    while (rounds == 0 || mono() - t0 < ms * 1000000LL) {
      if (kill(-1, SIGKILL) == 0) killall++;
      for (int p = 1; p <= 32768; p++) if (p != me) reach(p, found, seen);
      for (int p : extra) if (p != me) reach(p, found, seen);
      DIR* d = opendir("/proc");
      while (dirent* e = readdir(d)) { int p = atoi(e->d_name); if (p > 0 && p != me) { listed.insert(p); reach(p, found, seen); } }
      closedir(d);
      rounds++;
      usleep(50000);
    }
    long long t1 = mono();
    if (killall) found.insert("kill(-1)");
    string s, l; for (int p : seen) s += " " + to_string(p); for (int p : listed) l += " " + to_string(p);
    fprintf(stderr, "alive %lld %lld\ntried kill(-1), then kill, PTRACE_ATTACH, PTRACE_SEIZE, process_vm_readv, process_vm_writev, /proc/PID/mem, /proc/PID/cwd on 1..32768 and %zu more, %lld rounds\nanswered:%s\nlisted:%s\n", t0, t1, extra.size(), rounds, s.c_str(), l.c_str());
    string f; for (auto& k : found) f += " " + k;
    puts(f.empty() ? "none" : f.c_str() + 1);
  }

  if (what == "pid1") {
    // The sandbox's pid 1 (the pool's supervisor, or bubblewrap's init): signal it, trace it, read its
    // memory, its descriptors and its root, and forge a reply line through its stdout.
    string got; char t[256];
    for (int s : {SIGKILL, SIGTERM, SIGSTOP, SIGINT, SIGHUP, SIGUSR1}) if (kill(1, s) == 0) got += " kill" + to_string(s);
    if (ptrace(PTRACE_ATTACH, 1, 0, 0) == 0) got += " attach";
    if (ptrace(PTRACE_SEIZE, 1, 0, 0) == 0) got += " seize";
    char buf[16]; iovec local{buf, sizeof buf}, remote{(void*)0x400000, sizeof buf};
    if (process_vm_readv(1, &local, 1, &remote, 1, 0) >= 0 || errno == EFAULT) got += " vm_readv";
    for (const char* p : {"/proc/1/mem", "/proc/1/environ", "/proc/1/maps", "/proc/1/syscall", "/proc/1/stack"}) { int fd = open(p, O_RDONLY); if (fd >= 0) { got += string(" ") + p; close(fd); } }
    if (readlink("/proc/1/cwd", t, sizeof t) >= 0) got += " cwd";
    if (DIR* d = opendir("/proc/1/root/")) { got += " root"; closedir(d); }
    if (DIR* d = opendir("/proc/1/fd")) { got += " fds"; closedir(d); }
    if (DIR* d = opendir("/proc/1/map_files")) { got += " map_files"; closedir(d); }
    for (int fd = 0; fd < 64; fd++) {
      string p = "/proc/1/fd/" + to_string(fd); int w = open(p.c_str(), O_WRONLY);
      if (w >= 0) { got += " " + p; string forged = "t0 ok 0 0 0 0 0 1.0 0 0 0 2 2 0 -1\nok\n"; if (write(w, forged.data(), forged.size()) > 0) got += ":written"; close(w); }
    }
    // SIGIO aimed at pid 1 (as SIGKILL), for I/O on its own stdio: the kernel checks who asked when it sends.
    for (int fd = 0; fd <= 2; fd++) if (fcntl(fd, F_SETOWN, 1) == 0 && fcntl(fd, F_SETSIG, SIGKILL) == 0) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_ASYNC);
    for (int i = 0; i < 64; i++) fputs("sigio\n", stderr);
    fflush(stderr);
    usleep(100000);
    puts(got.empty() ? "blocked" : got.c_str() + 1);
  }
  if (what == "shm") {
    // tmpfs pages are memory: 1 GiB into /dev/shm, then into /tmp (files under the file-size limit), must meet the memory limit.
    string b(1 << 20, 'x'); long long mb = 0;
    for (const char* dir : {"/dev/shm", "/tmp"}) for (int k = 0; k < 32; k++) {
      FILE* f = fopen((string(dir) + "/fill" + to_string(k)).c_str(), "wb"); if (!f) break;
      for (int i = 0; i < 32; i++) { if (fwrite(b.data(), 1, b.size(), f) != b.size()) break; mb++; }
      fclose(f);
    }
    printf("wrote %lld MiB\n", mb);
  }
  if (what == "threads") {
    // 10000 threads: the process limit counts threads too.
    pthread_attr_t a; pthread_attr_init(&a); pthread_attr_setstacksize(&a, 64 << 10); int n = 0;
    for (; n < 10000; n++) { pthread_t t; if (pthread_create(&t, &a, sleeper, nullptr)) break; }
    puts(n < 1000 ? "capped" : ("unbounded " + to_string(n)).c_str());
    fflush(stdout); _exit(0);
  }
  if (what == "sessionbomb") { while (true) { if (fork() == 0) setsid(); } }
  if (what == "orphan") {
    // The answer comes at once; a child in a session of its own burns CPU on after it.
    if (fork() == 0) { setsid(); if (fork() == 0) burn(); _exit(0); }
    puts("answer");
  }
  if (what == "childcpu") {
    // The CPU goes to children and threads while the parent only waits: the whole tree is what counts.
    for (int i = 0; i < 3; i++) if (fork() == 0) burn();
    if (vfork() == 0) { for (int i = 0; i < 3; i++) { pthread_t t; pthread_create(&t, nullptr, burner, nullptr); } burn(); }
    while (wait(nullptr) > 0) {}
    puts("done");
  }
  if (what == "sqpoll") {
    // An io_uring polling thread spins on the kernel's side while the program sleeps: its CPU is the program's.
    io_uring_params p{}; p.flags = IORING_SETUP_SQPOLL; p.sq_thread_idle = 1000000;
    int fd = (int)syscall(SYS_io_uring_setup, 4, &p);
    fprintf(stderr, "io_uring %s\n", fd >= 0 ? "up" : strerror(errno));
    if (fd < 0) { puts("refused"); exit(0); }
    if (fd >= 0) {
      // One no-op submitted wakes the thread, which then polls for more until its idle time (1000 s) is out.
      char* sq = (char*)mmap(nullptr, p.sq_off.array + p.sq_entries * 4, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQ_RING);
      io_uring_sqe* sqes = (io_uring_sqe*)mmap(nullptr, p.sq_entries * sizeof(io_uring_sqe), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, IORING_OFF_SQES);
      unsigned* tail = (unsigned*)(sq + p.sq_off.tail);
      memset(&sqes[0], 0, sizeof sqes[0]); sqes[0].opcode = IORING_OP_NOP;
      ((unsigned*)(sq + p.sq_off.array))[0] = 0;
      __atomic_store_n(tail, *tail + 1, __ATOMIC_RELEASE);
      syscall(SYS_io_uring_enter, fd, 1, 0, IORING_ENTER_SQ_WAKEUP, nullptr, 0);
    }
    sleep(120); puts("slept");
  }
  if (what == "uffd") {
    // A page fault that nobody serves: the program hangs in the kernel and must still be killed.
    long fd = syscall(SYS_userfaultfd, O_CLOEXEC | 1 /* UFFD_USER_MODE_ONLY */);
    if (fd < 0) { fprintf(stderr, "userfaultfd: %s\n", strerror(errno)); puts("refused"); exit(0); }
    if (fd >= 0) {
      uffdio_api api{}; api.api = UFFD_API; ioctl(fd, UFFDIO_API, &api);
      char* page = (char*)mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      uffdio_register r{}; r.range.start = (unsigned long)page; r.range.len = 4096; r.mode = UFFDIO_REGISTER_MODE_MISSING;
      if (ioctl(fd, UFFDIO_REGISTER, &r) == 0) { fprintf(stderr, "registered\n"); printf("%d\n", page[0]); }
    }
    fprintf(stderr, "userfaultfd: %s\n", strerror(errno));
    sleep(120); puts("slept");
  }
  if (what == "privileged") {
    // What only root may do: each must fail (none of these harms the host if it did not).
    string got;
    perf_event_attr pa{}; pa.type = PERF_TYPE_HARDWARE; pa.size = sizeof pa; pa.config = PERF_COUNT_HW_CPU_CYCLES;
    if (syscall(SYS_perf_event_open, &pa, -1, 0, -1, 0) >= 0) got += " perf-every-process";
    pa.type = PERF_TYPE_SOFTWARE; pa.config = PERF_COUNT_SW_CPU_CLOCK;
    if (syscall(SYS_perf_event_open, &pa, 1, -1, -1, 0) >= 0) got += " perf-pid1";
    struct file_handle* h = (struct file_handle*)calloc(1, sizeof(struct file_handle) + 8); h->handle_bytes = 8; h->handle_type = 1; ((uint32_t*)h->f_handle)[0] = 2;
    if (open_by_handle_at(open("/usr", O_RDONLY), h, O_RDONLY) >= 0) got += " open_by_handle_at";
    timespec now; clock_gettime(CLOCK_REALTIME, &now);
    if (clock_settime(CLOCK_REALTIME, &now) == 0) got += " clock_settime";
    sched_param sp{}; sp.sched_priority = 1;
    if (sched_setscheduler(0, SCHED_FIFO, &sp) == 0) got += " SCHED_FIFO";
    if (setpriority(PRIO_PROCESS, 0, -5) == 0) got += " nice-5";
    if (syscall(SYS_ioprio_set, 1, 0, (1 << 13) | 0) == 0) got += " ioprio-realtime";
    if (sethostname("pwned", 5) == 0) got += " sethostname";
    if (chroot("/tmp") == 0) got += " chroot";
    if (unshare(CLONE_NEWNET) == 0) got += " unshare-net";
    if (setuid(0) == 0) got += " setuid0";
    puts(got.empty() ? "blocked" : got.c_str() + 1);
  }

  if (what == "userns") {
    // A user namespace of its own gives every capability over it: with them, uncover what the sandbox
    // mounted over (unmount), make a read-only mount writable, mount the host's cgroups, then look for the host.
    string got;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0) {
      fprintf(stderr, "user namespace: yes\n");
      string mi = slurp("/proc/self/mountinfo"); istringstream is(mi); string l; vector<string> points;
      while (getline(is, l)) { istringstream w(l); string a, b, c, root, point; w >> a >> b >> c >> root >> point; points.push_back(point); }
      for (auto it = points.rbegin(); it != points.rend(); ++it) if (*it != "/" && umount2(it->c_str(), MNT_DETACH) == 0) got += " umount:" + *it;
      for (const char* p : {"/usr", "/proc", "/proc/sys", "/etc/ld.so.cache"}) if (mount(nullptr, p, nullptr, MS_REMOUNT | MS_BIND, nullptr) == 0) got += string(" rw:") + p;
      if (mkdir("/tmp/cg", 0700) == 0 || errno == EEXIST) {
        if (mount("cgroup", "/tmp/cg", "cgroup", 0, "memory") == 0) got += " cgroup-v1";
        if (mount("cgroup2", "/tmp/cg", "cgroup2", 0, nullptr) == 0) got += " cgroup2";
        if (mount("sysfs", "/tmp/cg", "sysfs", 0, nullptr) == 0) got += " sysfs";
        if (mount("proc", "/tmp/cg", "proc", 0, nullptr) == 0) got += " proc";
      }
    } else fprintf(stderr, "user namespace: %s\n", strerror(errno));
    string f; for (auto& l : lines()) { int fd = open(l.c_str(), O_RDONLY); if (fd >= 0) { got += " read:" + l; close(fd); } }
    puts(got.empty() ? "contained" : got.c_str() + 1);
  }
  if (what == "mountinfo") {
    // /proc/self/mountinfo names the host directory behind each mount: open each one and its parent,
    // looking for what the host keeps beside the program (other tests' dirs, the worker's in/out files).
    string mi = slurp("/proc/self/mountinfo"); istringstream is(mi); string l, got; set<string> hosts;
    while (getline(is, l)) { istringstream w(l); string a, b, c, root, point; w >> a >> b >> c >> root >> point; if (root != point && root != "/") { hosts.insert(root); hosts.insert(root.substr(0, root.rfind('/'))); } }
    struct stat cwd; stat(".", &cwd);
    for (auto& h : hosts) {
      DIR* d = opendir(h.c_str()); if (!d) continue;
      struct stat hs; if (fstat(dirfd(d), &hs) == 0 && hs.st_dev == cwd.st_dev && hs.st_ino == cwd.st_ino) { closedir(d); continue; }
      while (dirent* e = readdir(d)) { string n = e->d_name; if (n == "in" || n == "out" || n == "err" || n == "stdin" || n == "work" || n.rfind("simcoach", 0) == 0) got += " " + h + "/" + n; }
      closedir(d);
    }
    fprintf(stderr, "host paths: %zu\n", hosts.size());
    puts(got.empty() ? "hidden" : got.c_str() + 1);
  }
  if (what == "cgroup") {
    // Out of its cgroup or its limits raised: through /sys, or through a cgroup mount in a namespace of its own; then 1 GiB.
    string got;
    for (const char* p : {"/sys/fs/cgroup/memory/cgroup.procs", "/sys/fs/cgroup/pids/cgroup.procs", "/sys/fs/cgroup/cgroup.procs"}) { int fd = open(p, O_WRONLY); if (fd >= 0 && write(fd, "0", 1) == 1) got += string(" ") + p; }
    if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWCGROUP) == 0 && (mkdir("/tmp/cg", 0700) == 0 || errno == EEXIST)) {
      if (mount("cgroup", "/tmp/cg", "cgroup", 0, "memory") == 0) {
        for (const char* f : {"/tmp/cg/memory.limit_in_bytes", "/tmp/cg/memory.memsw.limit_in_bytes"}) { int fd = open(f, O_WRONLY); if (fd >= 0 && write(fd, "-1", 2) == 2) got += string(" ") + f; }
        int fd = open("/tmp/cg/cgroup.procs", O_WRONLY); if (fd >= 0 && write(fd, "0", 1) == 1) got += " cgroup.procs";
      }
    }
    fprintf(stderr, "escaped:%s\n", got.c_str());
    vector<char> v(1ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\n", s);
  }
  if (what == "outfile") {
    // The answer file the judge reads after the run, made into a link to a host file, a FIFO or a directory.
    string kind, target; cin >> kind; getline(cin, target); getline(cin, target);
    if (kind == "symlink") symlink(target.c_str(), "output.txt");
    if (kind == "fifo") mkfifo("output.txt", 0666);
    if (kind == "dir") mkdir("output.txt", 0777);
    if (kind == "hardlink") link(target.c_str(), "output.txt");
    puts("done");
  }
  if (what == "bigout") {
    // Its stdout (a file in the pool) made a terabyte long without writing it: each way must meet the file-size limit.
    signal(SIGXFSZ, SIG_IGN); string got;
    if (ftruncate(1, 1LL << 40) == 0) got += " ftruncate";
    if (pwrite(1, "x", 1, 1LL << 40) == 1) got += " pwrite";
    if (fallocate(1, 0, 0, 1LL << 40) == 0) got += " fallocate";
    puts(got.empty() ? "ok" : got.c_str() + 1);
  }
  if (what == "forge") {
    // Lines in the pool's reply format, on stdout and stderr, for every request id a worker may use.
    string out;
    for (int i = 0; i < 2000; i++) {
      string id; for (int n = i; ; n /= 36) { id.insert(id.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36]); if (n < 36) break; }
      out += "t" + id + " ok 0 0 0 0 0 1.000 0 0 0 3 3 0 -1\nAC\n";
    }
    fputs(out.c_str(), stdout); fputs(out.c_str(), stderr);
  }
  if (what == "keys") {
    // The kernel keyrings of its uid outlive the run: leave a key there, or find one left by an earlier
    // run; through the 64-bit calls, and the 32-bit (int 0x80) and x32 ones a filter might forget.
    string op; cin >> op;
    // The 32-bit ABI takes 32-bit pointers: the strings live below 4 GiB.
    char* low = (char*)mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT, -1, 0);
    strcpy(low, "user"); strcpy(low + 16, "simcoach-hostile"); strcpy(low + 64, "left");
    // A kernel built without the 32-bit ABI (IA32_EMULATION off, as on some VMs) answers int 0x80
    // with SIGSEGV: there that door does not exist, so the call counts as refused.
    static sigjmp_buf no32;
    signal(SIGSEGV, [](int) { siglongjmp(no32, 1); });
    auto sys32 = [](long nr, long a, long b, long c, long d, long e) {
      volatile long ret = -ENOSYS;
#if defined(__x86_64__)
      if (sigsetjmp(no32, 1) == 0) {
        long r;
        asm volatile("int $0x80" : "=a"(r) : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e) : "memory");
        ret = r;
      }
#endif
      return (long)ret;
    };
    const long X32 = 0x40000000;
    long u = KEY_SPEC_USER_KEYRING, s = KEY_SPEC_SESSION_KEYRING;
    if (op == "put") {
      bool put = false;
      for (long ring : {u, s}) {
        put |= syscall(SYS_add_key, low, low + 16, low + 64, 4, ring) >= 0;
        put |= sys32(286, (long)low, (long)(low + 16), (long)(low + 64), 4, ring) >= 0;
        put |= syscall(X32 | 248, low, low + 16, low + 64, 4, ring) >= 0;
      }
      puts(put ? "put" : "blocked");
    }
    if (op == "get" || op == "clear") {
      bool found = false;
      for (long ring : {u, s}) {
        if (op == "clear") { syscall(SYS_keyctl, KEYCTL_CLEAR, ring); sys32(288, KEYCTL_CLEAR, ring, 0, 0, 0); syscall(X32 | 250, KEYCTL_CLEAR, ring); continue; }
        found |= syscall(SYS_keyctl, KEYCTL_SEARCH, ring, low, low + 16, 0) >= 0;
        found |= sys32(288, KEYCTL_SEARCH, ring, (long)low, (long)(low + 16), 0) >= 0;
        found |= syscall(X32 | 250, KEYCTL_SEARCH, ring, low, low + 16, 0) >= 0;
      }
      puts(op == "clear" ? "cleared" : found ? "found" : "none");
    }
  }
  if (what == "take") {
    // N MiB of its own memory, touched: what a normal test of that size needs.
    size_t mb; cin >> mb; vector<char> v(mb << 20, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i];
    const char* run = getenv("SIMCOACH_RUN"); fprintf(stderr, "run %s\n", run ? run : "?");
    puts(s == (long long)(v.size() / 4096) ? "ok" : "bad");
  }

  if (what == "deep") {
    // A directory tree deeper than PATH_MAX in its work dir: whoever removes it by full path names cannot.
    for (int i = 0; i < 3000; i++) if (mkdir("dddddddd", 0755) || chdir("dddddddd")) { puts("refused"); return 0; }
    puts("made");
  }
  if (what == "stdfiles") {
    // The files behind its stdin, stdout and stderr (in the pool, the worker's own, which the next test
    // reuses): write its input, remove or rename them, put a FIFO in their place.
    string got; char t[512];
    for (int fd = 0; fd <= 2; fd++) {
      string self = "/proc/self/fd/" + to_string(fd);
      ssize_t n = readlink(self.c_str(), t, sizeof t - 1); if (n <= 0) continue; t[n] = 0; string p = t;
      fprintf(stderr, "fd %d: %s\n", fd, t);
      if (fd == 0) { int w = open(self.c_str(), O_WRONLY); if (w >= 0) { got += " write-stdin"; close(w); } }
      if (p[0] != '/') continue;
      if (rename(p.c_str(), (p + ".old").c_str()) == 0) got += " rename:" + p;
      if (unlink(p.c_str()) == 0) got += " unlink:" + p;
      if (mkfifo(p.c_str(), 0666) == 0) got += " fifo:" + p;
      if (symlink("/etc/ld.so.cache", (p + ".link").c_str()) == 0) got += " symlink:" + p;
    }
    puts(got.empty() ? "blocked" : got.c_str() + 1);
  }

  if (what == "plant") {
    // Leaves what it can where the next test of the same worker may look (the pool's tests share /tmp,
    // /dev/shm and the work dir, swept between them): dotfiles, a FIFO, a link, a directory with no
    // permissions, a tree 40 deep, and a process in a session of its own that goes on writing.
    int made = 0;
    for (string d : {string("/tmp"), string("/dev/shm"), string(".")}) {
      if (FILE* f = fopen((d + "/.planted").c_str(), "w")) { fputs("planted", f); fclose(f); made++; }
      mkfifo((d + "/.fifo").c_str(), 0666);
      symlink("/etc/ld.so.cache", (d + "/.link").c_str());
      string sub = d + "/.closed"; mkdir(sub.c_str(), 0755);
      if (FILE* f = fopen((sub + "/x").c_str(), "w")) fclose(f);
      chmod(sub.c_str(), 0);
      string p = d + "/.deep"; for (int i = 0; i < 40; i++) { mkdir(p.c_str(), 0755); p += "/d"; }
    }
    // A SysV semaphore set and a POSIX message queue, none removed (SysV shared memory and message
    // queues are refused outright: the "memfd" and "sysvshm" attacks).
    if (semget(0x5c0a, 1, IPC_CREAT | 0666) >= 0) made++;
    if (syscall(SYS_mq_open, "simcoach-hostile", O_CREAT | O_RDWR, 0666, nullptr) >= 0) made++;
    if (fork() == 0) { setsid(); while (true) { if (FILE* f = fopen("/tmp/.late", "w")) fclose(f); usleep(1000); } }
    puts(made == 5 ? "planted" : "refused");
  }
  if (what == "look") {
    // Everything in /tmp, /dev/shm and its work dir, but the root-owned entries of /tmp (the batch's read-only dirs).
    string got;
    function<void(const string&)> walk = [&](const string& d) {
      DIR* dd = opendir(d.c_str()); if (!dd) return;
      while (dirent* e = readdir(dd)) {
        string n = e->d_name; if (n == "." || n == "..") continue;
        string p = d + "/" + n; struct stat st; if (lstat(p.c_str(), &st)) continue;
        if (d == "/tmp" && st.st_uid == 0) continue;
        got += " " + p; if (S_ISDIR(st.st_mode)) walk(p);
      }
      closedir(dd);
    };
    for (string d : {"/tmp", "/dev/shm", "."}) walk(d);
    // (shmget and msgget are refused: the run would end at them.)
    if (semget(0x5c0a, 0, 0) >= 0) got += " sem";
    if (syscall(SYS_mq_open, "simcoach-hostile", O_RDONLY, 0, nullptr) >= 0) got += " mq";
    puts(got.empty() ? "clean" : got.c_str() + 1);
  }

  if (what == "channel") {
    // Its work dir is its own: marks on the directory itself (an extended attribute, the times it
    // sets) for the next test of the same worker to read.
    string op; cin >> op;
    if (op == "put") {
      int x = setxattr(".", "user.simcoach", "left", 4, 0);
      timespec t[2] = {{1234567, 0}, {7654321, 0}};
      int u = utimensat(AT_FDCWD, ".", t, 0);
      puts(x == 0 || u == 0 ? "put" : "blocked");
    }
    if (op == "get") {
      string got; char b[16]; struct stat st;
      if (getxattr(".", "user.simcoach", b, sizeof b) > 0) got += " xattr";
      if (stat(".", &st) == 0 && st.st_mtim.tv_sec == 7654321) got += " mtime";
      if (stat(".", &st) == 0 && st.st_atim.tv_sec == 1234567) got += " atime";
      puts(got.empty() ? "none" : got.c_str() + 1);
    }
  }
  // Issue 32: memory only a cgroup sees, and processes, which the launcher's filter refuses (RE).
  if (what == "memfd") {
    // 10 memfds of 60 MiB, written (never mapped): no process's RSS shows them.
    string b(1 << 20, 'm'); int held = 0;
    for (int i = 0; i < 10; i++) {
      int fd = (int)syscall(SYS_memfd_create, "hold", 0); if (fd < 0) { perror("memfd_create"); return 3; }
      for (int k = 0; k < 60; k++) if (write(fd, b.data(), b.size()) != (ssize_t)b.size()) { perror("write"); return 3; }
      held += 60;
    }
    printf("held %d MiB\n", held);
  }
  if (what == "sysvshm") {
    // One SysV segment of 640 MiB, attached and touched.
    int id = shmget(IPC_PRIVATE, 640ULL << 20, IPC_CREAT | 0600); if (id < 0) { perror("shmget"); return 3; }
    char* p = (char*)shmat(id, nullptr, 0); if (p == (char*)-1) { perror("shmat"); return 3; }
    for (size_t i = 0; i < (640ULL << 20); i += 4096) p[i] = 1;
    puts("held 640 MiB");
  }
  if (what == "sockbuf") {
    // Socket pairs whose buffers are filled and never read: 667 MiB queued in the kernel.
    string b(1 << 16, 's'); long long queued = 0;
    while (queued < (667LL << 20)) {
      int sv[2]; if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) { perror("socketpair"); return 3; }
      for (int end = 0; end < 2; end++) {
        fcntl(sv[end], F_SETFL, O_NONBLOCK);
        ssize_t w; while ((w = write(sv[end], b.data(), b.size())) > 0) queued += w;
      }
    }
    printf("queued %lld MiB\n", queued >> 20);
  }
  if (what == "autoreap") {
    // 4 children burn 0.6 s of CPU each at once; SIGCHLD ignored, so the kernel reaps them and no wait counts them.
    if (reapedChildren(false)) return 3;
    sleep(3); puts("done");
  }
  // Issue 47: memory the kernel keeps outside every figure, and a peak a program could lower.
  if (what == "ptys") {
    // Every pty it can open (a devpts instance's buffers are kernel memory no limit is charged for).
    int n = 0;
    for (const char* p : { "/dev/ptmx", "/dev/pts/ptmx" })
      for (int i = 0; i < 3000 && open(p, O_RDWR | O_NOCTTY) >= 0; i++) n++;
    if (n) printf("opened %d\n", n); else puts("no pty");
  }
  if (what == "pipes") {
    // As many pipes as the open-files limit allows, each made as large as it may be, and filled.
    string b(1 << 16, 'p'); long long held = 0; int fd[2];
    while (held < (512LL << 20) && pipe(fd) == 0) {
      fcntl(fd[1], F_SETPIPE_SZ, 1 << 20); fcntl(fd[1], F_SETFL, O_NONBLOCK);
      ssize_t w; while ((w = write(fd[1], b.data(), b.size())) > 0) held += w;
    }
    if (held < (8LL << 20)) puts("few"); else printf("held %lld MiB\n", held >> 20);
  }
  if (what == "shmfiles") {
    // 150 MiB of shared anonymous memory and 150 MiB of files in /tmp (3 of 50 MiB, under the
    // output limit each): neither may cancel the other.
    size_t n = 150ULL << 20;
    char* m = (char*)mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0); if (m == MAP_FAILED) { perror("mmap"); return 3; }
    memset(m, 1, n);
    string b(1 << 20, 'f');
    for (int k = 0; k < 3; k++) {
      FILE* f = fopen(("/tmp/held" + to_string(k)).c_str(), "w"); if (!f) { perror("fopen"); return 3; }
      for (int i = 0; i < 50; i++) fwrite(b.data(), 1, b.size(), f);
      fclose(f);
    }
    // Held a moment, as "shrink" holds its peak: without a cgroup the peak is sampled, and this
    // case is about the two not cancelling in the sum, not about a peak shorter than a sample.
    usleep(100000);
    puts("held");
  }
  if (what == "shrink") {
    // 272 MiB in /dev/shm (17 files of 16 MiB), held a moment and freed; then host files read into the page cache
    // (dropped from it first) and 60 MiB of stderr: the page cache at the end is not the peak's.
    string b(1 << 20, 's');
    for (int k = 0; k < 17; k++) {
      FILE* f = fopen(("/dev/shm/big" + to_string(k)).c_str(), "w"); if (!f) { perror("fopen"); return 3; }
      for (int i = 0; i < 16; i++) fwrite(b.data(), 1, b.size(), f);
      fclose(f);
    }
    usleep(200000);
    for (int k = 0; k < 17; k++) unlink(("/dev/shm/big" + to_string(k)).c_str());
    long long got = 0; vector<char> r(1 << 20);
    for (const char* dir : { "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/bin", "/usr/lib" }) {
      DIR* d = opendir(dir);
      while (d && got < (120LL << 20)) {
        dirent* e = readdir(d); if (!e) break;
        int fd = open((string(dir) + "/" + e->d_name).c_str(), O_RDONLY | O_NOFOLLOW); if (fd < 0) continue;
        struct stat st; if (!fstat(fd, &st) && S_ISREG(st.st_mode)) { posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED); ssize_t k; while ((k = read(fd, r.data(), r.size())) > 0) got += k; }
        close(fd);
      }
      if (d) closedir(d);
    }
    for (int i = 0; i < 60; i++) fwrite(b.data(), 1, b.size(), stderr);
    printf("read %lld MiB\n", got >> 20);
  }
  if (what == "reaped") {
    // 4 children burn 0.6 s of CPU each, one after another, so the tree never holds more than one;
    // SIGCHLD ignored, so the kernel reaps them (wait only waits for each to go, and counts nothing).
    if (reapedChildren(true)) return 3;
    puts("done");
  }
  if (what == "stderr") {
    // A right answer, and 68 MiB of stderr (more than the output limit): stderr never fails a test.
    string b(1 << 20, 'e');
    for (int i = 0; i < 68; i++) fwrite(b.data(), 1, b.size(), stderr);
    puts("42");
  }
  if (what == "vfork") { pid_t c = vfork(); if (c == 0) _exit(0); if (c < 0) { perror("vfork"); return 3; } waitpid(c, nullptr, 0); puts("vforked"); }
  if (what == "clone3") {
    // clone3 for a process; where it is refused (ENOSYS), what the C library does next: clone.
    struct { uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls; } args{};
    args.exit_signal = SIGCHLD;
    long c = syscall(SYS_clone3, &args, sizeof args);
    if (c < 0 && errno == ENOSYS) { fprintf(stderr, "clone3: ENOSYS\n"); c = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0); }
    if (c == 0) _exit(0);
    if (c < 0) { perror("clone"); return 3; }
    waitpid((pid_t)c, nullptr, 0); puts("cloned");
  }
  if (what == "spawn") {
    pid_t c; char* argv[] = {(char*)"true", nullptr};
    int e = posix_spawn(&c, "/bin/true", nullptr, nullptr, argv, environ); if (e) { errno = e; perror("posix_spawn"); return 3; }
    waitpid(c, nullptr, 0); puts("spawned");
  }
  if (what == "stdthreads") {
    // Legal: threads (clone with CLONE_THREAD), each summing its share.
    vector<thread> ts; vector<long long> part(4);
    for (int i = 0; i < 4; i++) ts.emplace_back([&part, i] { long long s = 0; for (int k = i; k < 4000000; k += 4) s += k % 7; part[i] = s; });
    for (auto& t : ts) t.join();
    printf("%lld\n", part[0] + part[1] + part[2] + part[3]);
  }
  if (what == "eof") { long long s = 0, x; while (scanf("%lld", &x) == 1) s += x; for (int i = 0; i < 100000; i++) if (getchar() != EOF) return 1; printf("%lld\n", s); }
  return 0;
}
