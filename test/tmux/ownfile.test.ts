// The tutor on the person's own file, in place, in the real built app (dist/cli.js) in a real
// terminal (tmux): `practice --file rs.py` submits the file as it stands, `E` runs $EDITOR (a
// stand-in script that rewrites the file) on rs.py itself and the saved text is judged; a file
// changed on disk while the tutor waits is judged again; `w` proposes rs.py; the end names the
// language and where it came from. `check rs.py --tutor` checks the file, and a save checks it
// again. Real python3 in the sandbox; the model is the fake Ollama server over loopback HTTP.
import { copyFileSync, cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { FIXED, RANGE_SUMS, startCheckModel, WRONG_BY_ONE } from '../fakes/checkModel.js';
import { stagedModel } from '../ui/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('ownfile', 'ownfile');
const { keys, until } = term;
const EDITOR = join(ROOT, 'test', 'fixtures', 'editor-rewrite.sh');
let server: FakeServer | undefined;

afterAll(async () => {
  term.close();
  await server?.close();
});

/** A private copy of range-sums (statement and hidden tests), a work dir, and the fixed program for the editor to write. */
function workDir(): { dir: string; problem: string; fixed: string } {
  const dir = tempDir('simcoach-ownfile-');
  copyFileSync(join(ROOT, RANGE_SUMS), join(dir, 'range-sums.md'));
  cpSync(join(ROOT, 'fixtures/problems/range-sums'), join(dir, 'range-sums'), { recursive: true });
  writeFileSync(join(dir, 'fixed.txt'), FIXED);
  return { dir, problem: join(dir, 'range-sums.md'), fixed: join(dir, 'fixed.txt') };
}

describe.skipIf(!HAS_TMUX)('the tutor on your own file', () => {
  it('practice --file rs.py: the file judged as it stands, E edits rs.py itself in $EDITOR and the save is judged, w proposes rs.py, the end names the language', async () => {
    server = await stagedModel({});
    const { dir, problem, fixed } = workDir();
    const sol = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), sol);
    launchCli(term, {
      session: 'practice',
      args: ['practice', problem, '--file', 'rs.py', '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 100,
      rows: 40,
      cwd: dir,
      env: { EDITOR, EDIT_WITH: fixed },
    });

    const first = await until(/Your turn\s+your decision[\s\S]*WA on the samples/, 'the file judged on opening');
    expect(first).toMatch(/h hint · E edit rs\.py · e write/);
    keys('E');
    // Accepted after a WA: the one question after the solve comes first, skipped with enter.
    await until(/What was the bug, in one line\?/, 'the question after the solve');
    keys('Enter');
    const end = await until(/Accepted — 8\/8 tests/, 'the saved file judged on every test');
    // The editor wrote rs.py itself, not a copy.
    expect(readFileSync(sol, 'utf8')).toBe(FIXED);
    expect(end).toContain('language: python (from rs.py)');
    keys('w');
    await until(/write the program to: rs\.py/, 'w proposing the file itself');
    keys('Escape');
    // Esc and q sent together read as one key, alt-q (a terminal's ESC prefix): q only once the prompt is gone.
    await until(/^(?![\s\S]*write the program to:)[\s\S]*Accepted — 8\/8 tests/, 'the prompt closed');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
  });

  it("practice --file new.py: a file that is not there yet is written from the template at once and waits; written on disk while the tutor waits it is judged, saved again (by rename) judged again; the file wins over the settings' language", async () => {
    await server?.close();
    server = await stagedModel({});
    const { dir, problem } = workDir();
    const sol = join(dir, 'new.py');
    launchCli(term, {
      session: 'saves',
      args: ['practice', problem, '--file', 'new.py', '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 100,
      rows: 40,
      cwd: dir,
      before: [['config', 'set', 'lang', 'cpp']],
    });
    // Written from the template at once (#49), and the turn shows it, not a placeholder comment.
    const waiting = await until(
      /Your turn\s+your decision[\s\S]*data = sys\.stdin\.read\(\)\.split\(\)/,
      'the turn on the template, nothing judged yet',
    );
    expect(waiting).not.toMatch(/WA on the samples|your solution here/);
    expect(readFileSync(sol, 'utf8')).toBe(readFileSync(join(ROOT, 'fixtures', 'templates', 'solution.py'), 'utf8'));

    writeFileSync(sol, readFileSync(join(ROOT, WRONG_BY_ONE), 'utf8'));
    await until(/Your turn\s+your decision[\s\S]*WA on the samples/, 'the first save judged');

    writeFileSync(join(dir, '.new.py.tmp'), FIXED);
    renameSync(join(dir, '.new.py.tmp'), sol);
    await until(/What was the bug, in one line\?/, 'the question after the solve');
    keys('Enter');
    const end = await until(/Accepted — 8\/8 tests/, 'the second save judged');
    expect(end).toContain("language: python (from new.py, not the settings' cpp)");
    expect(end).toMatch(/practice\s+range-sums · python/);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
  });

  it('check rs.py --tutor: the file checked at once; fixed on disk, it is checked again and accepted', async () => {
    await server?.close();
    server = await startCheckModel();
    const { dir, problem } = workDir();
    const sol = join(dir, 'rs.py');
    copyFileSync(join(ROOT, WRONG_BY_ONE), sol);
    launchCli(term, {
      session: 'check',
      args: ['check', 'rs.py', '--problem', problem, '--tutor', '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 110,
      rows: 40,
      cwd: dir,
    });
    await until(/Why it fails\s+your decision/, 'the explanation of the file as it stands');
    writeFileSync(sol, FIXED);
    await until(/rs\.py saved: a new check session on it/, 'the save noticed');
    const review = await until(/Complexity review\s+your decision/, 'the fixed file checked: its review');
    expect(review).toMatch(/■ Stopped[\s\S]*AC\s+6\/6 passed/);
    keys('a');
    const end = await until(/Accepted — 8\/8 tests/, 'the fixed file accepted');
    expect(end).toContain('language: python (from rs.py)');
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
  });
});
