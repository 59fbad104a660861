// The verdict table's rows (issue 32): each program with its limits and the verdict a real judge
// gives it, the same on every path (root on cgroup v1, a user without a cgroup, root on cgroup v2,
// a user in a delegated v2 subtree). Every program reads "1 2" and answers 3 when it gets that far.
import type { LangId } from '../../src/runners/build/types.js';

export interface Row {
  id: string;
  lang: LangId;
  /** The program, given the run's CPU limit in ms (the VM scales limits up: it emulates the CPU ~40× slower). */
  source: string | ((timeMs: number) => string);
  memoryMb: number;
  timeMs: number;
  /** The real judge's verdict. */
  expect: string;
  /**
   * Set when the verdict rests on the launcher branch's seccomp refusal (process creation, memfd,
   * SysV shm, sockets: RE "the program tried to …"); until it lands such a row is reported, not asserted.
   */
  refusal?: true;
  /** The problem allows processes (`processes: true`). */
  processes?: true;
  /**
   * The most the VM scales this row's CPU limit by: a row whose verdict rests on CPU it burns (not on
   * a start-up the emulation slows) keeps the VM's run short.
   */
  maxScale?: number;
}

const py = (body: string): string => `${body}\na, b = map(int, input().split())\nprint(a + b)\n`;
/** A C++ program: `body` first, then it answers a + b + `plus` (0 when the body did its work). */
const cpp = (top: string, body: string, plus: string): string =>
  `#include <cstdio>\n#include <cstdlib>\n${top}int main() { ${body}\n` +
  `  long long a, b; if (scanf("%lld %lld", &a, &b) == 2) printf("%lld\\n", a + b + ${plus}); }\n`;
/** A Java program that fills a byte array of `mb` MiB, one byte a page, then answers. */
const javaHeap = (mb: number): string =>
  `import java.util.*;\npublic class Main { public static void main(String[] x) { byte[] b = new byte[${mb} << 20];\n` +
  '  for (int i = 0; i < b.length; i += 4096) b[i] = 1; Scanner s = new Scanner(System.in);\n  System.out.println(s.nextLong() + s.nextLong() + b[4096] - 1); } }\n';

export const ROWS: Row[] = [
  {
    id: 'right',
    lang: 'cpp',
    memoryMb: 64,
    timeMs: 2000,
    expect: 'AC',
    source: cpp('', '', '0'),
  },
  {
    // 70 MiB touched, one byte a page, under --ml 64: the peak is over the limit (the cap is above it).
    id: 'touch70-at-64',
    lang: 'cpp',
    memoryMb: 64,
    timeMs: 2000,
    expect: 'MLE',
    source: cpp(
      '',
      'size_t n = 70u << 20; char *p = (char *)malloc(n); long s = 0;\n  for (size_t i = 0; i < n; i += 4096) { p[i] = 1; s += p[i]; }',
      '(s > 0 ? 0 : 1)',
    ),
  },
  {
    id: 'hog200-py-at-200',
    lang: 'python',
    memoryMb: 200,
    timeMs: 5000,
    expect: 'MLE',
    source: py('b = bytearray(200 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1'),
  },
  {
    // A 4 MB initialised table (file-backed .data pages of the binary): AC, its figure near a bare run's.
    id: 'table4mb',
    lang: 'cpp',
    memoryMb: 64,
    timeMs: 2000,
    expect: 'AC',
    source: cpp('int t[1 << 20] = {1};\n', 'long s = 0; for (int i = 0; i < (1 << 20); i += 1024) s += t[i];', 's - 1'),
  },
  {
    id: 'java-heap-under',
    lang: 'java',
    memoryMb: 64,
    timeMs: 10000,
    expect: 'AC',
    source: javaHeap(16),
  },
  {
    id: 'java-heap-over',
    lang: 'java',
    memoryMb: 64,
    timeMs: 10000,
    expect: 'MLE',
    source: javaHeap(200),
  },
  {
    // 10 × 60 MiB written into memfds, never mapped.
    id: 'memfd',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'RE',
    refusal: true,
    source: py(
      'import os\nfds = []\nfor i in range(10):\n    fd = os.memfd_create(f"m{i}")\n    for _ in range(60):\n        os.write(fd, b"x" * (1 << 20))\n    fds.append(fd)',
    ),
  },
  {
    // 10 SysV segments of 64 MiB, each filled (ctypes: Python has no shmget of its own).
    id: 'sysv-shm',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'RE',
    refusal: true,
    source: py(
      'import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\nlibc.shmat.restype = ctypes.c_void_p\nfor i in range(10):\n' +
        '    sid = libc.shmget(0, 64 << 20, 0o1600)\n    if sid < 0: raise OSError(ctypes.get_errno(), "shmget")\n    at = libc.shmat(sid, None, 0)\n' +
        '    ctypes.memset(at, 1, 64 << 20)\n    libc.shmdt(ctypes.c_void_p(at))',
    ),
  },
  {
    // Socket buffers: a socketpair filled and never read, many times over.
    id: 'socket-buffers',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'RE',
    refusal: true,
    source: py(
      'import socket\nkeep = []\nfor i in range(400):\n    a, b = socket.socketpair()\n    a.setblocking(False)\n    try:\n' +
        '        while True: a.send(b"x" * 65536)\n    except BlockingIOError:\n        pass\n    keep.append((a, b))',
    ),
  },
  {
    // CPU in children the kernel reaps (SIGCHLD ignored), over the limit in all: 2.4 s under --tl 2000.
    id: 'reaped-children-cpu',
    lang: 'python',
    memoryMb: 64,
    timeMs: 2000,
    expect: 'RE',
    refusal: true,
    // The parent waits for their end by an event (the pipe's EOF once every child has exited), not a clock.
    // Together the children spin 1.2 × the limit on their own CPU clocks.
    source: (timeMs) =>
      py(
        'import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nr, w = os.pipe()\nfor i in range(4):\n    if os.fork() == 0:\n' +
          `        os.close(r)\n        while time.process_time() < ${(timeMs * 1.2) / 4 / 1000}: pass\n        os._exit(0)\nos.close(w)\nos.read(r, 1)`,
      ),
  },
  // Issue 47: kernel memory outside every figure, and stderr that must not fail a test.
  {
    // Every pty it can open: none, since /dev has no devpts (before: AC with ~3000 open everywhere).
    id: 'pty-buffers',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'AC',
    source: py(
      'import os\nfor p in ("/dev/ptmx", "/dev/pts/ptmx"):\n    try:\n        os.open(p, os.O_RDWR | os.O_NOCTTY)\n        raise SystemExit(3)\n    except OSError:\n        pass',
    ),
  },
  {
    // Every pipe the open-files limit allows, made larger where it may be, and filled: a few MiB at most.
    id: 'pipe-buffers',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'AC',
    source: py(
      'import fcntl, os\nheld = 0\nwhile held < 512 << 20:\n    try:\n        r, w = os.pipe()\n    except OSError:\n        break\n    try:\n        fcntl.fcntl(w, 1031, 1 << 20)\n    except OSError:\n        pass\n' +
        '    os.set_blocking(w, False)\n    try:\n        while True:\n            held += os.write(w, b"p" * 65536)\n    except BlockingIOError:\n        pass\nif held >= 8 << 20:\n    raise SystemExit(3)',
    ),
  },
  {
    // A right answer after 68 MiB of stderr (more than the output limit): stderr never fails a test.
    id: 'stderr-68mib',
    lang: 'python',
    memoryMb: 64,
    timeMs: 5000,
    expect: 'AC',
    source: py('import sys\nb = b"e" * (1 << 20)\nfor _ in range(68):\n    sys.stderr.buffer.write(b)'),
  },
  {
    // Before, as a user on v1: AC 163 MB (the shared mapping's RssShmem cancelled the files).
    id: 'shared-anon-and-tmp',
    lang: 'python',
    memoryMb: 256,
    timeMs: 20000,
    expect: 'MLE',
    source: py(
      'import mmap\nm = mmap.mmap(-1, 150 << 20, mmap.MAP_SHARED)\nc = b"\\1" * (1 << 20)\nfor at in range(0, 150 << 20, 1 << 20):\n    m[at:at + (1 << 20)] = c\nb = b"f" * (1 << 20)\n' +
        'for k in range(3):\n    with open(f"/tmp/held{k}", "wb") as f:\n        for _ in range(50):\n            f.write(b)',
    ),
  },
  {
    // Before, as root on v1: AC 15.8 MB (stderr's page cache at the end taken off the peak reached before it).
    id: 'shm-freed-then-stderr',
    lang: 'python',
    memoryMb: 256,
    timeMs: 20000,
    expect: 'MLE',
    source: py(
      'import os, sys\nb = b"s" * (1 << 20)\nfor k in range(35):\n    with open(f"/dev/shm/big{k}", "wb") as f:\n        for _ in range(8):\n            f.write(b)\n' +
        'for k in range(35):\n    os.unlink(f"/dev/shm/big{k}")\nfor _ in range(60):\n    sys.stderr.buffer.write(b)',
    ),
  },
  {
    // Before, as a user on v1: AC in 14 ms (a child the kernel reaps took its CPU with it). Processes
    // allowed; together the children burn 1.2 × the limit, and the parent waits for their end by an event.
    id: 'reaped-children-tle',
    lang: 'python',
    memoryMb: 64,
    timeMs: 2000,
    expect: 'TLE',
    processes: true,
    // The person's own limit in the VM too: the children burn 1.2 × whatever limit applies, so the
    // verdict never rests on the emulation's speed (at 3 × it cost each VM column 4 s more of its CPU).
    maxScale: 1,
    source: (timeMs) =>
      py(
        'import os, signal, time\nsignal.signal(signal.SIGCHLD, signal.SIG_IGN)\nr, w = os.pipe()\nfor i in range(4):\n    if os.fork() == 0:\n' +
          `        os.close(r)\n        while time.process_time() < ${(timeMs * 1.2) / 4 / 1000}: pass\n        os._exit(0)\nos.close(w)\nos.read(r, 1)`,
      ),
  },
  {
    id: 'fork-bomb',
    lang: 'python',
    memoryMb: 64,
    timeMs: 1000,
    expect: 'RE',
    refusal: true,
    source: 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
  },
];

/** What the runner prints for a row (one JSON line each). */
export interface RowResult {
  id: string;
  verdict: string;
  detail?: string;
  cpuMs: number;
  peakKb: number;
  approx: boolean;
  /** What judging the row took, start to verdict (the VM's cost: test/vm/harness.ts prints it). */
  wallMs?: number;
  /** The machine's busy CPU meanwhile, every process's (in the VM: the emulated CPU's work for the row). */
  busyMs?: number;
}
