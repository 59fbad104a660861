// The picker's first frame in plain ANSI, written before Ink and React load (DESIGN "Start-up"):
// a person sees the header and the problem list the app showed last time (a small index in the
// cache folder) within a few milliseconds of Node starting. When Ink draws, `takeOver` erases
// these lines just before Ink's first frame, inside a synchronized update that frame closes, so
// the terminal goes from this frame to Ink's without a blank screen in between.
// Kept to node:fs and the paths: everything here runs before any other module of the app loads.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { cacheDir } from '../system/paths.js';
import { filterProblems, idColumn, listTop, pickerChoices, pickerRow, type NextRow } from './pickerRow.js';
import { frameKeys, type FrameKeysState } from './firstFrameKeys.js';

/** One row of the picker, as the app shows it and the index keeps it (app/controller's ProblemEntry). */
export interface IndexedProblem {
  /** What `openProblem` takes: a fixture's path, a saved problem's file, FILE.jsonl:ID. */
  ref: string;
  /** The short id (`cf1917C`) of a problem from a known judge, else its id. */
  id: string;
  /** Its other names (the slug it was saved as): the filter finds it by them too. */
  aliases?: string[];
  title: string;
  group: 'fixtures' | 'saved';
  difficulty?: string;
  tags: string[];
  /** Practised before and due for review today (session/review.ts). */
  due?: boolean;
  /** Accepted in a session, or solved in practice: marked ✓ as `simcoach problems` marks it. */
  solved?: boolean;
}

interface PickerIndex {
  version: 1;
  problems: IndexedProblem[];
  /** What followed the count in the header: " · flow codesim · python (from settings)". */
  header?: string;
}

const indexFile = (): string => join(cacheDir(), 'picker-index.json');

/** The rows the picker showed last (and its header's tail), or undefined when there is no readable index. */
export function readPickerIndex(): { problems: IndexedProblem[]; header: string } | undefined {
  try {
    const data = JSON.parse(readFileSync(indexFile(), 'utf8')) as Partial<PickerIndex>;
    if (data.version !== 1 || !Array.isArray(data.problems)) return undefined;
    const problems = data.problems
      .filter(
        (p) =>
          typeof p?.ref === 'string' &&
          typeof p.id === 'string' &&
          typeof p.title === 'string' &&
          Array.isArray(p.tags),
      )
      .map(({ aliases, ...p }) =>
        Array.isArray(aliases) && aliases.every((a) => typeof a === 'string') ? { ...p, aliases } : p,
      );
    return { problems, header: typeof data.header === 'string' ? data.header : '' };
  } catch {
    return undefined;
  }
}

/** Keeps the rows the picker now shows for the next start (written whole, then renamed into place). */
export function savePickerIndex(problems: IndexedProblem[], header: string): void {
  try {
    mkdirSync(cacheDir(), { recursive: true });
    const tmp = `${indexFile()}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, problems, header } satisfies PickerIndex));
    renameSync(tmp, indexFile());
  } catch {
    // A cache that cannot be written only costs the next start its early list.
  }
}

const nextFile = (): string => join(cacheDir(), 'picker-next.json');

/** The picker's next row as last worked out (archive/nextAnswer.ts), or undefined when there is none. */
export function readNextRow(): NextRow | undefined {
  try {
    const r = JSON.parse(readFileSync(nextFile(), 'utf8')) as Partial<NextRow>;
    return typeof r.ref === 'string' &&
      typeof r.id === 'string' &&
      typeof r.title === 'string' &&
      typeof r.why === 'string'
      ? { ref: r.ref, id: r.id, title: r.title, why: r.why }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the next row for the next start's first frame; none removes it. */
export function saveNextRow(row: NextRow | undefined): void {
  try {
    if (!row) return rmSync(nextFile(), { force: true });
    if (JSON.stringify(readNextRow()) === JSON.stringify(row)) return;
    mkdirSync(cacheDir(), { recursive: true });
    const tmp = `${nextFile()}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(row));
    renameSync(tmp, nextFile());
  } catch {
    // Only the next start's early row is lost.
  }
}

// The frame's own guard against text that would move the cursor: the index is written sanitized,
// but it is a file anyone could edit.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Cells of `text`. Without a width table (too heavy for this frame) every character from U+1100 on,
 * general punctuation aside, counts as two cells: a line may come out shorter than Ink's, never
 * longer. Ids are ASCII, so the rows' columns fall where Ink's do.
 */
const measure = (text: string): number => {
  let n = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    // General punctuation (the dash of the next row) is one cell wide everywhere.
    n += c >= 0x1100 && !(c >= 0x2000 && c <= 0x206f) ? 2 : 1;
  }
  return n;
};

/** `text` without what would move the cursor, cut to `width` cells. */
function fit(text: string, width: number): string {
  let used = 0;
  let out = '';
  for (const ch of text.replace(UNSAFE, '')) {
    const w = measure(ch);
    if (used + w > width) break;
    used += w;
    out += ch;
  }
  return out;
}

export interface FrameTerminal {
  columns: number;
  rows: number;
  /** Colour allowed (NO_COLOR unset); bold, dim and inverse are used either way, as NO_COLOR allows. */
  color: boolean;
}

const sgr =
  (open: number, close: number) =>
  (t: string): string =>
    t ? `\u001b[${open}m${t}\u001b[${close}m` : t;
const bold = sgr(1, 22);
const dim = sgr(2, 22);
const inverse = sgr(7, 27);
const cyan = sgr(36, 39);

/** The lines of the picker's frame, as src/screens/Picker.tsx lays it out (the app gives it height - 1), with the filter and choice typed so far. */
export function pickerFrameLines(
  problems: IndexedProblem[] | undefined,
  term: FrameTerminal,
  header = '',
  keys: FrameKeysState = { filter: '', index: 0 },
  next?: NextRow,
): string[] {
  const width = Math.max(10, term.columns);
  const listHeight = Math.max(3, term.rows - 1 - 5);
  const all = problems ?? [];
  const shown = filterProblems(all, keys.filter);
  const count = `${problems ? `${shown.length} of ${all.length}` : 'loading…'}${header}`;
  const lines = [
    `${bold('Pick a problem ')}${dim(fit(count, width - 15))}`,
    `${bold('filter: ')}${fit(keys.filter, width - 9)}${inverse(' ')}`,
  ];
  // The rows as the picker lays them out (src/terminal/pickerRow.ts), from the index's sanitized text.
  const clean = (p: IndexedProblem): IndexedProblem => ({
    ...p,
    id: p.id.replace(UNSAFE, ''),
    title: p.title.replace(UNSAFE, ''),
    ...(p.difficulty ? { difficulty: p.difficulty.replace(UNSAFE, '') } : {}),
  });
  // One id column for the whole list, as the Ink picker keeps it while the filter changes.
  const idWidth = idColumn(all.map(clean), width, measure);
  const choices = problems ? pickerChoices(shown, keys.filter, next) : shown;
  const at = Math.min(keys.index, Math.max(0, choices.length - 1));
  const top = listTop(at, choices.length, listHeight);
  choices
    .slice(top, top + listHeight)
    .map(clean)
    .forEach((p, i) => {
      const selected = top + i === at;
      const { main, tail } = pickerRow(p, selected, idWidth, width, measure);
      const line = fit(main, width);
      const rest = fit(tail, width - measure(line));
      if (selected) lines.push(inverse(line + rest));
      else lines.push((p.group === 'saved' && term.color ? cyan(line) : line) + dim(rest));
    });
  if (problems && shown.length === 0)
    lines.push(dim(keys.filter ? fit('no match — enter opens it as a file path', width) : 'no problems found'));
  const hints = [
    ['type', 'filter'],
    ['↑↓', 'choose'],
    ['enter', 'open'],
    ['ctrl-f', 'flow'],
    ['ctrl-p', 'practise it'],
    ['ctrl-o', 'open a file'],
    ['tab', 'settings'],
    ['esc', 'quit'],
  ];
  let used = 0;
  let row = '';
  for (const [key, label] of hints) {
    const sep = row ? ' · ' : '';
    const w = sep.length + key!.length + 1 + label!.length;
    if (used + w > width) break;
    row += `${dim(sep)}${bold(key!)}${dim(` ${label}`)}`;
    used += w;
  }
  lines.push(row);
  return lines;
}

/** Lines of the frame now on screen, 0 when none is. */
let onScreen = 0;
let ownsRawMode = false;

/** The frame on screen, while it reads keys: what it draws from, and the keys typed so far. */
interface Reading {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  problems: IndexedProblem[] | undefined;
  header: string;
  term: FrameTerminal;
  next: NextRow | undefined;
  keys: FrameKeysState;
  /** Bytes from the first key the frame does not answer on (enter, esc, …), for Ink as typed. */
  queued: Buffer[];
  decoder: StringDecoder;
  onReadable(): void;
}
let reading: Reading | undefined;

/** The frame again in place, inside one synchronized update so it does not flicker. */
function redraw(r: Reading): void {
  const lines = pickerFrameLines(r.problems, r.term, r.header, r.keys, r.next);
  r.stdout.write(`\u001b[?2026h\u001b[${onScreen}A\r\u001b[J${lines.join('\n')}\n\u001b[?2026l`);
  onScreen = lines.length;
}

/** Answers the keys it can (the filter, ↑↓) until the first it cannot; from then on keeps them all for Ink. */
function onKeys(r: Reading, chunk: Buffer): void {
  if (r.queued.length > 0) return void r.queued.push(chunk);
  const text = r.decoder.write(chunk);
  const count = (f: string): number =>
    r.problems ? pickerChoices(filterProblems(r.problems, f), f, r.next).length : 0;
  const { state, rest } = frameKeys(r.keys, text, count);
  const changed = state.filter !== r.keys.filter || state.index !== r.keys.index;
  r.keys = state;
  if (rest) r.queued.push(Buffer.from(rest, 'utf8'));
  if (changed) redraw(r);
}

/**
 * Draws the picker's frame when both ends are a terminal that can move its cursor, and answers
 * the filter's keys and ↑↓ itself until Ink takes over (src/terminal/firstFrameKeys.ts); nothing typed
 * echoes into it (raw mode). `withHeader`: the header's flow and language as last shown (no flag
 * changes them). Returns whether it drew.
 */
export function drawPickerFrame(
  withHeader: boolean,
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (!stdin.isTTY || !stdout.isTTY || env.TERM === 'dumb') return false;
  // The size the screens take (src/screens/hooks.ts): a terminal that reports none is 80×24.
  const term = {
    columns: Math.max(40, stdout.columns || 80),
    rows: Math.max(12, stdout.rows || 24),
    color: !(env.NO_COLOR !== undefined && env.NO_COLOR !== ''),
  };
  const index = readPickerIndex();
  const header = withHeader ? (index?.header ?? '') : '';
  const next = index ? readNextRow() : undefined;
  const lines = pickerFrameLines(index?.problems, term, header, undefined, next);
  try {
    stdin.setRawMode(true);
    ownsRawMode = true;
    process.once('exit', () => {
      if (ownsRawMode) stdin.setRawMode(false);
    });
  } catch {
    // A terminal that refuses raw mode still gets the frame; typed keys wait for Ink (and may echo).
  }
  // The cursor hides as Ink will hide it, so none blinks at the frame's end while Ink loads.
  stdout.write(`\u001b[?25l${lines.join('\n')}\n`);
  onScreen = lines.length;
  if (ownsRawMode) {
    // Read as Ink reads ('readable', not 'data'): the stream never flows, so when this reader
    // leaves, what the terminal sends next waits in the stream for Ink's first read.
    const onReadable = (): void => {
      for (let chunk = stdin.read() as Buffer | null; chunk !== null; chunk = stdin.read() as Buffer | null)
        onKeys(r, chunk);
    };
    const r: Reading = {
      stdin,
      stdout,
      problems: index?.problems,
      header,
      term,
      next,
      keys: { filter: '', index: 0 },
      queued: [],
      decoder: new StringDecoder('utf8'),
      onReadable,
    };
    reading = r;
    stdin.on('readable', onReadable);
  }
  return true;
}

/**
 * Stops reading keys; what the frame did not answer goes back to the stream's front, so the next
 * reader (Ink, or the guidance's key) gets it first, as typed. `forInk`: the terminal goes on
 * being read into the stream for Ink, which starts reading in this tick (pausing here would stop
 * the terminal's reads a tick later, after Ink has asked for them, and the process would end).
 */
function stopReading(forInk: boolean): FrameKeysState | undefined {
  const r = reading;
  if (!r) return undefined;
  reading = undefined;
  r.stdin.off('readable', r.onReadable);
  if (r.queued.length > 0) r.stdin.unshift(Buffer.concat(r.queued));
  // Otherwise the terminal's reads stop, or the process could not end: a pause stops them only
  // once the stream has left 'readable' mode, a tick after the listener goes; and not when a
  // reader came meanwhile (the guidance's key).
  if (!forInk)
    process.nextTick(() =>
      r.stdin.listenerCount('data') + r.stdin.listenerCount('readable') === 0 ? r.stdin.pause() : undefined,
    );
  return r.keys;
}

/**
 * Erases the frame, if one is on screen, and returns the filter and choice its keys made (for
 * the Ink picker to start from). `forInk`: Ink's first frame comes next, so the erase
 * waits for Ink's first write and goes out just before it, inside a synchronized update (DEC mode
 * 2026) that Ink's own write closes: the old frame stays up while Ink lays out its first, and the
 * terminal goes from one to the other without a blank screen. Otherwise (something else is
 * printed instead) it erases now, shows the cursor and gives the terminal back cooked.
 */
export function takeOver(
  forInk: boolean,
  stdin: NodeJS.ReadStream = process.stdin,
  stdout: NodeJS.WriteStream = process.stdout,
): FrameKeysState | undefined {
  const keys = stopReading(forInk);
  if (onScreen === 0) return undefined;
  const up = `\u001b[${onScreen}A\r\u001b[J`;
  onScreen = 0;
  if (forInk) {
    // Ink sets raw mode itself; the mode stays on so no key echoes in between.
    ownsRawMode = false;
    const write = stdout.write;
    stdout.write = function firstWrite(this: NodeJS.WriteStream, ...args: Parameters<typeof write>): boolean {
      stdout.write = write;
      write.call(stdout, `\u001b[?2026h${up}`);
      return write.apply(stdout, args);
    } as typeof write;
    return keys;
  }
  stdout.write(`${up}\u001b[?25h`);
  if (ownsRawMode) {
    stdin.setRawMode(false);
    ownsRawMode = false;
  }
  return keys;
}
