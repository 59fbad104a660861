// The one reader of journal lines: how a line becomes an event (JSON, then the schema), where the
// complete lines end (a torn last line), and the words every warning uses. The engine's whole
// read (reader.ts), the replay's lazy timeline (timeline.ts) and the listing's tail (head.ts) all
// read lines here, so a damaged file reads the same, and says the same, wherever it is opened.
import { JOURNAL_READS_FROM, JOURNAL_VERSION, type JournalEvent, type SessionHeader } from './events.js';
import { UserError } from '../system/errors.js';
import { printableLine } from '../terminal/printable.js';
import { withPrintableFields } from '../problems/printableFields.js';
import { checkEvent, checkHeader, type Checked } from './schema.js';

export type BodyEvent = Exclude<JournalEvent, SessionHeader>;

/** An event and the bytes [start, end) of its line. */
export interface Located {
  start: number;
  end: number;
  event: BodyEvent;
}

export const NL = 10;

/** What a person is told, in one wording wherever the file is read. */
export const journalWarning = {
  torn: (file: string): string => `${file}: the last line was cut short (the session was interrupted) and was skipped`,
  damaged: (file: string, line: number, why: string): string =>
    `${file}: line ${line} is damaged${why === 'not JSON' ? '' : ` (${why})`} and was skipped`,
  version: (file: string, h: SessionHeader): string | undefined =>
    h.version < JOURNAL_READS_FROM
      ? `${file} was written by an older simcoach (journal version ${h.version}, now ${JOURNAL_VERSION}); showing what can be read`
      : h.version > JOURNAL_VERSION
        ? `${file} was written by a newer simcoach (journal version ${h.version}, this one reads ${JOURNAL_VERSION}); showing what can be read`
        : undefined,
};

/** Why a parsed first line is not a session header, or undefined when it is one. */
export function headerProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'its first line is not a JSON object';
  const h = value as Record<string, unknown>;
  if (h.type !== 'session') return 'its first line is not a session header';
  for (const key of ['id', 'createdAt', 'flow', 'model'] as const) {
    if (typeof h[key] !== 'string') return `its header has no ${key}`;
  }
  if (typeof h.version !== 'number') return 'its header has no version';
  if (typeof h.problem !== 'object' || h.problem === null) return 'its header has no problem';
  return undefined;
}

/**
 * The header's one-line fields as they may be printed: a session file is anyone's to write, and
 * its problem title, model and flow are shown by `sessions`, `replay`, `export` and the tutor.
 */
function printableHeader(h: SessionHeader): SessionHeader {
  return {
    ...h,
    id: printableLine(h.id),
    createdAt: printableLine(h.createdAt),
    flow: printableLine(h.flow),
    backend: printableLine(String(h.backend)),
    model: printableLine(h.model),
    lang: printableLine(String(h.lang)),
    problem: withPrintableFields(h.problem),
    ...(h.label !== undefined ? { label: printableLine(String(h.label)) } : {}),
  };
}

/** One-line error for a file that is not a session, naming the file. */
export const notASession = (file: string, why: string): UserError =>
  new UserError(`${file} is not a simcoach session: ${why}`);

/** Parses a header line or throws the one-line error naming the file. */
export function parseHeader(file: string, text: string): SessionHeader {
  if (text.trim() === '') throw notASession(file, 'it is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notASession(file, 'its first line is not JSON');
  }
  const why = headerProblem(value);
  if (why) throw notASession(file, why);
  const checked = checkHeader(value);
  if (!checked.ok) throw notASession(file, `its header is damaged (${checked.why})`);
  return printableHeader(checked.value);
}

/** One line's text as an event: JSON first, then the journal's schema. */
export function parseEvent(text: string): Checked<BodyEvent> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  return checkEvent(value);
}

/**
 * Where the complete lines end. A journal is appended as events happen and a process may die
 * mid-write: a last line without its newline that does not parse is torn, and left out.
 */
export function completeEnd(buf: Buffer, from: number): { dataEnd: number; torn: boolean } {
  if (buf.length <= from || buf[buf.length - 1] === NL) return { dataEnd: buf.length, torn: false };
  const start = Math.max(from, buf.lastIndexOf(NL) + 1);
  try {
    JSON.parse(buf.subarray(start).toString('utf8'));
    return { dataEnd: buf.length, torn: false };
  } catch {
    return { dataEnd: start, torn: true };
  }
}

/** The head of a session file: its header, where its events start and end, and the warnings so far. */
export interface Opened {
  header: SessionHeader;
  /** Byte offset of the first event line (just after the header's newline). */
  from: number;
  /** Byte offset where the complete lines end (before a torn last line). */
  dataEnd: number;
  warnings: string[];
}

/** Reads the header and finds the complete lines; throws the one-line error when it is no session. */
export function openJournalBuffer(file: string, buf: Buffer): Opened {
  if (buf.includes(0)) throw notASession(file, 'it holds binary data');
  const nl = buf.indexOf(NL);
  const header = parseHeader(file, buf.subarray(0, nl < 0 ? buf.length : nl).toString('utf8'));
  const from = nl < 0 ? buf.length : nl + 1;
  const warnings: string[] = [];
  const version = journalWarning.version(file, header);
  if (version) warnings.push(version);
  const { dataEnd, torn } = completeEnd(buf, from);
  if (torn) warnings.push(journalWarning.torn(file));
  return { header, from, dataEnd, warnings };
}

/** 1-based number of the line that starts at byte `at` (only counted for damaged lines). */
function lineNumber(buf: Buffer, at: number): number {
  let n = 1;
  for (let i = buf.indexOf(NL); i >= 0 && i < at; i = buf.indexOf(NL, i + 1)) n++;
  return n;
}

/** The event on the line [start, end), or undefined (blank, or damaged: then a warning, once). */
export function readLine(
  buf: Buffer,
  start: number,
  end: number,
  file: string,
  warnings: string[],
): BodyEvent | undefined {
  const text = buf.subarray(start, end).toString('utf8').trim();
  if (!text) return undefined;
  const checked = parseEvent(text);
  if (checked.ok) return checked.value;
  const msg = journalWarning.damaged(file, lineNumber(buf, start), checked.why);
  if (!warnings.includes(msg)) warnings.push(msg);
  return undefined;
}

/** Every event on the lines in [from, to), in file order. */
export function readLines(buf: Buffer, from: number, to: number, file: string, warnings: string[]): Located[] {
  const out: Located[] = [];
  let start = from;
  while (start < to) {
    let end = buf.indexOf(NL, start);
    if (end < 0 || end > to) end = to;
    const event = readLine(buf, start, end, file, warnings);
    if (event) out.push({ start, end, event });
    start = end + 1;
  }
  return out;
}
