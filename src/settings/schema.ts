// The settings' keys, types and defaults: a leaf every layer that reads settings can import (the
// model backends, the engine, the archive) without loading the flow registry. Which flows exist
// is the one thing this file does not know: here `flow` is any name and `budgets` holds the
// session caps; load.ts, above the flows, narrows both to the registry's names and options.
// zod/mini, whose functions bundle apart, so the first frame loads a tenth of full zod's bytes.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { compiledLangIds, langIds } from '../runners/languages/langs.js';
import { ANSWER_FORMS, APPROVAL_MODES, BACKENDS, RETRIEVAL_SOURCES, SANDBOX_CHOICES } from './choices.js';

export {
  ANSWER_FORMS,
  APPROVAL_MODES,
  BACKENDS,
  RETRIEVAL_SOURCES,
  SANDBOX_CHOICES,
  type ApprovalMode,
} from './choices.js';

// The messages a person reads ("expected record, received string"): mini loads no locale itself.
z.config(en());

export const int = (min: number, max: number) => z.int().check(z.gte(min), z.lte(max));
export const httpUrl = z.url().check(z.refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://'));
/** Ollama's keep_alive: a Go duration ("30m", "1h30m", "90s"), 0 (unload at once) or -1 (forever). */
const duration = z
  .string()
  .check(z.regex(/^(-1|0|(\d+(\.\d+)?(ms|s|m|h))+)$/, 'expected a duration like 30m, 1h, 90s, 0 or -1'));
/** Agent names as the flows call their stages (plan, simulate, code, debug, …). */
export const stageName = /^[a-z][a-zA-Z0-9_-]*$/;

/** The session caps, which every flow's budgets sit beside (`budgets.maxCalls`, `budgets.maxTokens`). */
export const capsShape = {
  maxCalls: z.optional(int(1, 100_000)),
  maxTokens: z.optional(int(1, 1_000_000_000)),
};

/**
 * Every setting in its order, with its default. `flow` and `budgets` are the open forms;
 * load.ts puts the registry's in their places (same keys, same order).
 */
export const settingsShape = {
  backend: z._default(z.enum(BACKENDS), 'ollama'),
  ollamaHost: z._default(httpUrl, 'http://127.0.0.1:11434'),
  openaiBaseUrl: z._default(httpUrl, 'https://api.openai.com/v1'),
  openaiApiKey: z.optional(z.string().check(z.minLength(1))),
  model: z._default(z.string().check(z.minLength(1)), 'qwen2.5-coder:7b'),
  stageModels: z._default(z.record(z.string().check(z.regex(stageName)), z.string().check(z.minLength(1))), {}),
  /** Longest answer per stage in tokens; a stage not named here takes its agent's own default. */
  answerTokens: z._default(z.record(z.string().check(z.regex(stageName)), int(16, 1_000_000)), {}),
  numCtx: z._default(int(512, 1_048_576), 8192),
  /** Unset: each method's own sampling (0, or AlphaCodium's per stage); set: every stage takes it. */
  temperature: z.optional(z.number().check(z.gte(0), z.lte(2))),
  /** Unset: each method's own (AlphaCodium 0.1, else none sent); set: every stage takes it. */
  frequencyPenalty: z.optional(z.number().check(z.gte(-2), z.lte(2))),
  topP: z._default(z.number().check(z.gt(0), z.lte(1)), 0.95),
  seed: z.optional(z.int()),
  keepAlive: z._default(duration, '30m'),
  stallSeconds: z._default(z.number().check(z.gt(0), z.lte(3600)), 60),
  /** A flow by name (load.ts: one of the registry's). */
  flow: z.string().check(z.minLength(1)),
  lang: z._default(z.enum(langIds), langIds[0]),
  /** A compiled language's compiler (`compilers.cpp`: `clang++`, `/opt/gcc-14/bin/g++`); unset: the registry's. */
  compilers: z._default(
    z.partialRecord(
      z.enum(compiledLangIds),
      z.string().check(z.regex(/^\S+$/, 'expected a command or an absolute path')),
    ),
    {},
  ),
  /** A compiled language's flags, the whole list (`flags.cpp`: `-O2 -DLOCAL`); unset: the registry's. */
  flags: z._default(
    z.partialRecord(z.enum(compiledLangIds), z.string().check(z.regex(/^[^\n]*$/, 'expected one line of flags'))),
    {},
  ),
  answers: z._default(z.enum(ANSWER_FORMS), 'sections'),
  approval: z._default(z.enum(APPROVAL_MODES), 'each'),
  /** The model that turns problems into vectors for the archive; unset: full text alone. */
  embedModel: z.optional(z.string().check(z.minLength(1))),
  retrieval: z._default(z.enum(RETRIEVAL_SOURCES), 'both'),
  /** How close an archived problem must be (0..1) to stand in for a recalled one. */
  archiveMin: z._default(z.number().check(z.gte(0), z.lte(1)), 0.5),
  /** `listen`'s program file per problem: its language (unset: `lang`) and folder (unset: where listen runs). */
  listen: z.prefault(
    z.object({ lang: z.optional(z.enum(langIds)), fileDir: z.optional(z.string().check(z.minLength(1))) }),
    {},
  ),
  /** The tutor only: `test`, `--auto` and every other command read SIMCOACH_SANDBOX alone. */
  sandbox: z._default(z.enum(SANDBOX_CHOICES), 'auto'),
  /** The session caps here; load.ts adds each flow's options (`budgets.<flow>.<key>`). */
  budgets: z.prefault(z.object(capsShape), {}),
};

/**
 * The settings as the layers below the flows read them: the flow by name, the budgets' caps.
 * load.ts's `Settings` (the registry's flow names and options) is one of these.
 */
export type BaseSettings = z.infer<z.ZodMiniObject<typeof settingsShape>>;
