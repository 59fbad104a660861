// The door to the model backends. The backend modules (and the `ollama` / `openai` packages
// behind them) are imported only when a backend is created, so commands that need no model —
// and `probeBackend`, which uses plain fetch — do not pay for loading them.
import type { Settings } from '../config.js';
import type { Backend, ChatRequest } from './types.js';

export type BackendSettings = Pick<Settings, 'backend' | 'ollamaHost' | 'openaiBaseUrl' | 'openaiApiKey' | 'stallSeconds'>;

export async function createBackend(settings: BackendSettings): Promise<Backend> {
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

/**
 * The request fields every call of one stage takes from the settings (its model and its answer
 * cap included); `stageTokens` is the stage's own default cap (its agent's).
 */
export function requestDefaults(
  settings: Pick<Settings, 'model' | 'stageModels' | 'temperature' | 'topP' | 'seed' | 'numCtx' | 'keepAlive'> & { answerTokens?: Settings['answerTokens'] },
  stage?: string,
  stageTokens?: number,
): Pick<ChatRequest, 'model' | 'temperature' | 'topP' | 'seed' | 'numCtx' | 'keepAlive' | 'maxTokens'> {
  return {
    model: (stage && settings.stageModels[stage]) || settings.model,
    maxTokens: (stage ? settings.answerTokens?.[stage] : undefined) ?? stageTokens ?? DEFAULT_ANSWER_TOKENS,
    temperature: settings.temperature,
    topP: settings.topP,
    numCtx: settings.numCtx,
    keepAlive: settings.keepAlive,
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
  };
}

/** Where the configured backend lives, for messages. */
export const backendWhere = (s: Pick<Settings, 'backend' | 'ollamaHost' | 'openaiBaseUrl'>): string =>
  (s.backend === 'openai' ? s.openaiBaseUrl : s.ollamaHost).replace(/\/+$/, '');

export { probeBackend, type ProbeResult } from './probe.js';
export { LlmError, isLlmError } from './errors.js';
export type * from './types.js';
