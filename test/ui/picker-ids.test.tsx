// The picker names a problem from a known judge by its judge's short id (cf1917C), as `problems`
// and `solve` do; the slug it was saved as is still found by the filter. The plain frame drawn
// before Ink (src/terminal/firstFrame.ts) lays its rows out the same way, so Ink takes over with no change.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { companionPath, companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { problemsDir } from '../../src/system/paths.js';
import { pickerFrameLines, readPickerIndex, type IndexedProblem } from '../../src/terminal/firstFrame.js';
import { Picker } from '../../src/screens/Picker.js';
import { cells } from '../../src/components/rows.js';
import { KEYS, appSuite, settled } from './helpers.js';

const PLAN = `## Understanding\nReverse the words.\n\n## Plan\n1. Read.\n2. Print.`;
const ui = appSuite();

/**
 * A Companion problem saved as `listen --fetch` leaves it: a long contest folder, the judge's URL in
 * the front matter, a statement in place of the note that points to the page (no download here).
 */
function saveCompanion(name: string, group: string, url: string): string {
  const payload = parseCompanion(
    JSON.stringify({ name, group, url, timeLimit: 1000, memoryLimit: 256, tests: [{ input: 'ab\n', output: 'ba\n' }] }),
  );
  if (!payload.ok) throw new Error(payload.reason);
  const file = companionPath(problemsDir(), payload.value);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    companionToMarkdown(payload.value).replace(
      /^The statement is on the contest page: .*$/m,
      'Print the word reversed.',
    ),
  );
  return file;
}

const plain = (s: string): string => s.replace(/\u001b\[[0-9;]*m/g, '');

describe('short ids in the picker', () => {
  it('shows cf1917C and abc300_a whole, not their slugs; the slug still filters; enter opens it; the index keeps the short ids', async () => {
    saveCompanion(
      'Mirror Words',
      'Codeforces - Codeforces Practice Round 917 (Div. 2)',
      'https://codeforces.com/contest/1917/problem/C',
    );
    saveCompanion(
      'Takahashi Welcomes You',
      'AtCoder - AtCoder Beginner Contest 300',
      'https://atcoder.jp/contests/abc300/tasks/abc300_a',
    );
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, undefined);
    const picker = await app.until(/cf1917C/);
    expect(picker).toMatch(/^ {4}cf1917C +Mirror Words +saved$/m);
    expect(picker).toMatch(/^ {4}abc300_a +Takahashi Welcomes You +saved$/m);
    expect(picker).not.toContain('mirror-words');
    await app.type('practice-round-917');
    const filtered = await app.until(/filter: practice-round-917/);
    expect(filtered).toMatch(/1 of \d+/);
    expect(filtered).toMatch(/^› {3}cf1917C +Mirror Words/m);
    await app.press(KEYS.enter);
    await app.until(/▸ 1 Plan\s+your decision/);
    const index = readPickerIndex()!.problems;
    expect(index.find((p) => p.id === 'cf1917C')?.aliases).toEqual([
      'codeforces-codeforces-practice-round-917-div-2/mirror-words',
    ]);
  });

  it("at 80×24 the plain first frame draws the same rows as Ink's picker: ids never cut, a long one whole", async () => {
    const long = 'codeforces-practice-round-917-div-2-unofficial/c-mirror-words';
    const problems: IndexedProblem[] = [
      {
        ref: 'fixtures:sum-two',
        id: 'sum-two',
        title: 'Sum of Two',
        group: 'fixtures',
        tags: [],
        difficulty: 'easy',
        solved: true,
      },
      {
        ref: 'saved:a',
        id: 'cf1917C',
        aliases: ['codeforces-practice-round-917/c-mirror-words'],
        title: 'Mirror Words',
        group: 'saved',
        tags: [],
        due: true,
      },
      {
        ref: 'saved:b',
        id: long,
        title: 'A problem from no judge known here, with a title that runs long',
        group: 'saved',
        tags: [],
      },
      { ref: 'saved:c', id: 'kattis/amulet', title: '護符 the amulet', group: 'saved', tags: [] },
    ];
    const frame = pickerFrameLines(problems, { columns: 80, rows: 24, color: false }).map(plain);
    const r = render(
      <Picker problems={problems} width={80} height={23} onPick={() => {}} onQuit={() => {}} onSettings={() => {}} />,
    );
    await settled(r);
    const ink = r.lastFrame()!.split('\n');
    // Rows 3 to 6 are the list in both.
    expect(frame.slice(2, 6)).toEqual(ink.slice(2, 6));
    expect(ink[2]).toMatch(/^› ✓ sum-two +Sum of Two +easy$/);
    expect(ink[3]).toMatch(/^ {4}cf1917C +Mirror Words +due for review · saved$/);
    // The id column is as wide as the short ids; the long slug is whole and its title follows it.
    expect(ink[3]).toMatch(/^ {4}cf1917C {8}Mirror Words/);
    expect(ink[4]).toMatch(new RegExp(`^ {4}${long}  A problem fro$`));
    expect(ink[5]).toMatch(/^ {4}kattis\/amulet +護符 the amulet +saved$/);
    for (const l of ink) expect(cells(l), l).toBeLessThanOrEqual(80);
    r.unmount();
  });
});
