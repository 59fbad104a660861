// Settings: built-in defaults < environment < the settings file < flags for one run.
// Reads are a plain JSON parse (no directory created, nothing heavy loaded, so start-up stays
// fast); writes go through `conf`, which writes atomically (temp file + rename), so a crash can
// never leave the file half-written. Every value is validated with zod, whatever its source:
// zod/mini, whose functions bundle apart, so the first frame loads a tenth of full zod's bytes.
import { meanText } from '../terminal/suggest.js';
import * as z from 'zod/mini';
import { EXIT, UsageError, UserError } from '../system/errors.js';
import {
  allowedOf,
  budgetEntries,
  flowNames,
  flows,
  isFlowName,
  unknownFlow,
  type Budget,
  type FlowOptionsByName,
} from '../flows/index.js';
import { configDir } from '../system/paths.js';
import { isTree, readStoredFile, settingsDistrust, settingsPath, type Tree } from './file.js';
import { compiledLangIds, langFromName, langIds } from '../runners/languages/langs.js';
import { chooseToolchains, toolchainChoices } from '../runners/languages/toolchains.js';
import {
  ANSWER_FORMS,
  APPROVAL_MODES,
  BACKENDS,
  RETRIEVAL_SOURCES,
  SANDBOX_CHOICES,
  capsShape,
  httpUrl,
  int,
  settingsShape,
  stageName,
} from './schema.js';

export { settingsPath } from './file.js';
export {
  ANSWER_FORMS,
  APPROVAL_MODES,
  BACKENDS,
  RETRIEVAL_SOURCES,
  SANDBOX_CHOICES,
  type ApprovalMode,
} from './schema.js';

/** A budget's schema, from its declaration in the flow's record. */
const budgetSchema = (b: Budget): z.ZodMiniType<number | boolean | string> =>
  b.kind === 'switch'
    ? z._default(z.boolean(), b.default)
    : b.kind === 'choice'
      ? z._default(z.enum(b.choices), b.default)
      : z._default(int(b.min, b.max), b.default);

/** Each registered flow's options, as the settings hold them (`budgets.<flow>.<key>`). */
type Budgets = FlowOptionsByName & { maxCalls?: number | undefined; maxTokens?: number | undefined };

const flowBudgetShapes = Object.fromEntries(
  flows.map((f) => [
    f.name,
    z.prefault(z.object(Object.fromEntries(Object.entries(f.budgets).map(([key, b]) => [key, budgetSchema(b)]))), {}),
  ]),
);

// Built from the registry at run time, so its static type is said here: one object per flow.
const budgetsSchema = z.object({ ...flowBudgetShapes, ...capsShape }) as unknown as z.ZodMiniType<
  Budgets,
  Partial<Record<string, unknown>>
>;

/** settings/schema.ts's settings, with `flow` and `budgets` narrowed to the registry's flows (keys keep their order). */
export const settingsSchema = z.object({
  ...settingsShape,
  flow: z._default(z.enum(flowNames), flowNames[0]),
  budgets: z.prefault(budgetsSchema, {}),
});

export type Settings = z.infer<typeof settingsSchema>;

/** Settings kept per stage: `<group>.<stage>`. */
const PER_STAGE = ['stageModels', 'answerTokens'];
/** Settings kept per compiled language: `<group>.<lang>`. */
const PER_LANG = ['compilers', 'flags'];
export type Lang = Settings['lang'];
type Json = string | number | boolean;

/** What each key takes, for messages and `config list`; the zod schema above is the judge. */
export const KEY_DOCS: Record<string, { allowed: string; about: string; secret?: boolean; env?: string }> = {
  backend: { allowed: BACKENDS.join(' | '), about: 'which model server to talk to' },
  ollamaHost: { allowed: 'an http(s) URL, host or host:port', about: 'the Ollama server', env: 'OLLAMA_HOST' },
  openaiBaseUrl: {
    allowed: 'an http(s) URL ending in /v1',
    about: 'an OpenAI-compatible server',
    env: 'OPENAI_BASE_URL',
  },
  openaiApiKey: {
    allowed: 'a key (the environment wins)',
    about: 'key for the OpenAI-compatible server',
    secret: true,
    env: 'OPENAI_API_KEY',
  },
  model: { allowed: 'a model name', about: 'the model every stage uses' },
  'stageModels.<stage>': { allowed: 'a model name', about: 'a different model for one stage (plan, code, debug, …)' },
  'answerTokens.<stage>': {
    allowed: 'an integer 16..1000000',
    about:
      "longest answer of one stage in tokens (default: as the method's authors set it, MapCoder 4096, CodeTree 2048 and 4096 for programs, Self-collaboration 512, else 8192; never more than numCtx leaves after the prompt)",
  },
  numCtx: { allowed: 'an integer 512..1048576', about: 'context window in tokens (Ollama num_ctx)' },
  temperature: {
    allowed: 'a number 0..2',
    about: 'sampling temperature of every stage (unset: 0, AlphaCodium 0.2/0.3 per stage as its code)',
  },
  frequencyPenalty: {
    allowed: 'a number -2..2',
    about: 'frequency penalty of every stage (unset: none, AlphaCodium 0.1 as its code)',
  },
  topP: { allowed: 'a number in (0, 1]', about: 'nucleus sampling' },
  seed: { allowed: 'an integer', about: 'sampling seed (unset: the server picks)' },
  keepAlive: { allowed: 'a duration like 30m, 1h, 0 or -1', about: 'how long Ollama keeps the model loaded' },
  stallSeconds: { allowed: 'a number of seconds 0..3600', about: 'no byte for this long = the server stalled' },
  flow: { allowed: flowNames.join(' | '), about: 'the method the tutor follows' },
  lang: { allowed: langIds.join(' | '), about: 'the language of solutions' },
  'compilers.<lang>': {
    allowed: 'a command on PATH or an absolute path',
    about: `the compiler of one language (${compiledLangIds.join(', ')}); unset: its usual one`,
  },
  'flags.<lang>': {
    allowed: "the compiler's flags, the whole list (no -std=: the newest standard it has)",
    about: 'the flags of one language\'s compiler, e.g. flags.cpp "-O2 -DLOCAL"',
  },
  'listen.lang': {
    allowed: `${langIds.join(' | ')} (unset: lang)`,
    about: 'the language of the program file `listen` writes for each problem, from your template',
  },
  'listen.fileDir': {
    allowed: 'a folder (unset: the folder listen runs in)',
    about: "where `listen` writes each problem's program file (the problems themselves go to --dir)",
  },
  answers: {
    allowed: ANSWER_FORMS.join(' | '),
    about: "answers under headings (the methods' form), or JSON-schema mode for models that need it",
  },
  approval: {
    allowed: APPROVAL_MODES.join(' | '),
    about:
      'the tutor: approve each step, approve until the code (a program stops), or watch (every step approved; ctrl-c steps in)',
  },
  embedModel: {
    allowed: 'a model name (unset: full text only)',
    about: 'the embedding model for the archive, e.g. nomic-embed-text (pull it like any model)',
  },
  retrieval: {
    allowed: RETRIEVAL_SOURCES.join(' | '),
    about:
      'where recalled problems come from: the model, your archive, or the archive when one is close enough and the model for the rest',
  },
  archiveMin: {
    allowed: 'a number 0..1',
    about: 'how similar an archived problem must be to stand in for a recalled one',
  },
  sandbox: {
    allowed: SANDBOX_CHOICES.join(' | '),
    about:
      'the tutor without bubblewrap: none runs programs unconfined, as you (asked once; `test` and --auto still need SIMCOACH_SANDBOX=none)',
  },
  ...Object.fromEntries(
    budgetEntries().map(({ key, flow, budget }) => [
      key,
      { allowed: allowedOf(budget), about: `${flow.title}: ${budget.doc}` },
    ]),
  ),
  'budgets.maxCalls': {
    allowed: 'a positive integer (unset: no cap)',
    about: 'stop a session after this many model calls',
  },
  'budgets.maxTokens': {
    allowed: 'a positive integer (unset: no cap)',
    about: 'stop a session after this many tokens',
  },
};

/**
 * OLLAMA_HOST as Ollama's own CLI reads it: "host", "host:port", ":port", "http://host[:port]";
 * no port means 11434 (80/443 when a scheme is given); 0.0.0.0 (a bind address) means this machine.
 */
export function normaliseOllamaHost(value: string | undefined): string {
  return parseOllamaHost(value) ?? 'http://127.0.0.1:11434';
}

/**
 * The URL a host setting names, or undefined when it names none ("::x", "box:99999").
 * The environment falls back to the default as Ollama does; a value a person types now
 * (`--host`, `config set ollamaHost`) is refused instead, so a typo never points elsewhere silently.
 */
export function parseOllamaHost(value: string | undefined): string | undefined {
  const fallback = 'http://127.0.0.1:11434';
  const s = (value ?? '').trim();
  if (!s) return fallback;
  const cut = s.indexOf('://');
  let scheme = 'http';
  let rest = s;
  let port = '11434';
  if (cut >= 0) {
    scheme = s.slice(0, cut).toLowerCase();
    rest = s.slice(cut + 3);
    if (scheme === 'https') port = '443';
    else if (scheme === 'http') port = '80';
  }
  const slash = rest.indexOf('/');
  const path = slash >= 0 ? rest.slice(slash).replace(/\/+$/, '') : '';
  const hostport = slash >= 0 ? rest.slice(0, slash) : rest;
  const m = /^(\[[^\]]+\]|[^:]*)(?::(\d*))?$/.exec(hostport);
  if (!m) return undefined;
  let host = m[1] ?? '';
  if (m[2] !== undefined) {
    if (m[2] === '' || Number(m[2]) > 65535) return undefined;
    port = m[2];
  }
  if (host === '' || host === '0.0.0.0' || host === '[::]') host = '127.0.0.1';
  return `${scheme}://${host}:${port}${path}`;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The settings file as stored (only what someone set), or {} when there is none. */
export function readStored(): Tree {
  const stored = readStoredFile();
  if ('tree' in stored) return stored.tree;
  if ('unreadable' in stored)
    throw new UserError(`cannot read the settings file ${settingsPath()}: ${stored.unreadable.message}`);
  throw corrupt(settingsPath(), stored.damaged);
}

const corrupt = (path: string, why: string): UserError =>
  new UserError(
    `the settings file ${path} is damaged: ${why}`,
    EXIT.failed,
    `Fix it by hand, or remove it to start from the defaults: rm '${path}'`,
  );

/** Defaults that come from the environment, as the tools they name read them. */
function fromEnv(): Tree {
  const env = process.env;
  const out: Tree = {};
  if (env.OLLAMA_HOST?.trim()) out.ollamaHost = normaliseOllamaHost(env.OLLAMA_HOST);
  if (env.OPENAI_BASE_URL?.trim()) out.openaiBaseUrl = env.OPENAI_BASE_URL.trim();
  return out;
}

function deepMerge(...layers: Tree[]): Tree {
  const out: Tree = {};
  for (const layer of layers) {
    for (const [k, v] of Object.entries(layer)) {
      if (v === undefined) continue;
      out[k] = isTree(v) && isTree(out[k]) ? deepMerge(out[k] as Tree, v) : v;
    }
  }
  return out;
}

/** The KEY_DOCS entry of a key: `stageModels.plan` is documented as `stageModels.<stage>`, `flags.cpp` as `flags.<lang>`. */
const stageKeyDoc = (key: string): string => {
  const head = key.split('.')[0] ?? '';
  if (!key.includes('.')) return key;
  if (PER_STAGE.includes(head)) return `${head}.<stage>`;
  return PER_LANG.includes(head) ? `${head}.<lang>` : key;
};

/** A person's name for the first problem zod found: the dotted key, the value, what is allowed. */
function explain(error: z.core.$ZodError, tree: Tree): { key: string; text: string } {
  const issue = error.issues[0];
  const key = (issue?.path ?? []).map(String).join('.');
  const docKey = stageKeyDoc(key);
  const allowed = KEY_DOCS[docKey]?.allowed;
  const value = getPath(tree, key);
  const shown = value === undefined ? '' : ` '${String(value)}'`;
  const why = allowed ? `allowed: ${allowed}` : (issue?.message ?? 'invalid');
  return { key, text: `bad value${shown} for ${key || 'settings'} (${why})` };
}

function validate(tree: Tree, source: string | ((key: string) => string), exitCode: number = EXIT.failed): Settings {
  const result = settingsSchema.safeParse(tree);
  if (result.success) return result.data;
  const { key, text } = explain(result.error, tree);
  const where = typeof source === 'string' ? source : source(key);
  // Only suggest what can be run as printed: a group (stageModels, budgets.codesim) cannot be set from text.
  const hint = isSettable(key)
    ? `Change it with \`simcoach config set ${key} VALUE\` or \`simcoach config unset ${key}\`.`
    : `Remove it with \`simcoach config unset ${key}\`.`;
  throw new UserError(`${text} in ${where}`, exitCode, hint);
}

/** Effective settings: defaults, environment, the settings file, then `overrides` (one run's flags). */
export function loadSettings(overrides: Tree = {}): Settings {
  const stored = readStored();
  const env = fromEnv();
  const origin = (key: string): string => {
    const variable = KEY_DOCS[key]?.env;
    return getPath(stored, key) === undefined && getPath(env, key) !== undefined && variable
      ? `the environment (${variable})`
      : `the settings file ${settingsPath()}`;
  };
  const fileSettings = validate(deepMerge(env, stored), origin);
  const tree = deepMerge(fileSettings as Tree, overrides);
  // The key from the environment wins over a stored one, so a rotated key needs no config edit.
  const envKey = process.env.OPENAI_API_KEY?.trim();
  if (envKey) tree.openaiApiKey = envKey;
  const settings = validate(tree, 'the flags', EXIT.usage);
  // Every build of this run compiles as the settings say (a command's --flags go over them).
  chooseToolchains(toolchainChoices(settings));
  return settings;
}

export interface SettingFlags {
  backend?: string;
  host?: string;
  'base-url'?: string;
  model?: string;
  flow?: string;
  lang?: string;
  answers?: string;
  approval?: string;
}

function hostFlag(value: string): string {
  const url = parseOllamaHost(value);
  if (url === undefined)
    throw new UsageError(`--host takes ${KEY_DOCS.ollamaHost?.allowed ?? 'a URL'}, not '${value}'`);
  return url;
}

/** Settings with `--backend --host --base-url --model --flow --lang --answers --approval` applied for this run. */
export function resolveSettings(flags: SettingFlags): Settings {
  const checkEnum = (flag: string, value: string | undefined, allowed: readonly string[]): string | undefined => {
    if (value !== undefined && !allowed.includes(value)) {
      throw new UsageError(`--${flag} takes ${allowed.join(' | ')}, not '${value}'`);
    }
    return value;
  };
  const overrides: Tree = {
    backend: checkEnum('backend', flags.backend, BACKENDS),
    flow:
      flags.flow === undefined || isFlowName(flags.flow)
        ? flags.flow
        : (() => {
            throw unknownFlow(flags.flow);
          })(),
    lang: flags.lang === undefined ? undefined : (langFromName(flags.lang) ?? checkEnum('lang', flags.lang, langIds)),
    answers: checkEnum('answers', flags.answers, ANSWER_FORMS),
    approval: checkEnum('approval', flags.approval, APPROVAL_MODES),
    ollamaHost: flags.host === undefined ? undefined : hostFlag(flags.host),
    openaiBaseUrl: flags['base-url'],
    model: flags.model,
  };
  if (flags['base-url'] !== undefined && !httpUrl.safeParse(flags['base-url']).success) {
    throw new UsageError(`--base-url takes an http(s) URL, not '${flags['base-url']}'`);
  }
  return loadSettings(overrides);
}

/** The model a stage uses: its override, else the main model. */
export const modelFor = (s: Settings, stage: string): string => s.stageModels[stage] ?? s.model;

// ---------------------------------------------------------------------------------------------
// The `config` command's operations

function getPath(tree: Tree, key: string): unknown {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node;
}

function setPath(tree: Tree, key: string, value: unknown): Tree {
  const parts = key.split('.');
  const copy = structuredClone(tree);
  let node = copy;
  for (const part of parts.slice(0, -1)) {
    if (!isTree(node[part])) node[part] = {};
    node = node[part] as Tree;
  }
  const last = parts[parts.length - 1] ?? '';
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Whether `key` names one setting that `config set` takes. */
function isSettable(key: string): boolean {
  if (key in KEY_DOCS) return true;
  const [head, sub, ...more] = key.split('.');
  if (!sub || more.length > 0) return false;
  if (PER_LANG.includes(head ?? '')) return (compiledLangIds as string[]).includes(sub);
  return PER_STAGE.includes(head ?? '') && stageName.test(sub);
}

/** Whether `key` names a group of settings (stageModels, budgets, budgets.codesim, flags). */
const isGroup = (key: string): boolean =>
  [...PER_STAGE, ...PER_LANG].includes(key) || Object.keys(KEY_DOCS).some((k) => k.startsWith(`${key}.`));

/** Throws a UserError unless `key` names a setting. */
export function checkKey(key: string): void {
  if (isSettable(key)) return;
  const known = Object.keys(KEY_DOCS);
  throw new UserError(`unknown setting '${key}'${meanText(key, known)}`, EXIT.usage, `Settings: ${known.join(', ')}.`);
}

/** A value typed from text: "5" → 5, "true" → true, else the text (whichever the key accepts). */
function candidates(raw: Json): Json[] {
  if (typeof raw !== 'string') return [raw];
  const t = raw.trim();
  const out: Json[] = [];
  if (t !== '' && Number.isFinite(Number(t))) out.push(Number(t));
  if (t === 'true' || t === 'false') out.push(t === 'true');
  out.push(t);
  return out;
}

function normaliseFor(key: string, value: Json): Json {
  // Unparseable text stays as typed so validation refuses it with the key's allowed values.
  return key === 'ollamaHost' && typeof value === 'string' ? (parseOllamaHost(value) ?? value) : value;
}

/** The value `key` would store for `raw`, validated against the whole settings; throws a UserError naming the key. */
export function typedValue(key: string, raw: Json): Json {
  checkKey(key);
  const base = deepMerge(fromEnv(), readStored());
  for (const candidate of candidates(raw)) {
    const value = normaliseFor(key, candidate);
    const tree = setPath(base, key, value);
    const result = settingsSchema.safeParse(tree);
    if (result.success) return value;
    const problem = explain(result.error, tree);
    // Another key already wrong in the file: say so rather than blame this value.
    if (problem.key !== key) validate(tree, `the settings file ${settingsPath()}`);
  }
  const allowed = KEY_DOCS[stageKeyDoc(key)]?.allowed ?? 'see `simcoach config list`';
  throw new UserError(`bad value '${String(raw)}' for ${key} (allowed: ${allowed})`);
}

async function store(): Promise<{ set(key: string, value: unknown): void; delete(key: string): void }> {
  // conf would carry what an untrusted file holds into the new file it writes as ours.
  const why = settingsDistrust();
  if (why)
    throw new UserError(
      `not changing the settings file ${settingsPath()}: ${why}`,
      EXIT.failed,
      `Remove it, or make it yours and writable by you alone: rm '${settingsPath()}'`,
    );
  // Loaded only to write: reading needs none of it.
  const { default: Conf } = await import('conf');
  return new Conf<Record<string, unknown>>({
    projectName: 'simcoach',
    projectSuffix: '',
    cwd: configDir(),
    configName: 'config',
    // The file may hold an API key: readable by its owner only.
    configFileMode: 0o600,
    // An empty file is empty settings, as `readStored` reads it.
    deserialize: (text: string) => (text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>)),
  });
}

/** Stores one setting (text or typed) after validating it; returns the value stored. */
export async function setSetting(key: string, raw: Json): Promise<Json> {
  const value = typedValue(key, raw);
  (await store()).set(key, value);
  return value;
}

/**
 * Removes a stored setting (or a whole group, or whatever a damaged file holds under a key a
 * message named) so its default applies again. Returns whether the file held it.
 */
export async function unsetSetting(key: string): Promise<boolean> {
  const stored = readStored();
  if (getPath(stored, key) === undefined) {
    if (!isGroup(key)) checkKey(key);
    return false;
  }
  (await store()).delete(key);
  return true;
}

export type SettingSource = 'default' | 'env' | 'file';

export interface SettingRow {
  key: string;
  value: unknown;
  source: SettingSource;
  secret: boolean;
}

/** The effective value of one setting. */
export function getSetting(key: string): unknown {
  // A group ("budgets", "budgets.codesim", "stageModels") reads as its whole object.
  if (!isGroup(key)) checkKey(key);
  return getPath(loadSettings() as Tree, key);
}

const flatten = (tree: Tree, prefix = ''): [string, unknown][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    isTree(v) && Object.keys(v).length > 0 ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]],
  );

/** Every setting with its effective value and where it came from. */
export function listSettings(): SettingRow[] {
  const settings = loadSettings() as Tree;
  const stored = readStored();
  const env = fromEnv();
  const keys = new Set<string>([
    ...Object.keys(KEY_DOCS).filter((k) => !k.includes('<')),
    ...flatten(settings).map(([k]) => k),
  ]);
  for (const group of [...PER_STAGE, ...PER_LANG]) keys.delete(group);
  return [...keys].map((key) => {
    const fromEnvKey = key === 'openaiApiKey' && Boolean(process.env.OPENAI_API_KEY?.trim());
    const source: SettingSource = fromEnvKey
      ? 'env'
      : getPath(stored, key) !== undefined
        ? 'file'
        : getPath(env, key) !== undefined
          ? 'env'
          : 'default';
    return { key, value: getPath(settings, key), source, secret: Boolean(KEY_DOCS[key]?.secret) };
  });
}

/** A secret shown without giving it away: its first and last characters only. */
export function mask(value: string): string {
  return value.length <= 8 ? '••••' : `${value.slice(0, 3)}…${value.slice(-4)}`;
}
