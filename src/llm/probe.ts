// "Is a model server there, and does it have the model?" — asked with node:http and a short
// deadline, so the app's first frame and `doctor` never wait on a dead host or load a package
// (not even fetch's undici).
import type { BaseSettings } from '../settings/schema.js';
import { classify, modelMissing, notTheApi, serverDown, type FailureContext } from './classify.js';
import { LlmError } from './errors.js';
import { modelOffNow } from './off.js';
import { Exchange } from './watch.js';

export interface ProbeResult {
  /** A server answered (the model may still be missing). */
  ok: boolean;
  backend: BaseSettings['backend'];
  where: string;
  /** The model the settings name, and whether the server has it (unknown when it did not answer). */
  model: string;
  modelPresent?: boolean;
  /** Server version, when it tells (Ollama). */
  version?: string;
  models?: string[];
  /** What went wrong: server down, model missing, refused key… */
  error?: LlmError;
  ms: number;
}

/** The probe's deadline: `fallback`, unless SIMCOACH_PROBE_MS sets another (slow links, loaded CI machines). */
export function probeTimeoutMs(fallback: number): number {
  const n = Number(process.env.SIMCOACH_PROBE_MS);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export type ProbeSettings = Pick<BaseSettings, 'backend' | 'ollamaHost' | 'openaiBaseUrl' | 'openaiApiKey' | 'model'>;

/** Ollama treats "name" as "name:latest". */
const sameModel = (a: string, b: string): boolean => {
  const full = (n: string): string => (n.includes(':') ? n : `${n}:latest`);
  return full(a) === full(b);
};

export async function probeBackend(
  settings: ProbeSettings,
  opts: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  const started = Date.now();
  const timeoutMs = opts.timeoutMs ?? 1500;
  const off = modelOffNow(started);
  if (off !== undefined)
    return {
      ok: false,
      backend: settings.backend,
      where: 'nowhere (model off)',
      model: settings.model,
      error: new LlmError('model-off', off),
      ms: 0,
    };
  const ollama = settings.backend === 'ollama';
  const where = (ollama ? settings.ollamaHost : settings.openaiBaseUrl).replace(/\/+$/, '');
  const c: FailureContext = {
    backend: settings.backend,
    where,
    model: settings.model,
    stallSeconds: timeoutMs / 1000,
    action: 'probe',
  };
  const base = { backend: settings.backend, where, model: settings.model };
  const x = new Exchange(opts.signal, timeoutMs);
  try {
    const headers: Record<string, string> = {};
    if (!ollama && settings.openaiApiKey) headers.authorization = `Bearer ${settings.openaiApiKey}`;
    const get = async (path: string): Promise<unknown> => {
      const { status, body } = await x.getJson(`${where}${path}`, headers);
      if (status < 200 || status >= 300)
        throw Object.assign(new Error(errorText(body) ?? `HTTP ${status}`), { status });
      return body;
    };
    const listing = (await get(ollama ? '/api/tags' : '/models')) as { models?: unknown; data?: unknown } | undefined;
    if (!Array.isArray(ollama ? listing?.models : listing?.data)) {
      return { ...base, ok: false, error: notTheApi(c), ms: Date.now() - started };
    }
    const models = ollama
      ? namesOf(listing as { models?: { name?: string }[] })
      : idsOf(listing as { data?: { id?: string }[] });
    const version = ollama
      ? ((await get('/api/version').catch(() => undefined)) as { version?: string } | undefined)?.version
      : undefined;
    const modelPresent = models.some((m) => (ollama ? sameModel(m, settings.model) : m === settings.model));
    return {
      ...base,
      ok: true,
      models,
      modelPresent,
      ...(version ? { version } : {}),
      ...(modelPresent ? {} : { error: modelMissing(c) }),
      ms: Date.now() - started,
    };
  } catch (err) {
    const error = x.stalled
      ? serverDown(c, `no answer within ${(timeoutMs / 1000).toFixed(1)} s`)
      : classify(err, x, c);
    return { ...base, ok: false, error, ms: Date.now() - started };
  } finally {
    x.dispose();
  }
}

function errorText(body: unknown): string | undefined {
  const e = (body as { error?: unknown } | undefined)?.error;
  if (typeof e === 'string') return e;
  const m = (e as { message?: unknown } | undefined)?.message;
  return typeof m === 'string' ? m : undefined;
}

const namesOf = (b: { models?: { name?: string }[] } | undefined): string[] =>
  (b?.models ?? []).map((m) => m.name ?? '').filter(Boolean);

const idsOf = (b: { data?: { id?: string }[] } | undefined): string[] =>
  (b?.data ?? []).map((m) => m.id ?? '').filter(Boolean);
