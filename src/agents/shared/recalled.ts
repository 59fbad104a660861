// Archived problems as the stages that recall problems take them: a MapCoder exemplar (the problem,
// its accepted program, its plan) and CodeSIM's one recalled problem, in the prompt and in the answer.
import type { Recalled } from '../../engine/recall.js';
import { clip } from './text.js';

/** An archived statement is cut like a failed plan, so k of them still fit beside the problem. */
const STATEMENT_CHARS = 2500;

export const archivedDescription = (r: Recalled): string =>
  `${r.title}\n\n${clip(r.statement.trim(), STATEMENT_CHARS)}`;

export const archivedPlan = (r: Recalled): string =>
  r.plan.trim() || '(no plan was written down: the accepted program is the whole solution)';

/** The paragraph that gives the planner an archived problem to recall instead of one of its own. */
export function archivedForPrompt(r: Recalled): string {
  return [
    '',
    'The person solved a problem close to this one before; take it as your recalled problem (do not recall another):',
    '',
    `### ${r.title}`,
    clip(r.statement.trim(), STATEMENT_CHARS),
    '',
    'Their accepted program:',
    '```',
    r.program.source.trim(),
    '```',
    ...(r.plan.trim() ? ['', 'Their plan:', r.plan.trim()] : []),
  ].join('\n');
}
