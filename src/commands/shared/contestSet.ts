// A contest's set read as the contest and its upsolve both need it: its problems with their hidden
// tests and short ids; a set that cannot be read is a usage error (exit 2).
import { EXIT, UserError } from '../../system/errors.js';
import type { Problem } from '../../problems/types.js';

/** The set's problems, with their hidden tests; a set that cannot be read is a usage error (exit 2). */
export async function contestSet(ref: string): Promise<Problem[]> {
  const { loadProblemSet } = await import('../../problems/index.js');
  const { withShortIds } = await import('../../problems/shortId.js');
  let problems: Problem[];
  try {
    problems = withShortIds(await loadProblemSet(ref));
  } catch (err) {
    if (err instanceof UserError) throw new UserError(`contest: ${err.message}`, EXIT.usage, err.hint);
    throw err;
  }
  if (problems.length === 0) throw new UserError(`contest: ${ref} holds no problem`, EXIT.usage);
  return problems;
}
