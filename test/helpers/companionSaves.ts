// Problems saved as `listen` saves what Competitive Companion sends: a folder per contest, a
// statement-less markdown file per problem with its judge's URL (so its short id is known).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { CompanionPayload, companionPath, companionToMarkdown } from '../../src/problems/companion.js';
import { tempDir } from './tempDir.js';

/** A Companion payload of a Codeforces problem whose samples sum two numbers. */
export function sumPayload(contest: number, index: string, more: Record<string, unknown> = {}): CompanionPayload {
  return CompanionPayload.parse({
    name: `${index}. Sum ${contest}`,
    group: `Codeforces Round ${contest}`,
    url: `https://codeforces.com/contest/${contest}/problem/${index}`,
    interactive: false,
    memoryLimit: 256,
    timeLimit: 1000,
    tests: [{ input: '1 2\n', output: '3\n' }],
    testType: 'single',
    input: { type: 'stdin' },
    output: { type: 'stdout' },
    ...more,
  });
}

/** A folder set as `listen --dir D` leaves it, with these Codeforces problems. */
export function savedFolder(
  problems: [number, string, Record<string, unknown>?][],
  dir = tempDir('simcoach-folder-'),
): string {
  for (const [contest, index, more] of problems) {
    const p = sumPayload(contest, index, more);
    const path = companionPath(dir, p);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, companionToMarkdown(p));
  }
  return dir;
}
