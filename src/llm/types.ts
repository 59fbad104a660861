export type Role = 'system' | 'user' | 'assistant';

export interface ChatMessage {
  role: Role;
  content: string;
}

/** A JSON Schema object (as produced by `z.toJSONSchema`). */
export type JsonSchema = Record<string, unknown>;

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Ask for a structured answer that follows this schema (Ollama `format`, OpenAI `json_schema`). */
  schema?: { name: string; schema: JsonSchema };
  temperature?: number;
  topP?: number;
  /** Penalty on tokens by how often they already appeared (Ollama `frequency_penalty`, OpenAI `frequency_penalty`). */
  frequencyPenalty?: number;
  seed?: number;
  /** Context window (Ollama `num_ctx`). */
  numCtx?: number;
  /** Longest answer in tokens (Ollama `num_predict`, OpenAI `max_tokens`); cut here too if the server ignores it. */
  maxTokens?: number;
  /** How long Ollama keeps the model loaded after the call (e.g. "30m"). */
  keepAlive?: string;
  signal?: AbortSignal;
  /** Each piece of streamed text as it arrives. */
  onChunk?: (text: string) => void;
}

/** A stage's own sampling, as its method's code sets it (the person's settings win). */
export interface Sampling {
  temperature?: number;
  frequencyPenalty?: number;
}

export interface ChatResult {
  text: string;
  model: string;
  /** Prompt tokens sent (the whole prompt). */
  promptTokens: number;
  /** Prompt tokens the server really evaluated (fewer when its prompt cache reused a prefix). */
  promptTokensEvaluated: number;
  completionTokens: number;
  durationMs: number;
  /** Why the answer ended ("stop", "length"…); "length" too when simcoach cut it at `maxTokens`. */
  doneReason?: string;
  /** Whether promptTokens came from the server or was estimated from the characters sent. */
  promptTokensSource?: 'server' | 'estimate';
}

export interface ModelInfo {
  name: string;
  sizeBytes: number;
  parameterSize?: string;
  quantization?: string;
  family?: string;
  modifiedAt?: string;
}

export interface ModelDetails extends ModelInfo {
  contextLength?: number;
  template?: string;
}

export interface PullProgress {
  status: string;
  digest?: string;
  completed?: number;
  total?: number;
}

export type BackendKind = 'ollama' | 'openai' | 'replay' | 'off';

/** The one face every model backend shows the rest of the program. */
export interface Backend {
  readonly kind: BackendKind;
  /** Where it talks to, for messages ("http://127.0.0.1:11434"). */
  readonly where: string;
  chat(request: ChatRequest): Promise<ChatResult>;
  list(signal?: AbortSignal): Promise<ModelInfo[]>;
  show(name: string, signal?: AbortSignal): Promise<ModelDetails>;
  pull(name: string, onProgress: (p: PullProgress) => void, signal?: AbortSignal): Promise<void>;
  /** One vector per text from an embedding model (the archive's similarity). */
  embed?(model: string, texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export type LlmErrorCode =
  | 'server-down'
  | 'model-missing'
  | 'dropped'
  | 'stalled'
  | 'unauthorized'
  | 'rate-limited'
  | 'bad-answer'
  | 'aborted'
  | 'http'
  /** The model is switched off (a contest runs): nothing was sent. */
  | 'model-off';
