// What to tell a person whose model server is not there (or lacks the model): what failed at
// which address, how to start or point at a server, how to use an OpenAI-compatible one instead,
// and what works meanwhile. Plain data, so the CLI prints it and the TUI renders it.
import type { BaseSettings } from '../settings/schema.js';
import { EXIT, UserError } from '../system/errors.js';
import { LlmError } from './errors.js';
import type { Guidance } from '../terminal/guidanceRows.js';

export { formatGuidance, type Guidance } from '../terminal/guidanceRows.js';

type GuidanceSettings = Pick<BaseSettings, 'backend' | 'ollamaHost' | 'openaiBaseUrl' | 'model'>;

const MEANWHILE = {
  title: 'Meanwhile, without a model:',
  lines: [
    'simcoach demo                      replay a recorded session',
    'simcoach problems                  browse the problem set',
    'simcoach test FILE --problem P     judge your own solution in the sandbox',
    'simcoach doctor                    check compilers and the sandbox',
  ],
};

function useOpenAI(s: GuidanceSettings): { title: string; lines: string[] } {
  return {
    title: 'Or use an OpenAI-compatible server (LM Studio, llama.cpp server, vLLM, OpenAI):',
    lines: [
      'simcoach config set backend openai',
      `simcoach config set openaiBaseUrl http://127.0.0.1:1234/v1    (or --base-url URL for one run)`,
      `simcoach config set model NAME                                (now ${s.model})`,
      'export OPENAI_API_KEY=…                                       (only if the server needs a key)',
    ],
  };
}

function startOllama(s: GuidanceSettings): { title: string; lines: string[] } {
  return {
    title: 'To use a local model with Ollama (https://ollama.com/download):',
    lines: [
      'ollama serve                           start the server',
      // A long model name keeps two spaces before what the line says (it ran into it).
      `${`ollama pull ${s.model}`.padEnd(37)}  get the model (or: simcoach models pull NAME)`,
      'simcoach --host http://HOST:11434      if Ollama runs elsewhere (or OLLAMA_HOST)',
    ],
  };
}

type Section = { title: string; lines: string[] };

/**
 * Failures of a server that did answer: telling the person to start one would send them the
 * wrong way, so each says what is likely and what to try instead.
 */
const ANSWERED: Partial<Record<LlmError['code'], (s: GuidanceSettings) => Section>> = {
  stalled: () => ({
    title: 'The server stopped sending; a model still loading or a busy machine can do that:',
    lines: [
      'simcoach config set stallSeconds 180     wait longer before giving up',
      'simcoach doctor                          check the server and the model',
    ],
  }),
  dropped: () => ({
    title: 'The server closed the connection mid-answer; it may have crashed or run out of memory:',
    lines: [
      'check the server log, then run the same command again',
      'simcoach config set numCtx 4096          a smaller context needs less memory',
    ],
  }),
  'rate-limited': () => ({
    title: 'The server is limiting requests:',
    lines: ['wait a minute, then run the same command again (or `simcoach resume` the session)'],
  }),
  http: (s) => ({
    title: 'The server answered with an error:',
    lines: [
      'check the server log',
      s.backend === 'ollama'
        ? 'simcoach config set ollamaHost URL       if that is not the right address'
        : 'simcoach config set openaiBaseUrl URL    if that is not the right address (it usually ends in /v1)',
      'simcoach doctor                          check the server and the model',
    ],
  }),
};

/**
 * The same in one short line for a status bar, where the person works on without the model
 * (practice): that it is off and the one command that brings it.
 */
export function offLine(s: GuidanceSettings, modelMissing: boolean): string {
  if (modelMissing) return `model ${s.model} missing: simcoach models pull ${s.model}`;
  return s.backend === 'ollama'
    ? 'model off: start it with ollama serve'
    : `model off: no server at ${s.openaiBaseUrl}`;
}

export function guidanceFor(s: GuidanceSettings, error: LlmError | undefined): Guidance {
  const headline =
    error?.message ?? `no model server answered at ${s.backend === 'ollama' ? s.ollamaHost : s.openaiBaseUrl}`;
  if (error?.code === 'model-missing') {
    const lines =
      s.backend === 'ollama'
        ? [
            `simcoach models pull ${s.model}       (or: ollama pull ${s.model})`,
            'simcoach models                        see what is installed',
            'simcoach --model NAME                  use another one for one run',
          ]
        : [
            'simcoach models                        see what the server serves',
            'simcoach config set model NAME         use one of those',
          ];
    return { headline, sections: [{ title: 'To get the model:', lines }, MEANWHILE] };
  }
  if (error?.code === 'unauthorized') {
    return {
      headline,
      sections: [
        {
          title: 'To give the key:',
          lines: [
            'export OPENAI_API_KEY=…',
            'simcoach config set openaiApiKey KEY     (stored in the settings file, mode 0600)',
          ],
        },
        MEANWHILE,
      ],
    };
  }
  const answered = error ? ANSWERED[error.code] : undefined;
  if (answered) return { headline, sections: [answered(s), MEANWHILE] };
  if (s.backend === 'openai') {
    return {
      headline,
      sections: [
        {
          title: 'Start your OpenAI-compatible server, or point simcoach at it:',
          lines: ['simcoach config set openaiBaseUrl URL   (or --base-url URL, or OPENAI_BASE_URL)'],
        },
        { title: 'Or go back to Ollama:', lines: ['simcoach config set backend ollama', 'ollama serve'] },
        MEANWHILE,
      ],
    };
  }
  return { headline, sections: [startOllama(s), useOpenAI(s), MEANWHILE] };
}

/**
 * A backend failure as the one-line error the CLI prints (exit 3), with the hint below it;
 * anything that is not an LlmError is passed through for the caller to rethrow.
 */
export function asUserError(err: unknown): unknown {
  if (!(err instanceof LlmError)) return err;
  if (err.code === 'aborted') return new UserError('cancelled', EXIT.interrupted);
  return new UserError(err.message, EXIT.backend, err.hint);
}
