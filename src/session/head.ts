// Reading a session file's two ends without reading its middle: the header (first line) says
// what the session is, the last complete line says how it ended. Listing hundreds of sessions
// must not cost hundreds of whole-file reads.
import { open, type FileHandle } from 'node:fs/promises';
import { UserError } from '../system/errors.js';
import type { JournalEvent, SessionHeader } from './events.js';
import { notASession, parseEvent, parseHeader } from './lines.js';

const CHUNK = 64 * 1024;

/** The first line of an open file (without its newline), or all of it when there is no newline. */
async function firstLine(fh: FileHandle, size: number): Promise<{ text: string; complete: boolean }> {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < size) {
    const buf = Buffer.alloc(Math.min(CHUNK, size - offset));
    const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
    if (bytesRead === 0) break;
    const nl = buf.subarray(0, bytesRead).indexOf(10);
    if (nl >= 0) {
      parts.push(buf.subarray(0, nl));
      return { text: Buffer.concat(parts).toString('utf8'), complete: true };
    }
    parts.push(buf.subarray(0, bytesRead));
    offset += bytesRead;
  }
  return { text: Buffer.concat(parts).toString('utf8'), complete: false };
}

/**
 * The complete lines at the end of a file, last first, parsed; a torn last line (no newline
 * after it, not valid JSON) is left out. Reads a growing tail until at least one parses.
 * A line that is JSON but has fields of the wrong type throws the one-line error naming the file.
 */
async function tailEvents(file: string, fh: FileHandle, size: number, headerEnd: number): Promise<JournalEvent[]> {
  for (let want = CHUNK; ; want *= 4) {
    const start = Math.max(headerEnd, size - want);
    const buf = Buffer.alloc(size - start);
    await fh.read(buf, 0, buf.length, start);
    const lines = buf.toString('utf8').split('\n');
    // The first piece may begin mid-line unless the tail reaches back to the header's end.
    if (start > headerEnd) lines.shift();
    const events: JournalEvent[] = [];
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!.trim();
      if (!line) continue;
      const checked = parseEvent(line);
      if (checked.ok) events.push(checked.value);
      // A torn or unreadable line: the full read reports it (lines.ts) when the session is opened.
      else if (checked.why !== 'not JSON')
        throw new UserError(`${file}: a damaged event near its end (${checked.why})`);
    }
    if (events.length > 0 || start === headerEnd) return events;
  }
}

export interface FileEnds {
  header: SessionHeader;
  /** Complete events near the end of the file, the last first. */
  tail: JournalEvent[];
  size: number;
  mtimeMs: number;
}

/** Header and tail of a session file; throws the one-line error when it is not a session. */
export async function readEnds(file: string): Promise<FileEnds> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read (${code ?? 'error'})`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw notASession(file, 'it is not a regular file');
    const first = await firstLine(fh, st.size);
    const header = parseHeader(file, first.text);
    const headerEnd = Buffer.byteLength(first.text) + 1;
    const tail = first.complete && headerEnd < st.size ? await tailEvents(file, fh, st.size, headerEnd) : [];
    return { header, tail, size: st.size, mtimeMs: st.mtimeMs };
  } finally {
    await fh.close();
  }
}
