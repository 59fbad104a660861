import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** Flags every command that talks to a model accepts; they override settings for one run. */
export const backendFlags = {
  backend: { type: 'string' },
  host: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
} as const satisfies Options;

export const flowFlags = {
  flow: { type: 'string' },
  lang: { type: 'string' },
  answers: { type: 'string' },
} as const satisfies Options;

/**
 * parseArgs with one-line usage errors: an unknown flag or a missing value becomes a
 * UsageError (exit 2) instead of Node's multi-line TypeError.
 */
export function parse<O extends Options>(argv: string[], options: O, command: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    const text = err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err);
    const what = text.replace(/\. To specify a positional.*$/, '');
    // The bare `simcoach` has no command word to name; cli.tsx already says `simcoach:`.
    throw new UsageError(command ? `${command}: ${what}` : what);
  }
}

/** A flag's value as a number, or a usage error naming the flag. */
export function numberFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${flag} takes a number, not '${value}'`);
  return n;
}
