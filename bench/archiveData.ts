// Synthetic problems for the archive at scale, made deterministically from the APPS statements in
// ../shared/datasets/apps150: each is one statement's sentences, shuffled, mixed with a sentence
// of another, about a quarter of its words swapped for words drawn from all the statements (so
// the words keep their real frequencies) and cut to 120-200 words. A reworded copy swaps another
// quarter and shuffles again, as a person's copy of a problem from another site would read.
// Vectors are of a real embedding model's length (768), from the words (hashed into signed
// buckets), so texts that share words point the same way. Used by `npm run bench -- archive` and
// by test/archive/scale.test.ts.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const APPS_PROBLEMS = resolve(process.cwd(), '../shared/datasets/apps150/problems.jsonl');
export const DIMS = 768;

const TAGS = [
  'dp',
  'greedy',
  'graphs',
  'math',
  'strings',
  'sortings',
  'implementation',
  'brute force',
  'trees',
  'number theory',
  'geometry',
  'binary search',
];

export interface Synthetic {
  id: string;
  description: string;
  tags: string[];
  difficulty: string;
}

/** A small seeded generator (mulberry32): the same seed gives the same problems on any machine. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Corpus {
  statements: string[][];
  /** Every word of every statement, repeats kept: a draw follows the words' real frequencies. */
  words: string[];
}

let corpus: Corpus | undefined;

/** The APPS statements, each as its sentences (the file's path can be given for a test). */
export function loadCorpus(file = APPS_PROBLEMS): Corpus {
  if (corpus) return corpus;
  const seen = new Set<string>();
  const statements: string[][] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const v = JSON.parse(line) as { id: string; description: string };
    if (seen.has(v.id)) continue;
    seen.add(v.id);
    const sentences = v.description
      .replace(/\s+/g, ' ')
      .split(/(?<=[.!?])\s+/)
      .filter((s) => /[a-z]/i.test(s));
    if (sentences.length > 0) statements.push(sentences);
  }
  corpus = {
    statements,
    words: statements
      .flat()
      .join(' ')
      .split(' ')
      .filter((w) => /^[a-z]+$/i.test(w)),
  };
  return corpus;
}

const pick = <T>(r: () => number, xs: T[]): T => xs[Math.floor(r() * xs.length)]!;

function shuffle<T>(r: () => number, xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Each word swapped for a drawn one with this chance. */
function swapWords(r: () => number, c: Corpus, sentence: string, share: number): string {
  return sentence
    .split(' ')
    .map((w) => (r() < share ? pick(r, c.words) : w))
    .join(' ');
}

/** Sentences until 120 words, at most 200. */
function cut(sentences: string[]): string {
  const out: string[] = [];
  let n = 0;
  for (const s of sentences) {
    out.push(s);
    n += s.split(' ').length;
    if (n >= 120) break;
  }
  return out.join(' ').split(' ').slice(0, 200).join(' ');
}

/** Problem i of the synthetic set. */
export function synthetic(i: number): Synthetic {
  const c = loadCorpus();
  const r = rng(i + 1);
  const base = c.statements[i % c.statements.length]!;
  const other = pick(r, c.statements);
  const sentences = shuffle(r, [...base, pick(r, other)]).map((s) => swapWords(r, c, s, 0.25));
  const title = `${pick(r, c.words)} ${pick(r, c.words)} ${i}`;
  return {
    id: `s${i}`,
    description: `${title}\n\n${cut(sentences)}`,
    tags: [pick(r, TAGS), pick(r, TAGS)].filter((t, j, a) => a.indexOf(t) === j),
    difficulty: pick(r, ['introductory', 'interview', 'competition']),
  };
}

/** A reworded copy of a problem's statement: a quarter of its words swapped, its sentences shuffled. */
export function reworded(p: Synthetic, seed: number): string {
  const c = loadCorpus();
  const r = rng(seed * 7919 + 17);
  const [title, ...rest] = p.description.split('\n\n');
  const sentences = rest.join(' ').split(/(?<=[.!?])\s+/);
  return `${title}\n\n${shuffle(r, sentences)
    .map((s) => swapWords(r, c, s, 0.25))
    .join(' ')}`;
}

/** A line of an APPS-style .jsonl set (no tests: the archive never reads them). */
export const jsonLine = (p: Synthetic): string =>
  JSON.stringify({
    id: p.id,
    difficulty: p.difficulty,
    description: p.description,
    tags: p.tags,
    samples: [],
    tests: [],
  });

/** FNV-1a's offset basis and prime: a word's hash is cheap, and the same on any machine. */
const FNV_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Whether a UTF-16 code is one of [a-z0-9] (the words of a lower-cased text). */
const wordCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);

/**
 * A stand-in embedding of a text: its words ([a-z0-9]+ of the lower-cased text) FNV-1a hashed
 * into signed buckets, of length 1. One pass over the codes, each word hashed as it is read:
 * with a regex's array of words it was a tenth of the 20k build's main thread in bench archive,
 * a cost of the stand-in, not of the archive.
 */
export function fakeVector(text: string, dims = DIMS, out = new Float32Array(dims)): Float32Array {
  out.fill(0);
  const lower = text.toLowerCase();
  let h = FNV_BASIS;
  let inWord = false;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 0;
    if (wordCode(c)) {
      h = Math.imul(h ^ c, FNV_PRIME);
      inWord = true;
    } else if (inWord) {
      const u = h >>> 0;
      out[u % dims]! += u & 0x80000000 ? 1 : -1;
      h = FNV_BASIS;
      inWord = false;
    }
  }
  let n = 0;
  for (let d = 0; d < dims; d++) n += out[d]! * out[d]!;
  n = Math.sqrt(n) || 1;
  for (let d = 0; d < dims; d++) out[d]! /= n;
  return out;
}
