// The stand-in embedding model of the fake servers: a deterministic vector from the text (its
// words hashed into a fixed number of signed buckets, then scaled to length 1), so texts that
// share words point the same way, as a real embedding model's vectors roughly do. Only the model
// is a stand-in: the requests and answers are the real protocols' (Ollama /api/embed, OpenAI
// /v1/embeddings).
import { createHash } from 'node:crypto';

export const FAKE_EMBED_DIMS = 64;

const words = (text: string): string[] =>
  (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length > 2)
    .map((w) => w.replace(/(ing|ed|es|s)$/, ''));

export function fakeEmbedding(text: string, dims = FAKE_EMBED_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const w of words(text)) {
    const h = createHash('sha256').update(w).digest();
    v[h.readUInt16BE(0) % dims]! += h[2]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The texts of an embedding request: one string or a list (both APIs take either). */
export const inputsOf = (input: unknown): string[] =>
  Array.isArray(input) ? input.map(String) : [String(input ?? '')];
