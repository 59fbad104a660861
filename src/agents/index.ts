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
export { analystAgent, analysisText, type AnalysisValue } from './selfcollab/analyst.js';
export { coderAgent, type CoderInput, type CoderRound } from './selfcollab/coder.js';
export {
  testerAgent,
  findingsText,
  reportText,
  saysPassed,
  PASSED,
  type ReportValue,
  type Finding,
  type TesterInput,
} from './selfcollab/tester.js';
export { thinkerAgent, ideasFrom, ideaOf, type Idea, type IdeasValue, type ThinkerInput } from './codetree/thinker.js';
export { reflectAgent, type ReflectInput } from './codetree/reflect.js';
export { solverAgent, type SolverInput } from './codetree/solver.js';
export { debuggerAgent, type DebuggerInput } from './codetree/debugger.js';
export {
  criticScoreAgent,
  criticVerifyAgent,
  readScore,
  readAcceptance,
  verifyReview,
  MAX_SCORE,
  type ScoreValue,
  type VerifyValue,
} from './codetree/critic.js';
export {
  treeAgent,
  subtree,
  type Search,
  type TreeView,
  type NodeView,
  type NodeState,
  type TreeChoice,
  type TreeStepValue,
} from './codetree/tree.js';
export { reflectionAgent, type ReflectionInput } from './alphacodium/reflect.js';
export { solutionsAgent, type Solution, type SolutionsInput, type SolutionsValue } from './alphacodium/solutions.js';
export { chooseAgent, type ChooseInput, type ChoiceValue } from './alphacodium/choose.js';
export { aiTestsAgent, type AiTestsInput, type AiTestsValue } from './alphacodium/aiTests.js';
export { validateAgent, type ValidateInput } from './alphacodium/validate.js';
export { solveAgent, type SolveInput } from './alphacodium/solve.js';
export { analyzeAgent, type AnalyzeInput, type FailureAnalysis } from './alphacodium/analyze.js';
export { fixAgent, type FixInput } from './alphacodium/fix.js';
export { analyzeAndFixAgent, type AnalyzeAndFixInput, type AnalyzeAndFixValue } from './alphacodium/analyzeAndFix.js';
export { asCases, type AiTest, type Reflection, type FixRecord, type Anchoring } from './alphacodium/common.js';
