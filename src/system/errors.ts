/** Exit codes, documented in the README. */
export const EXIT = {
  ok: 0,
  /** The work ran but did not succeed: a test failed, a check is missing, a problem unsolved. */
  failed: 1,
  usage: 2,
  /** The sandbox could not be set up: no verdict was given (SandboxError). */
  sandbox: 2,
  backend: 3,
  interrupted: 130,
} as const;

/**
 * An error meant for a person: its message is printed as one line, never with a stack.
 * `hint` adds lines of guidance (how to fix it) below the message.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

export class UsageError extends UserError {
  constructor(message: string) {
    // One line, as a usage error should be: the fault and where to look.
    super(`${message} (see \`simcoach --help\`)`, EXIT.usage);
    this.name = 'UsageError';
  }
}

/** The one-line text of anything thrown, for places that must not show a stack trace. */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.name;
  return String(err);
}
