// Every stage agent, by flow. Each file holds one stage: prompt, answer schema, parser, pane text.
export { planAgent, type PlanInput, type PlanValue, type FailedPlan } from './codesim/plan.js';
export { simulateAgent, type SimulateInput, type SimulationValue } from './codesim/simulate.js';
export { reviseAgent, type ReviseInput, type RevisionValue } from './codesim/revise.js';
export { codeAgent, type CodeInput } from './codesim/code.js';
export { debugAgent, type DebugInput, type DebugValue } from './codesim/debug.js';
export { retrieveAgent, type RetrieveInput, type RetrievalValue, type Exemplar } from './mapcoder/retrieve.js';
export { exemplarPlanAgent, type ExemplarPlanInput, type ExemplarPlanValue } from './mapcoder/plan.js';
export { confidenceAgent, type ConfidenceInput, type ConfidenceValue } from './mapcoder/confidence.js';
export { mapCodeAgent, type MapCodeInput } from './mapcoder/code.js';
export { mapDebugAgent, type MapAnswer, type MapDebugInput, type MapDebugValue } from './mapcoder/debug.js';
