// A Competitive Companion payload kept as a file: read through the markdown it would be saved as,
// so the two ways in give the same Problem.
import { basename, extname } from 'node:path';
import type { Problem } from './types.js';
import { problemError, readText } from './read.js';
import { parseStatement } from './markdown.js';
import { attachHiddenTests } from './hidden.js';

/** A payload saved to a file (`.json`, or a `.prob` file of the cph editor extension, same shape). */
export const PAYLOAD_EXTENSIONS = new Set(['.json', '.prob']);

export async function loadPayloadFile(
  file: string,
  id = basename(file, extname(file)),
  tests = true,
): Promise<Problem> {
  // The payload's schema (zod) and YAML writer load only for a payload: a statement's every
  // `test` run is a CLI start that would compile them for nothing (~60 ms).
  const { companionToMarkdown, parseCompanion } = await import('./companion.js');
  const parsed = parseCompanion(await readText(file));
  if (!parsed.ok) throw problemError(file, undefined, parsed.reason);
  const { problem } = await parseStatement(file, companionToMarkdown(parsed.value), id);
  return attachHiddenTests(problem, file, tests);
}
