// The one table of signal names every path reads a death by: the per-test launcher's wait status,
// the pool's, and bubblewrap's exit status 128+N. Node's list has aliases (SIGIOT for SIGABRT,
// SIGPOLL for SIGIO); the first name of a number is the one POSIX and the man pages use.
import { constants } from 'node:os';

const NAMES = new Map<number, string>();
for (const [name, n] of Object.entries(constants.signals)) if (!NAMES.has(n)) NAMES.set(n, name);

/** The name of signal `n` (`SIGABRT` for 6, never `SIGIOT`); `signal N` for one with no name. */
export const signalNameOf = (n: number): string => NAMES.get(n) ?? `signal ${n}`;
