// `simcoach demo [NAME] [--speed N] [--branch B] [--check]`: replay a session recorded against a scripted model and
// shipped with simcoach (fixtures/sessions). It needs no model server and runs no program.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError, UserError } from '../system/errors.js';
import { fixturesDir } from '../problems/fixtures.js';
import { Timeline } from '../session/timeline.js';
import { checkReplay, parseReplay, preloadScreen, replayTimeline } from './replay.js';

/** The recorded demo sessions shipped beside the built-in problems. */
export function demoFiles(): string[] {
  const dir = join(dirname(fixturesDir()), 'sessions');
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort();
  } catch {
    names = [];
  }
  if (names.length === 0)
    throw new UserError(`the demo sessions are missing from this installation (looked in ${dir})`);
  return names.map((n) => join(dir, n));
}

/** The demo shown when none is named: a person at the gate, the tutor's own way of working. */
const FIRST_DEMO = 'pair-sum-person';

/** The demo a name (or the start of one) picks; without one, FIRST_DEMO (else the first by name). */
export function pickDemo(name?: string): string {
  const files = demoFiles();
  const base = (f: string): string => f.slice(f.lastIndexOf('/') + 1, -'.jsonl'.length);
  if (name === undefined) return files.find((f) => base(f) === FIRST_DEMO) ?? files[0]!;
  const hit = files.filter((f) => base(f).startsWith(name));
  if (hit.length === 1) return hit[0]!;
  throw new UsageError(
    `demo: ${hit.length ? `'${name}' matches several demos` : `no demo named '${name}'`}; there are ${files.map(base).join(', ')}`,
  );
}

export async function run(argv: string[]): Promise<number> {
  const a = parseReplay(argv, 'demo');
  if (!a.check) preloadScreen();
  const tl = await Timeline.open(pickDemo(a.ref));
  return a.check ? checkReplay(tl, a.branch) : replayTimeline(tl, a);
}
