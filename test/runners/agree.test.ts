// A fixed sixth of the stdin-style APPS-150 programs through the judge with the labelling
// judge's settings: we must agree with its verdicts on at least 99% (`npm run judge:agree` runs all).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agreementFigures, problemsById, readLabelled, runAgreement, styleOf } from '../../src/runners/judge/agree.js';
import { isolateCache, leftovers } from './helpers.js';

const DATA = join(process.cwd(), '..', 'shared', 'datasets', 'apps150');
const present = existsSync(join(DATA, 'labelled-solutions.jsonl'));

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

it.skipIf(!present)(
  'agrees with the labels on 60 stdin-style programs (every 5th, in file order)',
  async () => {
    const problems = await problemsById(join(DATA, 'problems.jsonl'));
    const all = await readLabelled(join(DATA, 'labelled-solutions.jsonl'));
    const stdin = all.filter((p) => styleOf(problems.get(p.problemId)!) === 'stdin');
    const subset = stdin.filter((_, i) => i % 5 === 0).slice(0, 60);
    expect(subset).toHaveLength(60);
    const rows = await runAgreement(subset, problems);
    const f = agreementFigures(rows, 'stdin');
    const wrong = rows.filter((r) => !r.agrees).map((r) => `#${r.program.index + 1} ${r.reason}`);
    expect(f.total).toBe(60);
    expect(f.agree, wrong.join('\n')).toBeGreaterThanOrEqual(Math.ceil(0.99 * 60));
    // Both kinds of label occur, so agreement is not agreement with a constant.
    expect(new Set(subset.map((p) => p.judgedSolved)).size).toBe(2);
    expect(leftovers()).toEqual([]);
  },
  300_000,
);
