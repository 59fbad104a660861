// A sandbox that could not be set up is the sandbox's failure, never the program's: the judge
// gives no verdict, and the command says so in one line and exits 2.
import { EXIT, UserError } from '../../system/errors.js';

export class SandboxError extends UserError {
  constructor(why: string) {
    // One line: what failed and whose fault it is not (`simcoach doctor` says what the sandbox needs).
    super(`the sandbox could not be set up (${why}); this is not your program's fault`, EXIT.sandbox);
    this.name = 'SandboxError';
  }
}

/** How the sandbox's process ended: its status, or the signal that ended it. */
type SandboxEnd = { code: number | null; sig: string | null };

/**
 * What a failed sandbox said: bubblewrap's (or the launcher's) own line, else the last line it
 * printed, else how it ended (a launcher killed before its report prints nothing: its signal or
 * status is all there is to go on).
 */
export function sandboxSaid(stderr: string, end?: SandboxEnd): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return (lines.find((l) => /^(bwrap|supervisor|setpriv|prlimit):/.test(l)) ?? lines.at(-1) ?? silentEnd(end)).slice(
    0,
    300,
  );
}

function silentEnd(end?: SandboxEnd): string {
  if (end?.sig) return `it was ended by ${end.sig} without a word or a report`;
  if (end?.code !== undefined && end.code !== null)
    return `it exited with status ${end.code} without a word or a report`;
  return 'it ended before the program started';
}
