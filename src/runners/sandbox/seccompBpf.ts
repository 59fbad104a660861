// The judge's seccomp policy, written once: the BPF program the launcher (native/supervisor.c)
// sets on every program, and bubblewrap's --seccomp on the one path without the launcher (no C
// compiler to build it). The C side gets it as a generated header (seccompHeader), written beside
// the source each time the launcher is built, so the two cannot drift. With the launcher a refused
// call goes to its listener (notify), which tells what was tried; without one a refused process,
// memfd or SysV call kills the program (SIGSYS, RE) and a socket fails with EACCES. What each call
// is refused for is in supervisor.c's header comment above program_filter and in docs/judge.md.
import { arch } from 'node:os';

// struct sock_filter codes and seccomp's return values (linux/filter.h, linux/seccomp.h).
const LD_ABS = 0x20,
  JEQ = 0x15,
  JGE = 0x35,
  JSET = 0x45,
  RET = 0x06;
const ALLOW = 0x7fff0000,
  KILL_PROCESS = 0x80000000,
  ERRNO = 0x00050000,
  USER_NOTIF = 0x7fc00000;
const EPERM = 1,
  EACCES = 13,
  ENOSYS = 38;
const NR = 0,
  ARCH = 4,
  ARG0 = 16,
  ARG1 = 24;
const F_SETPIPE_SZ = 1031;
const CLONE_THREAD = 0x10000;
// CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME.
const CLONE_NEW = (0x20000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000 | 0x20000000 | 0x40000000 | 0x80) >>> 0;

interface Abi {
  audit: number;
  /** x86-64's x32 calls, numbered from here. */
  x32?: number;
  eperm: number[];
  enosys: number[];
  unshare: number;
  clone: number;
  /** fork and vfork, where the ABI has them. */
  forks: number[];
  refuse: number[];
  sockets: number[];
  fcntl: number;
}

const ABIS: Record<string, Abi> = {
  // add_key, request_key, keyctl, userfaultfd, setns; io_uring_*, clone3; memfd_create, shmget, msgget; socket, socketpair.
  x64: {
    audit: 0xc000003e,
    x32: 0x40000000,
    eperm: [248, 249, 250, 323, 308],
    enosys: [425, 426, 427, 435],
    unshare: 272,
    clone: 56,
    forks: [57, 58],
    refuse: [319, 29, 68],
    sockets: [41, 53],
    fcntl: 72,
  },
  arm64: {
    audit: 0xc00000b7,
    eperm: [217, 218, 219, 282, 268],
    enosys: [425, 426, 427, 435],
    unshare: 97,
    clone: 220,
    forks: [],
    refuse: [279, 194, 186],
    sockets: [198, 199],
    fcntl: 25,
  },
};

type Jump = 'next' | 'eperm' | 'enosys' | 'ns' | 'clone' | 'refuse' | 'socket' | 'allow' | 'fcntl';

/** The machines the policy has a program for (node's names); elsewhere there is no filter. */
export const POLICY_MACHINES = Object.keys(ABIS);

/** One instruction, its jumps already offsets (struct sock_filter). */
interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

/**
 * The filter as bubblewrap reads it (struct sock_filter[], little-endian); null where there is none.
 * `notify`: refusals go to the launcher's listener instead of killing (processes, memfd, SysV) or
 * failing with EACCES (sockets).
 */
export function seccompProgram(allowProcesses: boolean, machine = arch(), notify = false): Buffer | null {
  const insns = policy(allowProcesses, machine, notify);
  if (!insns) return null;
  const out = Buffer.alloc(insns.length * 8);
  insns.forEach((o, i) => {
    out.writeUInt16LE(o.code, i * 8);
    out.writeUInt8(o.jt, i * 8 + 2);
    out.writeUInt8(o.jf, i * 8 + 3);
    out.writeUInt32LE(o.k >>> 0, i * 8 + 4);
  });
  return out;
}

/**
 * The policy as a C header for the launcher on `machine`: sc_filter[allow processes][notify] and
 * its length, or SC_FILTERS 0 where there is no filter.
 */
export function seccompHeader(machine = arch()): string {
  const head = `/* Generated from src/runners/sandbox/seccompBpf.ts for ${machine} when the launcher is built: the policy's one source. */\n`;
  if (!ABIS[machine]) return `${head}#define SC_FILTERS 0\n`;
  const hex = (n: number) => `0x${(n >>> 0).toString(16)}`;
  const name = (p: number, n: number) => `sc_filter_p${p}_n${n}`;
  const lines = [head, '#define SC_FILTERS 1'];
  const lens: number[][] = [[], []];
  for (const p of [0, 1]) {
    for (const n of [0, 1]) {
      const insns = policy(p === 1, machine, n === 1)!;
      lens[p]!.push(insns.length);
      lines.push(
        `static const struct sock_filter ${name(p, n)}[] = {`,
        ...insns.map((o) => `  { ${hex(o.code)}, ${o.jt}, ${o.jf}, ${hex(o.k)} },`),
        '};',
      );
    }
  }
  lines.push(
    `static const struct sock_filter *const sc_filter[2][2] = { { ${name(0, 0)}, ${name(0, 1)} }, { ${name(1, 0)}, ${name(1, 1)} } };`,
    `static const unsigned short sc_filter_len[2][2] = { { ${lens[0]!.join(', ')} }, { ${lens[1]!.join(', ')} } };`,
  );
  return `${lines.join('\n')}\n`;
}

function policy(allowProcesses: boolean, machine: string, notify: boolean): Insn[] | null {
  const abi = ABIS[machine];
  if (!abi) return null;
  const ops: { code: number; k: number; jt: Jump; jf: Jump }[] = [];
  const op = (code: number, k: number, jt: Jump = 'next', jf: Jump = 'next') => ops.push({ code, k, jt, jf });
  op(LD_ABS, ARCH);
  op(JEQ, abi.audit, 'next', 'enosys');
  op(LD_ABS, NR);
  if (abi.x32 !== undefined) op(JGE, abi.x32, 'enosys', 'next');
  for (const nr of abi.eperm) op(JEQ, nr, 'eperm');
  for (const nr of abi.enosys) op(JEQ, nr, 'enosys');
  op(JEQ, abi.unshare, 'ns');
  op(JEQ, abi.clone, 'clone');
  op(JEQ, abi.fcntl, 'fcntl');
  if (!allowProcesses) for (const nr of abi.forks) op(JEQ, nr, 'refuse');
  for (const nr of abi.refuse) op(JEQ, nr, 'refuse');
  for (const nr of abi.sockets) op(JEQ, nr, 'socket');
  op(RET, ALLOW);
  const at: Partial<Record<Jump, number>> = {};
  at.clone = ops.length;
  op(LD_ABS, ARG0);
  op(JSET, CLONE_NEW, 'eperm');
  op(JSET, allowProcesses ? 0xffffffff : CLONE_THREAD, 'allow', 'refuse');
  // A larger pipe (F_SETPIPE_SZ) is refused: pipes then hold little the limits do not see.
  at.fcntl = ops.length;
  op(LD_ABS, ARG1);
  op(JEQ, F_SETPIPE_SZ, 'eperm', 'allow');
  at.ns = ops.length;
  op(LD_ABS, ARG0);
  op(JSET, CLONE_NEW, 'eperm', 'allow');
  at.allow = ops.length;
  op(RET, ALLOW);
  at.refuse = ops.length;
  op(RET, notify ? USER_NOTIF : KILL_PROCESS);
  at.socket = ops.length;
  op(RET, notify ? USER_NOTIF : (ERRNO | EACCES) >>> 0);
  at.eperm = ops.length;
  op(RET, (ERRNO | EPERM) >>> 0);
  at.enosys = ops.length;
  op(RET, (ERRNO | ENOSYS) >>> 0);
  const jumps = (o: { code: number }) => o.code === JEQ || o.code === JGE || o.code === JSET;
  return ops.map((o, i) => {
    const to = (j: Jump) => (j === 'next' || !jumps(o) ? 0 : at[j]! - i - 1);
    return { code: o.code, jt: to(o.jt), jf: to(o.jf), k: o.k >>> 0 };
  });
}
