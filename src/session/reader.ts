// Reading a whole session file into events, for the engine (resume, replay, back) and for
// anything that needs every line. Lines are read by lines.ts, as the timeline reads them: damage
// is reported, never thrown past the first line, and a torn last line is skipped.
import { readFileSync } from 'node:fs';
import { UserError } from '../system/errors.js';
import type { SessionHeader } from './events.js';
import { openJournalBuffer, readLines, type BodyEvent } from './lines.js';

export interface JournalContents {
  header: SessionHeader;
  /** Every event after the header, in file order. */
  events: BodyEvent[];
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
  return parseJournal(file, readBytes(file));
}

/** The same from bytes already in memory (`file` names it in messages). */
export function parseJournal(file: string, buf: Buffer): JournalContents {
  const { header, from, dataEnd, warnings } = openJournalBuffer(file, buf);
  const events = readLines(buf, from, dataEnd, file, warnings).map((l) => l.event);
  return { header, events, warnings };
}
