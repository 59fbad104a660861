// One problem as the archive holds it: the text it is found by (title, statement, input and output
// specs, tags — never a test, so no hidden test can leak through a recalled problem) and what the
// person made of it (an accepted program, its plan, the session that produced them).
import { createHash } from 'node:crypto';
import { needsStatement, withoutPlaceholders } from '../problems/statement/place.js';
import type { Problem } from '../problems/types.js';
import type { Program } from '../runners/build/types.js';

export interface Solution {
  program: Program;
  /** The plan the session went on with last, when it had one (a practice session may have none). */
  plan: string;
  /** The session's id and when it was accepted. */
  session: string;
  createdAt: string;
}

export interface ArchiveEntry {
  /** Unique in the archive: the problem id, or SET:ID for a set added by hand. */
  key: string;
  /** The problem's own id, as sessions and `solve` name it. */
  pid: string;
  title: string;
  text: string;
  tags: string[];
  difficulty: string;
  /** Where it came from: built-in, saved (listen), a session, or the path of an added set. */
  set: string;
  /** What loads it again: a bare id, or SET:ID. */
  ref: string;
  solution?: Solution;
}

/**
 * A problem's searchable text: everything a reader sees of it but its tests and the notes simcoach
 * wrote in place of a statement ("The statement is on the contest page" made unrelated problems
 * 0.85 alike): a problem with none is found by its title and tags alone.
 */
export function problemText(p: Pick<Problem, 'title' | 'statement' | 'inputSpec' | 'outputSpec'>): string {
  // Its input and output sections are parts of the statement: with none, they are none either
  // (a Companion save's sample fences read as an "input" section).
  if (needsStatement(p)) return '';
  return [withoutPlaceholders(p.statement), p.inputSpec ?? '', p.outputSpec ?? '']
    .filter((s) => s.trim() !== '')
    .join('\n\n');
}

export function entryOf(p: Problem, set: string, ref: string, key: string): ArchiveEntry {
  return {
    key,
    pid: p.id,
    title: p.title,
    text: problemText(p),
    tags: [...p.tags],
    difficulty: [p.difficulty, p.rating].filter((x) => x !== undefined).join(' '),
    set,
    ref,
  };
}

/** What an entry's document depends on: a new hash means it is indexed (and embedded) again. */
export const entryHash = (e: ArchiveEntry, embedModel: string | undefined): string =>
  createHash('sha256')
    .update(JSON.stringify([e.title, e.text, e.tags, e.difficulty, e.set, e.ref, e.solution ?? null, embedModel ?? '']))
    .digest('hex')
    .slice(0, 16);
