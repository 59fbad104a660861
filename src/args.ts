import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './errors.js';
import { didYouMean } from './suggest.js';
import { FLAGS, type CommandName, type FlagTable } from './flags.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A flow's budget flags, the one open set (src/commands/headless.ts builds them from the flow registry). */
export interface BudgetFlags {
  readonly budgetFlags: Record<string, { type: 'string' | 'boolean' }>;
}

type Parsed<T extends FlagTable> = { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string };

const optionsOf = (table: FlagTable): Options =>
  Object.fromEntries(Object.entries(table).map(([n, f]) => [n, f.short ? { type: f.type, short: f.short } : { type: f.type }]));

/**
 * A command's arguments, read against its own flags in src/flags.ts (the table its
 * --help prints), plus a flow's budget flags for the commands that take them. An unknown flag or
 * a missing value is a UsageError (exit 2) of one line instead of Node's multi-line TypeError.
 */
export function parse<C extends CommandName>(
  argv: string[],
  command: C,
  budgets?: BudgetFlags,
): { values: Parsed<(typeof FLAGS)[C]> & Record<string, string | boolean | undefined>; positionals: string[] } {
  const extra: Options = budgets?.budgetFlags ?? {};
  try {
    const r = parseArgs({ args: argv, options: { ...optionsOf(FLAGS[command]), ...extra }, allowPositionals: true, strict: true });
    return { values: r.values as Parsed<(typeof FLAGS)[C]> & Record<string, string | boolean | undefined>, positionals: r.positionals };
  } catch (err) {
    const text = err instanceof Error ? err.message.split('\n')[0] ?? '' : String(err);
    const what = text.replace(/\. To specify a positional.*$/, '') + flagMeant(text, [...Object.keys(FLAGS[command]), ...Object.keys(extra)]);
    // The bare `simcoach` has no command word to name; cli.tsx already says `simcoach:`.
    throw new UsageError(command ? `${command}: ${what}` : what);
  }
}

/** " (did you mean '--model'?)" for an unknown flag near a known one, else "". */
function flagMeant(message: string, known: string[]): string {
  const flag = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
  const near = flag ? didYouMean(flag, known) : undefined;
  return near ? ` (did you mean '--${near}'?)` : '';
}

/** A flag's value as a number, or a usage error naming the flag. */
export function numberFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new UsageError(`--${flag} takes a number, not '${value}'`);
  return n;
}
