import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../system/errors.js';
import { didYouMean } from '../terminal/suggest.js';
import { FLAGS, type CommandName, type FlagTable } from './flagTable.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** A flow's budget flags, the one open set (src/commands/shared/headless.ts builds them from the flow registry). */
export interface BudgetFlags {
  readonly budgetFlags: Record<string, { type: 'string' | 'boolean' }>;
}

type Parsed<T extends FlagTable> = { [K in keyof T]?: T[K]['type'] extends 'boolean' ? boolean : string };

const optionsOf = (table: FlagTable): Options =>
  Object.fromEntries(
    Object.entries(table).map(([n, f]) => [n, f.short ? { type: f.type, short: f.short } : { type: f.type }]),
  );

/**
 * A command's arguments, read against its own flags in src/flags/flagTable.ts (the table its
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
    const r = parseArgs({
      args: dashValues(argv, FLAGS[command]),
      options: { ...optionsOf(FLAGS[command]), ...extra },
      allowPositionals: true,
      strict: true,
    });
    return {
      values: r.values as Parsed<(typeof FLAGS)[C]> & Record<string, string | boolean | undefined>,
      positionals: r.positionals,
    };
  } catch (err) {
    const text = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    const what =
      text.replace(/\. To specify a positional.*$/, '') +
      flagMeant(text, [...Object.keys(FLAGS[command]), ...Object.keys(extra)]);
    // The bare `simcoach` has no command word to name; cli.tsx already says `simcoach:`.
    throw new UsageError(command ? `${command}: ${what}` : what);
  }
}

/**
 * `--gen-args "-n 10"`: node's parseArgs refuses a value that starts with '-' ("argument is
 * ambiguous"). A flag declared `dashValue` takes the next argument whatever it starts with.
 */
function dashValues(argv: string[], table: FlagTable): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const name = a.startsWith('--') ? a.slice(2) : undefined;
    if (name !== undefined && table[name]?.dashValue && i + 1 < argv.length) out.push(`${a}=${argv[++i]!}`);
    else out.push(a);
  }
  return out;
}

/**
 * A string of arguments as a shell would split it: blanks separate words, '…' keeps everything,
 * "…" keeps all but \" and \\, a backslash outside quotes keeps the next character. No variables, no
 * globs: the words go to a program as an array, never through a shell. (Fifteen lines here
 * rather than string-argv or shell-quote as a dependency for one flag.)
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i]!;
      else word += c;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      started = true;
      if (c === "'" || c === '"') quote = c;
      else if (c === '\\' && i + 1 < text.length) word += text[++i]!;
      else word += c;
    }
  }
  if (quote) throw new UsageError(`unclosed ${quote} in '${text}'`);
  if (started) words.push(word);
  return words;
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
