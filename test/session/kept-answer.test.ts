// The answers kept from every journal (session/keptAnswer.ts, session/skillCache.ts) look at no
// finished journal while the journals' folder is as it was: a finished journal changes only when
// reopened (resume, back), and reopening touches the folder. A journal still being written is
// looked at each time.
import { appendFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillEvidence, summarized } from '../../src/session/skillCache.js';
import { openJournal } from '../../src/session/journal.js';
import { readJournal } from '../../src/session/reader.js';
import { REOPENED } from '../../src/session/reopened.js';
import { practiceJournal, type Practised } from './practiceHistory.js';
import { judge } from './synth.js';
import { tempDir } from '../helpers/tempDir.js';

const session = (i: number): Practised => ({
  id: `k${i}`,
  problem: `p${i}`,
  tags: ['dp'],
  rating: 1200,
  hints: i % 2,
  wrong: 1,
  solved: i % 2 === 0,
  day: i,
});

function history(n: number): { dir: string; cache: string; files: string[] } {
  const root = tempDir('simcoach-kept-');
  const dir = join(root, 'sessions');
  mkdirSync(dir);
  const files = Array.from({ length: n }, (_, i) => practiceJournal(session(i)).write(join(dir, `k${i}.jsonl`)));
  return { dir, cache: join(root, 'skill.json'), files };
}

describe('answers kept from every journal', () => {
  it('look at no finished journal until one is reopened, then read it again', async () => {
    const { dir, cache, files } = history(3);
    expect((await skillEvidence({ dir, cache })).read).toBe(3);
    // Its time changed, its folder did not: a finished journal is not looked at.
    utimesSync(files[0]!, new Date(), new Date(Date.now() + 5000));
    expect((await skillEvidence({ dir, cache })).read).toBe(0);
    const { header, events } = readJournal(files[0]!);
    const writer = openJournal(files[0]!, header, events.at(-1)!.t + 1);
    writer.append({ type: 'error', branch: 0, message: 'reopened', code: 'problem-file' });
    writer.close();
    expect((await skillEvidence({ dir, cache })).read).toBe(1);
    expect((await skillEvidence({ dir, cache })).read).toBe(0);
  });

  it('on a changed folder look at the new and the reopened journals, and at no other finished one', async () => {
    const { dir, cache, files } = history(4);
    expect((await skillEvidence({ dir, cache })).read).toBe(4);
    // Its time changed but it was not reopened: nothing lists it, so it is not even looked at.
    utimesSync(files[1]!, new Date(), new Date(Date.now() + 5000));
    practiceJournal(session(7)).write(join(dir, 'k7.jsonl'));
    expect((await skillEvidence({ dir, cache })).read).toBe(1);
    // Reopened beside a new journal: both are read, and the reopened one's new line counts.
    const { header, events } = readJournal(files[2]!);
    const writer = openJournal(files[2]!, header, events.at(-1)!.t + 1);
    writer.append({
      type: 'run',
      branch: 0,
      step: 99,
      program: { lang: 'python', source: 'print(0)\n' },
      result: judge('WA', 0, 1),
    });
    writer.close();
    practiceJournal(session(8)).write(join(dir, 'k8.jsonl'));
    const after = await skillEvidence({ dir, cache });
    expect(after.read).toBe(2);
    expect(after.evidence.find((e) => e.id === 'k2')!.wrong).toBe(2);
    expect(readFileSync(join(dir, REOPENED), 'utf8')).toBe('k2.jsonl\n');
    // Listed once however often it is reopened; looked at again only when its stamp moved.
    openJournal(files[2]!, header, events.at(-1)!.t + 2).close();
    expect(readFileSync(join(dir, REOPENED), 'utf8')).toBe('k2.jsonl\n');
    expect((await skillEvidence({ dir, cache })).read).toBe(0);
  });

  it('keep an answer while nothing changed, and make it again when a journal being written grows', async () => {
    const { dir, cache } = history(2);
    // A session still going: its journal has no end yet.
    const live = join(dir, 'k9.jsonl');
    const lines = readFileSync(practiceJournal(session(9)).write(live), 'utf8')
      .trimEnd()
      .split('\n');
    writeFileSync(live, `${lines.slice(0, -1).join('\n')}\n`);
    let made = 0;
    const count = (evidence: unknown[]): number => (made++, evidence.length);
    const first = await summarized(count, { dir, cache, name: 'count' });
    expect((await summarized(count, { dir, cache, name: 'count' })).value).toBe(first.value);
    expect(made).toBe(1);
    appendFileSync(live, `${lines.at(-1)}\n`);
    await summarized(count, { dir, cache, name: 'count' });
    expect(made).toBe(2);
    // Its end written, it is finished: kept again from here.
    await summarized(count, { dir, cache, name: 'count' });
    expect(made).toBe(2);
  });
});
