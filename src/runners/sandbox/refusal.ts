// What a judged program may not do and the launcher's filter refuses (the policy in seccompBpf.ts): the judge's rule, as isolate's --processes=1 and Codeforces' — no new process
// unless the run allows processes — and no memory that only a cgroup would see (memfds, SysV shared
// memory, socket buffers). See docs/judge.md.

/** What the program tried that was refused; a socket is refused and the program goes on. */
export type Refused = 'process' | 'memfd' | 'shm' | 'socket';

// The launcher's names (refused_name in the C); it says `none` when nothing was refused.
const NAMES: readonly Refused[] = ['process', 'memfd', 'shm', 'socket'];

/** The refusal a report names; undefined for none (or a name this version does not know). */
export function refusedOf(name: string): Refused | undefined {
  return NAMES.find((n) => n === name);
}

const WHAT: Record<Refused, string> = {
  process: 'a process (fork, vfork, clone, posix_spawn, system)',
  memfd: 'a memfd (memfd_create)',
  shm: 'SysV shared memory or a message queue (shmget, msgget)',
  socket: 'a socket',
};

/** The RE detail of a run that tried what is refused. */
export function refusalDetail(r: Refused): string {
  return `the program tried to create ${WHAT[r]}, which the judge does not allow`;
}

/** A run refused this ended at once: it is RE whatever else it did (a socket is only noted). */
export const endsTheRun = (r: Refused | undefined): boolean => r !== undefined && r !== 'socket';
