// A directory is a problem set: every statement, payload and JSON-lines file in it, folders included,
// except the folders that hold a statement's hidden tests.
import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { UserError } from '../system/errors.js';
import type { Problem } from './types.js';
import { problemError, readText } from './read.js';
import { STATEMENT_EXTENSIONS, loadStatement } from './markdown.js';
import type { SetOptions } from './jsonl.js';
import { naturalCompare } from './text.js';
import { PAYLOAD_EXTENSIONS, loadPayloadFile } from './payload.js';

export interface DirOptions extends SetOptions {
  /** When given, a file that does not load is reported here and skipped instead of failing the set. */
  onSkip?: (err: UserError) => void;
  /** false: statements only, their hidden tests counted, not read (a listing; see Problem.unread). */
  tests?: boolean;
}

const JSONL = new Set(['.jsonl', '.ndjson']);

/** Not problems: dot files, `_gen`-style helpers, READMEs. */
const ignored = (name: string): boolean => name.startsWith('.') || name.startsWith('_') || /^readme(\.|$)/i.test(name);

export async function loadDirectory(dir: string, opts: DirOptions = {}, prefix = ''): Promise<Problem[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw problemError(
      dir,
      undefined,
      code === 'ENOENT' ? 'no such directory' : `cannot read (${code ?? 'unknown error'})`,
    );
  }
  entries.sort((a, b) => naturalCompare(stem(a.name), stem(b.name)) || naturalCompare(a.name, b.name));
  const isProblemFile = (name: string) => {
    const ext = extname(name).toLowerCase();
    return STATEMENT_EXTENSIONS.has(ext) || PAYLOAD_EXTENSIONS.has(ext);
  };
  const stems = new Set(entries.filter((e) => e.isFile() && isProblemFile(e.name)).map((e) => stem(e.name)));
  const out: Problem[] = [];
  for (const e of entries) {
    if (ignored(e.name)) continue;
    const path = join(dir, e.name);
    const ext = extname(e.name).toLowerCase();
    try {
      const isDir =
        e.isDirectory() || (e.isSymbolicLink() && (await stat(path).catch(() => null))?.isDirectory() === true);
      if (isDir) {
        if (!stems.has(e.name)) out.push(...(await loadDirectory(path, opts, `${prefix}${e.name}/`)));
      } else if (STATEMENT_EXTENSIONS.has(ext)) {
        out.push(await loadStatement(path, `${prefix}${stem(e.name)}`, opts.tests));
      } else if (PAYLOAD_EXTENSIONS.has(ext)) {
        out.push(await loadPayloadFile(path, `${prefix}${stem(e.name)}`, opts.tests));
      } else if (JSONL.has(ext)) {
        const { parseJsonLines, problemsFromLines } = await import('./jsonl.js');
        const set = await problemsFromLines(path, parseJsonLines(path, await readText(path)), opts);
        out.push(...set.map((p) => ({ ...p, id: `${prefix}${stem(e.name)}/${p.id}` })));
      }
    } catch (err) {
      if (!(err instanceof UserError) || !opts.onSkip) throw err;
      opts.onSkip(err);
    }
  }
  return uniqueIds(out);
}

const stem = (name: string): string => name.slice(0, name.length - extname(name).length);

/** `a.md` and `a.txt` side by side would share an id; the later one keeps its extension. */
function uniqueIds(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.map((p) => {
    let id = p.id;
    if (seen.has(id)) id = `${id}${extname(p.source?.file ?? '') || '~'}`;
    while (seen.has(id)) id = `${id}~`;
    seen.add(id);
    return id === p.id ? p : { ...p, id };
  });
}
