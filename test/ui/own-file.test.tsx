// The tutor on the person's own file, below the terminal: the save rules as plain data, the
// picker's language line, and the practice screen over the real file service (src/app/ownFile.ts,
// a temp file, Node's watcher): a save at a hint waits for the next turn, `e` opens on the file
// and writes back to it, a save after the end starts practice again on the saved program.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { langLine, saveAction, saveNotice, takesFile } from '../../src/components/ownFileSave.js';
import { ownFile, templateOf } from '../../src/app/ownFile.js';
import { Picker } from '../../src/screens/Picker.js';
import { KEYS, appSuite, settled } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const ui = appSuite();
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';
const RETRIEVE =
  '## Problem 1\nSum of a list of numbers.\n### Code\n```python\nprint(sum(map(int, input().split())))\n```\n### Plan\nRead them, add them.\n## Algorithm\nPlain arithmetic\n## Tutorial\nRead both numbers and print their sum.\n';

describe('what a save of your file does', () => {
  it('the step waiting for your program takes it; after the end, or in a check past its program, the flow starts again; practice at a hint keeps it for the next turn', () => {
    expect(saveAction({ flow: 'practice', waiting: 'practice', ended: false })).toEqual({ kind: 'decide' });
    expect(saveAction({ flow: 'check', waiting: 'yours', ended: false })).toEqual({ kind: 'decide' });
    expect(saveAction({ flow: 'practice', waiting: 'similar', ended: false })).toEqual({ kind: 'later' });
    expect(saveAction({ flow: 'practice', ended: false })).toEqual({ kind: 'later' });
    expect(saveAction({ flow: 'check', waiting: 'explain', ended: false })).toEqual({ kind: 'again' });
    expect(saveAction({ flow: 'practice', waiting: 'practice', ended: true })).toEqual({ kind: 'again' });
    expect(takesFile('code')).toBe(false);
    expect(saveNotice({ kind: 'later' }, 'rs.py', 'practice')).toBe('rs.py saved: it is submitted at your next turn');
  });

  it('the end names the language and where it came from, or that it changed at a gate', () => {
    expect(langLine('cpp', 'cpp', 'from rs.cpp')).toBe('cpp (from rs.cpp)');
    expect(langLine('python', 'python', 'from settings')).toBe('python (from settings)');
    expect(langLine('python', 'cpp', 'from rs.cpp')).toBe('python (switched at a gate; cpp from rs.cpp)');
  });
});

describe('the picker says which language sessions start in', () => {
  it('in its header, within 80 columns', async () => {
    const problems = [
      { ref: 'fixtures:sum-two', id: 'sum-two', title: 'Sum of two', group: 'fixtures' as const, tags: [] },
    ];
    const r = render(
      <Picker
        problems={problems}
        flows={['codesim', 'mapcoder']}
        flow="codesim"
        lang="python (from settings)"
        width={80}
        height={12}
        onPick={() => {}}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    );
    await settled(r);
    const header = r.lastFrame()!.split('\n')[0]!;
    expect(header).toBe('Pick a problem 1 of 1 · flow codesim · python (from settings)');
    r.unmount();
  });

  it('in the app, from the real settings', async () => {
    const server = await ui.model({});
    const app = await ui.start(server, undefined);
    await app.until(/Pick a problem \d+ of \d+ · flow codesim · python \(from settings\)/);
  });
});

describe('practice on your own file (the real file service)', () => {
  const fresh = (name: string): string => join(tempDir('simcoach-own-'), name);

  it("a save while a hint waits is submitted at the next turn; the end names the file as the language's source", async () => {
    const server = await ui.model({ retrieve: RETRIEVE });
    const path = fresh('sol.py');
    const app = await ui.start(server, ui.sumTwo, {
      flow: 'practice',
      file: ownFile(path, 'python'),
      langFrom: 'from sol.py',
    });
    await app.until(/Your turn\s+your decision/);
    await app.press('h');
    await app.until(/Hint 1 · a similar problem\s+your decision/);
    writeFileSync(path, RIGHT);
    await app.until('sol.py saved: it is submitted at your next turn');
    // Still the hint: a save decides no step but the one that takes the program.
    expect(app.frame()).toMatch(/Hint 1 · a similar problem\s+your decision/);
    await app.press('a');
    const end = await app.until(/Accepted — 11\/11 tests/);
    expect(end).toContain('language: python (from sol.py)');
  });

  it('e opens on the file (its template while it is new) and writes back to it; a save after the end starts practice again on it', async () => {
    const server = await ui.model({});
    const path = fresh('new.py');
    const app = await ui.start(server, ui.sumTwo, {
      flow: 'practice',
      file: ownFile(path, 'python'),
      langFrom: 'from new.py',
    });
    await app.until(/Your turn\s+your decision/);
    await app.press('e');
    const editing = await app.until('Editing new.py');
    // The language's template, not the practice starter comment.
    expect(editing).toContain('def main():');
    // Select all the template away: ctrl-x deletes a line at a time.
    for (let i = 0; i < (await templateOf('python')).split('\n').length; i++) await app.press('\x18');
    await app.type(WRONG.replace(/\n/g, '\r'));
    await app.press('\x13');
    await app.until(/WA on the samples/);
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path, 'utf8').trim()).toBe(WRONG.trim());
    writeFileSync(path, RIGHT);
    // Accepted after a WA: the one question after the solve, skipped with enter.
    await app.until(/What was the bug, in one line\?/);
    await app.press(KEYS.enter);
    await app.until(/Accepted — 11\/11 tests/);
    writeFileSync(path, WRONG);
    await app.until('new.py saved: a new practice session on it');
    await app.until(/WA on the samples[\s\S]*Your turn\s+your decision/);
    await app.press(KEYS.esc);
  });

  it('an editor that fails: one line, nothing judged, the turn still waits', async () => {
    const server = await ui.model({});
    const path = fresh('sol.py');
    writeFileSync(path, WRONG);
    const before = process.env.EDITOR;
    process.env.EDITOR = 'false';
    try {
      // The file as it stands is the first turn's answer, as `practice --file` hands it.
      const app = await ui.start(server, ui.sumTwo, {
        flow: 'practice',
        file: ownFile(path, 'python'),
        langFrom: 'from sol.py',
        program: { lang: 'python', source: WRONG },
      });
      await app.until(/Your turn\s+your decision[\s\S]*WA on the samples/);
      await app.press('E');
      const failed = await app.until('the editor failed: false exited with status 1; sol.py was not judged');
      expect(failed).toMatch(/Your turn\s+your decision/);
      expect(readFileSync(path, 'utf8')).toBe(WRONG);
    } finally {
      if (before === undefined) delete process.env.EDITOR;
      else process.env.EDITOR = before;
    }
  });
});
