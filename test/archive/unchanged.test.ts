// Queries that do not wait for bookkeeping: an archive knows from its sources' sizes and times
// whether anything changed, and skips the update when nothing did; with `deferUpdate` a changed
// archive answers as it stands and hands the update back to run after the answer.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openArchive } from '../../src/archive/open.js';
import { settingsSchema } from '../../src/settings/load.js';
import { problemsDir, sessionsDir } from '../../src/system/paths.js';
import { tempXdg } from '../engine/helpers.js';

const settings = settingsSchema.parse({
  ollamaHost: 'http://127.0.0.1:9',
  model: 'fake-coder:7b',
  retrieval: 'archive',
});
let root = '';
beforeAll(() => {
  root = tempXdg();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const statement = (title: string, body: string): string =>
  `# ${title}\n\n${body}\n\n## Input\nOne line.\n\n## Output\nOne line.\n\n## Examples\n\nInput:\n\n\`\`\`\n1\n\`\`\`\n\nOutput:\n\n\`\`\`\n1\n\`\`\`\n`;

describe('the nothing-changed check', () => {
  it('is current after an update, and not once a saved problem, a session or a set changes', async () => {
    const first = await openArchive(settings);
    expect(first.report.added).toBeGreaterThan(0);
    const { archive } = first;
    expect(archive.isCurrent(undefined)).toBe(true);
    // Nothing changed: the update reads nothing and adds nothing.
    expect((await archive.update(undefined)).added).toBe(0);

    mkdirSync(problemsDir(), { recursive: true });
    writeFileSync(
      join(problemsDir(), 'zebra-crossing.md'),
      statement('Zebra Crossing', 'Count the stripes of a zebra crossing painted by a quirky robot.'),
    );
    expect(archive.isCurrent(undefined)).toBe(false);
    expect((await archive.update(undefined)).added).toBe(1);
    expect(archive.isCurrent(undefined)).toBe(true);

    // A session journal rewritten in place: its own size and time say so.
    mkdirSync(sessionsDir(), { recursive: true });
    const journal = join(sessionsDir(), 'x.jsonl');
    writeFileSync(journal, '');
    await archive.update(undefined);
    expect(archive.isCurrent(undefined)).toBe(true);
    writeFileSync(journal, '{}\n');
    utimesSync(journal, new Date(), new Date(Date.now() + 5000));
    expect(archive.isCurrent(undefined)).toBe(false);
    await archive.update(undefined);

    // Another embedding model makes every vector stale (sqlite-vec loads here, as in CI).
    expect(archive.isCurrent({ model: 'other-embed', embed: async (t) => t.map(() => [1, 0]) })).toBe(false);
    archive.close();
  });

  it('answers from the archive as it stands and leaves the update for after the answer', async () => {
    writeFileSync(
      join(problemsDir(), 'quokka-count.md'),
      statement('Quokka Census', 'Count the quokkas that smile on the island of Rottnest every morning.'),
    );
    const { archive, later } = await openArchive(settings, { deferUpdate: true });
    expect(later).toBeDefined();
    const before = await archive.similar('quokkas smile Rottnest island census', { k: 3 });
    expect(before.hits.map((h) => h.entry.pid)).not.toContain('quokka-count');
    expect((await later!()).added).toBe(1);
    const after = await archive.similar('quokkas smile Rottnest island census', { k: 3 });
    expect(after.hits[0]?.entry.pid).toBe('quokka-count');
    archive.close();
    // And now nothing is left to do.
    const again = await openArchive(settings, { deferUpdate: true });
    expect(again.later).toBeUndefined();
    again.archive.close();
  });

  it('builds an empty archive before it answers: there is nothing to answer from yet', async () => {
    rmSync(join(root, 'data', 'simcoach', 'archive'), { recursive: true, force: true });
    const { archive, later, report } = await openArchive(settings, { deferUpdate: true });
    expect(later).toBeUndefined();
    expect(report.added).toBeGreaterThan(0);
    expect(archive.count).toBeGreaterThan(0);
    archive.close();
  });
});
