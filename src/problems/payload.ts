// A Competitive Companion payload kept as a file: read through the markdown it would be saved as,
// so the two ways in give the same Problem.
import { basename, extname } from 'node:path';
import type { Problem } from './types.js';
import { problemError, readText } from './read.js';
import { companionToMarkdown, parseCompanion } from './companion.js';
import { parseStatement } from './markdown.js';
import { readHiddenTests } from './hidden.js';

export async function loadPayloadFile(file: string, id = basename(file, extname(file))): Promise<Problem> {
  const parsed = parseCompanion(await readText(file));
  if (!parsed.ok) throw problemError(file, undefined, parsed.reason);
  const { problem } = parseStatement(file, companionToMarkdown(parsed.value), id);
  problem.tests = await readHiddenTests(file);
  return problem;
}
