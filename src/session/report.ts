// A saved session as a report: the structure both export formats share. The markdown and JSON
// writers only lay this out.
import type { Decision, DecidedBy, Submission } from './steps.js';
import type { Problem } from '../problems/types.js';
import type { JudgeResult, Program } from '../runners/build/types.js';
import { branchLanguage, languagePath, type SessionLanguage } from './language.js';
import { finalText, stepEnding, type Timeline } from './timeline.js';

export interface ReportStep {
  branch: number;
  step: number;
  agent: string;
  title: string;
  pane: string;
  /** The session's language once the step was decided (the person may have switched it here). */
  lang: string;
  /** What the model answered (the text of its last proposal, or what it streamed). */
  output: string;
  /** How many times the model was asked in this step (repairs and rejections ask again). */
  attempts: number;
  decision?: Decision;
  decidedBy?: DecidedBy;
  /** The person's own version, when they edited the proposal. */
  edit?: string;
  error?: string;
  runs: { program: Program; result: JudgeResult }[];
  calls: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  /** The step had started but the session ended before it finished. */
  unfinished: boolean;
  /** Of an unfinished step: its answer was there, waiting for the person's decision (not still running). */
  waiting: boolean;
}

export interface Report {
  id: string;
  createdAt: string;
  label?: string;
  flow: string;
  backend: string;
  model: string;
  /** The language the branch ended in. */
  lang: string;
  /** Each language the branch went through, when the person switched it at a gate. */
  langs?: string[];
  settings: Record<string, unknown>;
  problem: Problem;
  branch: number;
  branches: number;
  steps: ReportStep[];
  status: string;
  reason?: string;
  samples?: { passed: number; total: number };
  /** The Submit's verdict: the final program on every sample and hidden test. */
  submit?: Submission;
  finalCode?: Program & { from: 'outcome' | 'last run' | 'last code step' };
  /** Every model call, repairs included, and of those the repair requests. */
  calls: number;
  repairs: number;
  promptTokens: number;
  promptTokensEvaluated: number;
  completionTokens: number;
  warnings: string[];
}

function reportStep(
  tl: Timeline,
  ref: Timeline['branches'][number]['steps'][number],
  language: SessionLanguage,
): ReportStep {
  const v = tl.load(ref);
  const last = v.proposals[v.proposals.length - 1];
  const shown = finalText(v);
  const s: ReportStep = {
    branch: ref.branch,
    step: ref.step,
    agent: ref.agent,
    title: ref.title,
    pane: ref.pane,
    lang: language.byStep.get(ref.step) ?? language.end,
    output: last?.text || v.streamed,
    attempts: v.requests,
    runs: v.runs.map((r) => ({ program: r.program, result: r.result })),
    calls: v.calls,
    promptTokens: v.promptTokens,
    promptTokensEvaluated: v.promptTokensEvaluated,
    completionTokens: v.completionTokens,
    unfinished: ref.open,
    waiting: stepEnding(v) === 'waiting',
  };
  if (last?.decision) Object.assign(s, { decision: last.decision.decision, decidedBy: last.decision.by });
  if (shown && last?.decision?.decision.kind === 'edit') s.edit = shown.text;
  const error = last?.error ?? v.errors[v.errors.length - 1]?.message;
  if (error) s.error = error;
  return s;
}

/** Totals over every model call in the file, for sessions that never wrote their end. */
function countCalls(
  tl: Timeline,
): Pick<Report, 'calls' | 'repairs' | 'promptTokens' | 'promptTokensEvaluated' | 'completionTokens'> {
  const t = { calls: 0, repairs: 0, promptTokens: 0, promptTokensEvaluated: 0, completionTokens: 0 };
  for (const e of tl.allEvents()) {
    if (e.type !== 'llm-response') continue;
    t.calls++;
    if (e.repair) t.repairs++;
    t.promptTokens += e.promptTokens;
    t.promptTokensEvaluated += e.promptTokensEvaluated;
    t.completionTokens += e.completionTokens;
  }
  return t;
}

function finalCode(tl: Timeline, steps: ReportStep[]): Report['finalCode'] {
  const program = tl.end?.outcome.program;
  if (program) return { ...program, from: 'outcome' };
  const run = steps.flatMap((s) => s.runs).at(-1);
  if (run) return { ...run.program, from: 'last run' };
  const code = [...steps].reverse().find((s) => s.pane === 'code' || s.pane === 'debug');
  if (code) return { lang: code.lang as Program['lang'], source: code.edit ?? code.output, from: 'last code step' };
  return undefined;
}

/** The report of a session's last branch (the one it ended on). */
export function buildReport(tl: Timeline, branchId?: number): Report {
  const h = tl.header;
  const branch = branchId === undefined ? tl.lastBranch : tl.branch(branchId);
  const language = branchLanguage(tl, branch.id);
  const steps = branch.steps.map((ref) => reportStep(tl, ref, language));
  const totals = countCalls(tl);
  const end = tl.end;
  const r: Report = {
    id: h.id,
    createdAt: h.createdAt,
    flow: h.flow,
    backend: h.backend,
    model: h.model,
    lang: language.end,
    ...(language.switches.length > 0 ? { langs: languagePath(language) } : {}),
    settings: h.settings ?? {},
    // A branch that took a hidden test as a sample reports the problem with it.
    problem: { ...h.problem, samples: tl.samples(branch.id) },
    branch: branch.id,
    branches: tl.branches.length,
    steps,
    status: end?.outcome.status ?? 'incomplete',
    ...totals,
    warnings: tl.warnings,
  };
  if (end)
    Object.assign(r, { calls: end.calls, promptTokens: end.promptTokens, completionTokens: end.completionTokens });
  if (h.label) r.label = h.label;
  if (end?.outcome.reason) r.reason = end.outcome.reason;
  if (end?.outcome.samples) r.samples = end.outcome.samples;
  if (end?.outcome.submit) r.submit = end.outcome.submit;
  const code = finalCode(tl, steps);
  if (code) r.finalCode = code;
  return r;
}
