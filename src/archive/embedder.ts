// Vectors from the model server's embedding endpoint, in batches. A server that does not answer
// (down, no such model) is not an error for the archive: it says so once and goes on by full text.
import type { Backend } from '../llm/types.js';
import { messageOf } from '../system/errors.js';

/** An embedding: a server's numbers as parsed, or a typed array. */
export type Vector = ArrayLike<number>;

export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Vector[]>;
}

/** Texts per request: long statements, and a server that answers each request in one go. */
export const EMBED_BATCH = 32;
/** The part of a text that is embedded: embedding models read a few thousand tokens at most. */
const EMBED_CHARS = 6000;

export function embedderOf(backend: Backend, model: string | undefined): Embedder | undefined {
  if (!model || !backend.embed) return undefined;
  const embed = backend.embed.bind(backend);
  return {
    model,
    async embed(texts, signal) {
      const out: Vector[] = [];
      for (let i = 0; i < texts.length; i += EMBED_BATCH) {
        const batch = texts.slice(i, i + EMBED_BATCH).map((t) => t.slice(0, EMBED_CHARS));
        const vectors = await embed(model, batch, signal);
        if (vectors.length !== batch.length)
          throw new Error(`the server gave ${vectors.length} vectors for ${batch.length} texts`);
        out.push(...vectors);
      }
      return out;
    },
  };
}

/** The one line said when embeddings are wanted but the server gives none. */
export const fallbackLine = (model: string, err: unknown): string =>
  `no embeddings from ${model} (${messageOf(err).split('\n')[0]}): similarity by full text only`;
