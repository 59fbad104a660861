// Read from the interactor's source, before anything runs: whether it writes its output file
// (testlib's `tout`, or the second argument of `interactor input output answer`) while the problem
// has no checker to read that file. Polygon requires the pair; alone, the interactor's verdict
// stands and a wrong program it cannot tell from a right one is accepted without a word.
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';

/** Comments are not code: a `tout` said in one is not a write. */
function withoutComments(source: string, ext: string): string {
  if (ext === '.py') return source.replace(/#.*$/gm, '');
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
}

/** `tout` (testlib), or the output file's place among the arguments in each language. */
const TOUT = /\btout\b/;
const OUTPUT_ARG: Record<string, RegExp> = {
  '.py': /\bsys\.argv\s*\[\s*2\s*\]/,
  '.java': /\bargs\s*\[\s*1\s*\]/,
  '.js': /\bprocess\.argv\s*\[\s*3\s*\]/,
};
const C_OUTPUT_ARG = /\bargv\s*\[\s*2\s*\]/;

/** Whether the interactor's source writes its output file; false when the file cannot be read (the judge says why later). */
export function interactorWritesOutput(file: string): boolean {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const ext = extname(file).toLowerCase();
  const code = withoutComments(source, ext);
  return TOUT.test(code) || (OUTPUT_ARG[ext] ?? C_OUTPUT_ARG).test(code);
}

/** The one-line warning for an interactor that writes its output file with no checker set, if it does. */
export function uncheckedInteractorWarning(interactor: string, checker: string | undefined): string | undefined {
  if (checker !== undefined || !interactorWritesOutput(interactor)) return undefined;
  return `${basename(interactor)} writes its output file (tout) but the problem has no checker: a wrong answer the interactor accepts passes (Polygon requires the pair: add \`checker: FILE\`)`;
}
