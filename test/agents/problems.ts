// Real problems for the agent and flow tests: a fixture statement, and APPS function-style.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadProblem } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import type { AgentContext } from '../../src/engine/types.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const APPS = resolve(ROOT, '../shared/datasets/apps150/problems.jsonl');
export const hasApps = existsSync(APPS);

export const fixture = (name: string): Promise<Problem> => loadProblem(join(ROOT, 'fixtures/problems', `${name}.md`));
export const apps = (id: string): Promise<Problem> => loadProblem(`${APPS}:${id}`);

export const ctxOf = (problem: Problem, structured = false): AgentContext => ({ problem, lang: 'python', structured });

/** A function-style problem built by hand, for when the APPS file is not beside the repo. */
export const functionProblem = (): Problem => ({
  id: 'score',
  title: 'Dice score',
  statement: 'Return the score of a roll of dice: 100 per one.',
  samples: [{ input: '[1, 2, 3]\n', outputs: ['100'] }],
  tests: [],
  compare: { mode: 'tokens' },
  kind: { type: 'function', signature: 'def get_score(dice):' },
  tags: [],
});
