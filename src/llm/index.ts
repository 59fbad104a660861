// The door to the model backends. The backend modules (and the `ollama` / `openai` packages
// behind them) are imported only when a backend is created, so commands that need no model —
// and `probeBackend`, which uses plain fetch — do not pay for loading them.
import type { BaseSettings } from '../settings/schema.js';
import type { Backend, ChatRequest, Sampling } from './types.js';

export type BackendSettings = Pick<
  BaseSettings,
  'backend' | 'ollamaHost' | 'openaiBaseUrl' | 'openaiApiKey' | 'stallSeconds'
>;

export async function createBackend(settings: BackendSettings): Promise<Backend> {
  // A running contest switches the model off for every command, whatever the settings say.
  const { modelOffNow, offBackend } = await import('./off.js');
  const off = modelOffNow();
  if (off !== undefined) return offBackend(off);
  if (settings.backend === 'openai') {
    const { OpenAIBackend } = await import('./openai.js');
    return new OpenAIBackend({
      baseUrl: settings.openaiBaseUrl,
      stallSeconds: settings.stallSeconds,
      ...(settings.openaiApiKey ? { apiKey: settings.openaiApiKey } : {}),
    });
  }
  const { OllamaBackend } = await import('./ollama.js');
  return new OllamaBackend({ host: settings.ollamaHost, stallSeconds: settings.stallSeconds });
}

/** An answer's length cap in tokens when neither the settings nor the stage's agent names one. */
export const DEFAULT_ANSWER_TOKENS = 8192;

/** The temperature of a stage whose method sets none, when the person sets none either. */
export const DEFAULT_TEMPERATURE = 0;

/** The fewest answer tokens a request asks for, even when its prompt fills the context. */
export const MIN_ANSWER_TOKENS = 16;

/**
 * The request fields every call of one stage takes from the settings (its model and its answer
 * cap included); `stageTokens` is the stage's own default cap (its agent's, as its method's
 * authors set it), `sampling` its method's own sampling, which a temperature or penalty the
 * person set overrides. With `promptTokens`, the cap is no more than the context (`numCtx`) leaves
 * after the prompt: a larger one only lets the server cut the prompt to make room.
 */
export function requestDefaults(
  settings: Pick<BaseSettings, 'model' | 'stageModels' | 'temperature' | 'topP' | 'seed' | 'numCtx' | 'keepAlive'> & {
    answerTokens?: BaseSettings['answerTokens'];
    frequencyPenalty?: number | undefined;
  },
  stage?: string,
  stageTokens?: number,
  sampling?: Sampling,
  promptTokens?: number,
): Pick<
  ChatRequest,
  'model' | 'temperature' | 'frequencyPenalty' | 'topP' | 'seed' | 'numCtx' | 'keepAlive' | 'maxTokens'
> {
  const penalty = settings.frequencyPenalty ?? sampling?.frequencyPenalty;
  const wanted = (stage ? settings.answerTokens?.[stage] : undefined) ?? stageTokens ?? DEFAULT_ANSWER_TOKENS;
  const room = promptTokens === undefined ? wanted : Math.max(MIN_ANSWER_TOKENS, settings.numCtx - promptTokens);
  return {
    model: (stage && settings.stageModels[stage]) || settings.model,
    maxTokens: Math.min(wanted, room),
    temperature: settings.temperature ?? sampling?.temperature ?? DEFAULT_TEMPERATURE,
    ...(penalty !== undefined ? { frequencyPenalty: penalty } : {}),
    topP: settings.topP,
    numCtx: settings.numCtx,
    keepAlive: settings.keepAlive,
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
  };
}

/** Where the configured backend lives, for messages. */
export const backendWhere = (s: Pick<BaseSettings, 'backend' | 'ollamaHost' | 'openaiBaseUrl'>): string =>
  (s.backend === 'openai' ? s.openaiBaseUrl : s.ollamaHost).replace(/\/+$/, '');

export { probeBackend, type ProbeResult } from './probe.js';
export { LlmError, isLlmError } from './errors.js';
export type * from './types.js';
