// A statement for a problem that came without one (Competitive Companion sends samples and
// limits only): read from its judge's page, or pasted by the person, and kept in its file.
import { needsStatement } from '../problems/statement/place.js';
import { judgeOf } from '../problems/statement/judges.js';
import type { FetchOptions } from '../problems/statement/index.js';
import type { StatementSource } from './controller.js';

/** `fetchOptions`: tests read statement pages as a given judge's (a loopback server standing in for it). */
export function createStatementService(fetchOptions?: FetchOptions): StatementSource {
  return {
    needed: needsStatement,
    judge: (problem) => (problem.source?.url ? (fetchOptions?.judge ?? judgeOf(problem.source.url))?.name : undefined),
    async fetch(problem) {
      const { fetchIntoProblem } = await import('../problems/statement/save.js');
      const r = await fetchIntoProblem(problem, fetchOptions ?? {});
      return r.ok ? { ok: true, problem: r.problem } : { ok: false, message: r.failure.message };
    },
    async paste(problem, markdown) {
      const { keepPastedStatement } = await import('../problems/statement/save.js');
      return keepPastedStatement(problem, markdown);
    },
  };
}
