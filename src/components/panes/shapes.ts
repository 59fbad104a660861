// Guards for the agents' value shapes. Panes read `Proposal.value` only through these, so a
// value of an unexpected shape (a new agent, an old journal) falls back to the proposal's text.
import type { ConfidenceValue } from '../../agents/mapcoder/confidence.js';
import type { DebugValue } from '../../agents/codesim/debug.js';
import type { PlanValue } from '../../agents/codesim/plan.js';
import type { RetrievalValue } from '../../agents/mapcoder/retrieve.js';
import type { SimulationValue } from '../../agents/codesim/simulate.js';
import type { JudgeResult, Program } from '../../runners/build/types.js';
import type { AnalysisValue } from '../../agents/selfcollab/analyst.js';
import type { ReportValue } from '../../agents/selfcollab/tester.js';
import type { IdeasValue } from '../../agents/codetree/thinker.js';
import type { ScoreValue, VerifyValue } from '../../agents/codetree/critic.js';
import type { TreeStepValue } from '../../agents/codetree/tree.js';
import type { AiTestsValue } from '../../agents/alphacodium/aiTests.js';
import type { FailureAnalysis } from '../../agents/alphacodium/analyze.js';
import type { ChoiceValue } from '../../agents/alphacodium/choose.js';
import type { Anchoring, Reflection } from '../../agents/alphacodium/common.js';
import type { SolutionsValue } from '../../agents/alphacodium/solutions.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, k: string): boolean => typeof o[k] === 'string';

export const isProgram = (v: unknown): v is Program => isObj(v) && str(v, 'source') && str(v, 'lang');

/** Any value with a plan: CodeSIM's plan, MapCoder's exemplar plan, a revision. */
export const hasPlan = (v: unknown): v is { plan: string } & Partial<PlanValue> & { changes?: string } =>
  isObj(v) && str(v, 'plan');

export const isRetrieval = (v: unknown): v is RetrievalValue =>
  isObj(v) && Array.isArray(v.exemplars) && v.exemplars.every((e) => isObj(e));

export const isConfidence = (v: unknown): v is ConfidenceValue => isObj(v) && typeof v.confidence === 'number';

export const isSimulation = (v: unknown): v is SimulationValue => isObj(v) && str(v, 'trace') && str(v, 'verdict');

export const isDebug = (v: unknown): v is DebugValue => isObj(v) && isProgram(v.program) && str(v, 'culprit');

export const isJudgeResult = (v: unknown): v is JudgeResult =>
  isObj(v) && typeof v.verdict === 'string' && Array.isArray(v.tests) && typeof v.passed === 'number';

const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

export const isAnalysis = (v: unknown): v is AnalysisValue => isObj(v) && strings(v.subproblems) && strings(v.steps);

export const isReport = (v: unknown): v is ReportValue =>
  isObj(v) &&
  typeof v.passed === 'boolean' &&
  Array.isArray(v.findings) &&
  v.findings.every((f) => isObj(f) && str(f, 'text') && str(f, 'area'));

export const isIdeas = (v: unknown): v is IdeasValue =>
  isObj(v) && Array.isArray(v.ideas) && v.ideas.every((i) => isObj(i) && str(i, 'title') && str(i, 'idea'));

export const isScore = (v: unknown): v is ScoreValue => isObj(v) && typeof v.score === 'number' && str(v, 'review');

export const isVerify = (v: unknown): v is VerifyValue => isObj(v) && str(v, 'verdict') && str(v, 'overfitting');

export const isTreeStep = (v: unknown): v is TreeStepValue =>
  isObj(v) &&
  str(v, 'proposed') &&
  isObj(v.choice) &&
  isObj(v.view) &&
  Array.isArray(v.view.nodes) &&
  v.view.nodes.every((n) => isObj(n) && str(n, 'id') && str(n, 'title') && typeof n.depth === 'number');

export const metaString = (m: Obj | undefined, k: string): string | undefined =>
  m && typeof m[k] === 'string' ? (m[k] as string) : undefined;

const isSolution = (v: unknown): boolean => isObj(v) && str(v, 'name') && str(v, 'idea');

export const isReflection = (v: unknown): v is Reflection =>
  isObj(v) && strings(v.bullets) && Array.isArray(v.explanations) && v.explanations.every(isObj);

export const isSolutions = (v: unknown): v is SolutionsValue =>
  isObj(v) && Array.isArray(v.solutions) && v.solutions.every(isSolution);

export const isChoice = (v: unknown): v is ChoiceValue =>
  isObj(v) && Array.isArray(v.ranked) && v.ranked.every(isSolution);

export const isAiTests = (v: unknown): v is AiTestsValue =>
  isObj(v) && Array.isArray(v.tests) && v.tests.every((t) => isObj(t) && str(t, 'input') && str(t, 'output'));

export const isFailureAnalysis = (v: unknown): v is FailureAnalysis => isObj(v) && str(v, 'wrong') && str(v, 'fix');

export const isFixMeta = (m: unknown): m is Anchoring =>
  isObj(m) &&
  typeof m.test === 'string' &&
  strings(m.anchors) &&
  Array.isArray(m.history) &&
  m.history.every((h) => isObj(h) && typeof h.kept === 'boolean');

/** A fixing answer that holds a program beside its analysis (analyse-and-fix). */
export const hasProgram = (v: unknown): v is { program: Program; analysis?: string } =>
  isObj(v) && isProgram(v.program);
