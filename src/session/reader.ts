// Reading a whole session file into events, for the engine (resume, replay, back) and for
// anything that needs every line. Damage is reported, never thrown past the first line: a
// journal is written while a process may die, so a torn last line is expected and skipped.
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { JOURNAL_VERSION, type JournalEvent, type SessionHeader } from './events.js';
import { notASession, parseHeader } from './head.js';
import { checkEvent, type Checked } from './schema.js';

export interface JournalContents {
  header: SessionHeader;
  /** Every event after the header, in file order. */
  events: Exclude<JournalEvent, SessionHeader>[];
  /** One line each: what was skipped or doubtful, for a person. */
  warnings: string[];
}

function readBytes(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (err as Error).message;
    throw new UserError(`cannot read session ${file}: ${why}`);
  }
}

/** Reads a session file; throws a one-line UserError naming the file when it is not a session. */
export function readJournal(file: string): JournalContents {
  return parseJournal(file, readBytes(file).toString('utf8'));
}

/** The same from text already in memory (`file` names it in messages). */
export function parseJournal(file: string, text: string): JournalContents {
  const lines = text.split('\n');
  const endsClean = text.endsWith('\n');
  if (text.includes('\u0000')) throw notASession(file, 'it holds binary data');
  const header = parseHeader(file, lines[0] ?? '');
  const warnings: string[] = [];
  if (header.version > JOURNAL_VERSION) {
    warnings.push(`${file} was written by a newer simcoach (journal version ${header.version}, this one reads ${JOURNAL_VERSION}); showing what it can read`);
  }
  const events: JournalContents['events'] = [];
  const last = lines.length - 1;
  for (let i = 1; i <= last; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const torn = i === last && !endsClean;
    const event = parseLine(line);
    if (event.ok) {
      events.push(event.value);
      continue;
    }
    if (torn && event.why === 'not JSON') warnings.push(`${file}: the last line was cut off (the session was interrupted); skipped it`);
    else warnings.push(`${file}: line ${i + 1} is damaged${event.why === 'not JSON' ? '' : ` (${event.why})`}; skipped it`);
  }
  return { header, events, warnings };
}

function parseLine(line: string): Checked<JournalContents['events'][number]> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, why: 'not JSON' };
  }
  return checkEvent(value);
}
