// Guards for the agents' value shapes. Panes read `Proposal.value` only through these, so a
// value of an unexpected shape (a new agent, an old journal) falls back to the proposal's text.
import type { ConfidenceValue } from '../../agents/mapcoder/confidence.js';
import type { DebugValue } from '../../agents/codesim/debug.js';
import type { PlanValue } from '../../agents/codesim/plan.js';
import type { RetrievalValue } from '../../agents/mapcoder/retrieve.js';
import type { SimulationValue } from '../../agents/codesim/simulate.js';
import type { JudgeResult, Program } from '../../runners/types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (o: Obj, k: string): boolean => typeof o[k] === 'string';

export const isProgram = (v: unknown): v is Program => isObj(v) && str(v, 'source') && str(v, 'lang');

/** Any value with a plan: CodeSIM's plan, MapCoder's exemplar plan, a revision. */
export const hasPlan = (v: unknown): v is { plan: string } & Partial<PlanValue> & { changes?: string } => isObj(v) && str(v, 'plan');

export const isRetrieval = (v: unknown): v is RetrievalValue =>
  isObj(v) && Array.isArray(v.exemplars) && v.exemplars.every((e) => isObj(e));

export const isConfidence = (v: unknown): v is ConfidenceValue => isObj(v) && typeof v.confidence === 'number';

export const isSimulation = (v: unknown): v is SimulationValue => isObj(v) && str(v, 'trace') && str(v, 'verdict');

export const isDebug = (v: unknown): v is DebugValue => isObj(v) && isProgram(v.program) && str(v, 'culprit');

export const isJudgeResult = (v: unknown): v is JudgeResult =>
  isObj(v) && typeof v.verdict === 'string' && Array.isArray(v.tests) && typeof v.passed === 'number';

export const metaString = (m: Obj | undefined, k: string): string | undefined => (m && typeof m[k] === 'string' ? (m[k] as string) : undefined);
