// Every answer has a length cap: the server is asked for it (Ollama `num_predict`, OpenAI
// `max_tokens`), and a stream that goes on anyway (a server that ignores the option, a model
// repeating itself) is cut here, so memory, the journal and the next request stay bounded.

/** An answer is cut when it is this many characters per token of its cap long: a server honouring the cap stops well before. */
const CHARS_PER_TOKEN = 8;

/** The most characters of answer a request with this token cap keeps. */
export const answerCharCap = (maxTokens: number | undefined): number =>
  maxTokens === undefined ? Infinity : maxTokens * CHARS_PER_TOKEN;

/** Appends `piece` to an answer of `length` characters without passing `cap`: what fits. */
export const fitting = (piece: string, length: number, cap: number): string =>
  length + piece.length <= cap ? piece : piece.slice(0, Math.max(0, cap - length));
