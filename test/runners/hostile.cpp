#include <bits/stdc++.h>
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
  if (what == "sysctl") {
    string p; cin >> p; int fd = open(p.c_str(), O_WRONLY);
    puts(fd >= 0 && write(fd, "7\n", 2) == 2 ? "wrote" : fd >= 0 ? "opened" : "blocked");
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
  if (what == "files") {
    string b(1 << 20, 'x');
    for (int i = 0; i < 8; i++) { FILE* f = fopen(("f" + to_string(i)).c_str(), "wb"); for (int j = 0; j < 64; j++) fwrite(b.data(), 1, b.size(), f); fclose(f); }
    puts("ok");
  }
  if (what == "forkbomb") { while (true) fork(); }
  if (what == "loop") { volatile unsigned long x = 0; while (true) x++; }
  if (what == "sleep") { sleep(60); puts("1"); }
  if (what == "alloc") { vector<char> v(4ULL << 30, 1); long long s = 0; for (size_t i = 0; i < v.size(); i += 4096) s += v[i]; printf("%lld\n", s); }
  if (what == "print") { string s(1023, 'y'); while (true) puts(s.c_str()); }
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
  if (what == "eof") { long long s = 0, x; while (scanf("%lld", &x) == 1) s += x; for (int i = 0; i < 100000; i++) if (getchar() != EOF) return 1; printf("%lld\n", s); }
  return 0;
}
