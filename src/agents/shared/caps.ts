// The answer-length caps (max_tokens) the methods' authors set in their code, each stage's default
// here; `answerTokens.<stage>` in the settings raises or lowers one, and no request asks for more
// than its context leaves (llm/index.ts). A method whose authors set none (AlphaCodium's hosted
// models) takes DEFAULT_ANSWER_TOKENS.

/** MapCoder: every call (src/models/OpenAI.py:189 of the authors' code). */
export const MAPCODER_TOKENS = 4096;

/** CodeTree: strategies, reflections and the critic (generators/generator_utils.py:409, 459). */
export const CODETREE_TEXT_TOKENS = 2048;

/** CodeTree: the solver's and the debugger's programs (generators/generator_utils.py:134, 146). */
export const CODETREE_CODE_TOKENS = 4096;

/** Self-collaboration: every role (main.py:20, `--max_tokens` 512, passed to each role by session.py:8). */
export const SELFCOLLAB_TOKENS = 512;

/** CodeSIM: every stage (src/models/OpenAI.py:61 of the authors' code, for OpenAI models; 8192 for Gemini). */
export const CODESIM_TOKENS = 4096;
