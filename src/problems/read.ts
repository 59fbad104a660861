import { readFile, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { UserError } from '../system/errors.js';

/** Larger than any statement or test file a person keeps; protects memory, not correctness. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/** An error about one place in one problem file: `FILE:LINE: message`, or `FILE: message`. */
export function problemError(file: string, where: number | string | undefined, message: string): UserError {
  const at = where === undefined ? file : `${file}:${where}`;
  return new UserError(`${at}: ${message}`);
}

/** Text as written by any editor: BOM dropped, CRLF and lone CR turned into LF. */
export function normalizeText(text: string): string {
  const noBom = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return noBom.includes('\r') ? noBom.replace(/\r\n?/g, '\n') : noBom;
}

/** Reads a text file for a loader, with one-line errors for the usual ways that fails. */
export async function readText(file: string): Promise<string> {
  return normalizeText((await readBytes(file)).toString('utf8'));
}

/** A problem file's bytes (a compressed test, say), with the same checks and messages as readText. */
export async function readBytes(file: string): Promise<Buffer> {
  const size = await readableSize(file);
  if (size > MAX_FILE_BYTES) {
    throw problemError(
      file,
      undefined,
      `is ${Math.round(size / 1048576)} MB; problem files over ${MAX_FILE_BYTES / 1048576} MB are refused`,
    );
  }
  return readFile(file);
}

/** A file's size, with one-line errors for a directory, a missing file or one that cannot be read (readBytes, readLines). */
async function readableSize(file: string): Promise<number> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw problemError(file, undefined, 'is a directory, not a file');
    return info.size;
  } catch (err) {
    if (err instanceof UserError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`${file}: no such file`);
    if (code === 'EACCES') throw new UserError(`${file}: permission denied`);
    throw new UserError(`${file}: cannot read (${code ?? 'unknown error'})`);
  }
}

/**
 * A text file's lines one at a time, numbered from 1 as readText's text would split them (BOM
 * dropped; LF, CRLF and a lone CR each end a line): a large set is never held whole.
 */
export async function* readLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  // No size limit: a stream is never held whole.
  await readableSize(file);
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  try {
    for await (const text of lines) {
      n++;
      yield { line: n, text: n === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
    }
  } finally {
    lines.close();
  }
}

/**
 * About how many lines a file has, counted from its bytes without decoding them (what a progress
 * bar expects of a .jsonl set; a blank line is counted too).
 */
export async function countLines(file: string): Promise<number> {
  // No size limit: a stream is never held whole.
  await readableSize(file);
  let n = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) n++;
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? n : n + 1;
}
