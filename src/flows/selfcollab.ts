import {
  analysisText,
  analystAgent,
  coderAgent,
  reportText,
  testerAgent,
  type CoderRound,
  type ReportValue,
  type TesterInput,
} from '../agents/index.js';
import type { Outcome, Steps } from '../engine/types.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import { feedbackOf, passes, score } from './samples.js';

export interface SelfcollabOptions {
  /** n: coder rounds (the released script used 2; the paper's setting is 4). */
  rounds: number;
  /** --with-judge: the tester also sees the program's real sample runs. */
  withJudge: boolean;
}

/** The report is done with when the tester is satisfied or the person struck out every finding. */
const satisfied = (r: ReportValue): boolean => r.passed || r.findings.length === 0;

/**
 * Self-collaboration (Dong et al., 2023), as METHODS.md gives it: the analyst plans, the coder
 * codes, the tester reviews in writing, and the coder repairs from the report, for at most n
 * rounds (at most 2n calls). The coder's and the tester's conversations grow over the rounds.
 *
 * The paper's tester only reviews; the released code ran tests the tester wrote. We follow the
 * paper, and `withJudge` shows the tester the real sample runs instead. The samples are run
 * once more at the end (not a model call) so the outcome says whether the returned code passes.
 */
export async function selfcollab(s: Steps, p: Problem, o: SelfcollabOptions): Promise<Outcome> {
  const plan = analysisText(await s.ask(analystAgent, {}));
  let code: Program | undefined;
  let judged: { program: Program; result: JudgeResult } | undefined;
  // The two conversations, grown round by round (as in the authors' code): the coder's is the
  // plan, code 1, report 1, code 2, …; the tester's is code 1, report 1, code 2, report 2, …
  const coded: CoderRound[] = [];
  const reviewed: NonNullable<TesterInput['earlier']> = [];
  for (let round = 1; round <= o.rounds; round++) {
    s.progress({ label: 'round', value: round, max: o.rounds });
    code = await s.ask(coderAgent, { plan, rounds: [...coded] });
    if (round === o.rounds) break;
    let runs: string | undefined;
    if (o.withJudge && p.samples.length > 0) {
      judged = { program: code, result: await s.run(code, p.samples) };
      runs = feedbackOf(judged.result);
    }
    const report: ReportValue = await s.ask(testerAgent, {
      program: code,
      ...(runs ? { runs } : {}),
      earlier: [...reviewed],
    });
    if (satisfied(report)) break;
    // Both get the report as the tester wrote it (as the authors' code passes it on), or the
    // findings a person kept when they struck some out.
    const written = reportText(report);
    reviewed.push({ program: code, ...(runs ? { runs } : {}), report: written });
    coded.push({ program: code, report: written });
  }
  if (!code) return s.fail('no round was run');
  if (p.samples.length === 0) return s.done(code, { passed: 0, total: 0 });
  const result = judged?.program === code ? judged.result : await s.run(code, p.samples);
  if (passes(result)) return s.done(code, score(result));
  return s.fail(`the team's program fails ${result.total - result.passed} of ${result.total} samples`, {
    program: code,
    ...score(result),
  });
}
