// At 80 columns: the session's end names its file once and whole; doctor wraps at words; quitting
// replay erases its frame; test names are never cut; a long problem id or title fits.
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, describe, expect, it } from 'vitest';
import { rowText } from '../../src/components/rows.js';
import { testTableRows } from '../../src/components/TestTable.js';
import { historyRows } from '../../src/screens/History.js';
import { endedRows } from '../../src/screens/solve/Ended.js';
import type { JudgeResult, TestResult } from '../../src/runners/build/types.js';
import { cli, tempHome } from '../session/cli.js';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from '../tmux/terminal.js';

// 60 characters: `replay it: simcoach replay FILE` is 87, the command alone 76.
const FILE = '/home/someone-long/.local/share/simcoach/sessions/k3x9.jsonl';

describe("a session's end at 80 columns", () => {
  it('names the file once, in a command that is never cut', () => {
    const ended = endedRows(FILE, false, 80).map(rowText);
    expect(ended).toContain(`simcoach replay ${FILE}`);
    for (const l of ended) expect(stringWidth(l)).toBeLessThanOrEqual(80);
    const end = historyRows(
      { kind: 'end', key: 'e', outcome: { status: 'solved' }, file: FILE } as Parameters<typeof historyRows>[0],
      80,
    ).map(rowText);
    expect(end.join('\n')).not.toContain(FILE);
    // Wide enough, one line as before.
    expect(endedRows('/tmp/s.jsonl', false, 80).map(rowText)).toContain('replay it: simcoach replay /tmp/s.jsonl');
  });

  it('a file too long for a line: by its id when it is in the sessions dir, else broken at its slashes, never cut', () => {
    const saved = process.env.XDG_DATA_HOME;
    const data = `/tmp/${'a-rather-long-home-directory-name/'.repeat(2)}data`;
    process.env.XDG_DATA_HOME = data;
    try {
      const own = `${data}/simcoach/sessions/0mxa9tyclbdvj1.jsonl`;
      expect(endedRows(own, false, 80).map(rowText)).toEqual(['replay it: simcoach replay 0mxa9tyclbdvj1']);
      const elsewhere = `/srv/${'shared-sessions-of-the-whole-team/'.repeat(3)}0mxa9tyclbdvj1.jsonl`;
      const rows = endedRows(elsewhere, false, 80).map(rowText);
      expect(rows[0]).toBe('replay it:');
      expect(rows.slice(1).join('')).toBe(`simcoach replay ${elsewhere}`);
      for (const l of rows) expect(stringWidth(l)).toBeLessThanOrEqual(80);
      for (const l of rows.slice(2)) expect(rows[rows.indexOf(l) - 1]!.endsWith('/')).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.XDG_DATA_HOME;
      else process.env.XDG_DATA_HOME = saved;
    }
  });
});

describe('test names', () => {
  const test = (name: string, verdict: TestResult['verdict'] = 'AC'): TestResult =>
    ({
      name,
      verdict,
      timeMs: 12,
      memoryKb: 2048,
      input: '',
      expected: '',
      actual: '',
      stderr: '',
      exitCode: 0,
    }) as unknown as TestResult;
  const result = (tests: TestResult[]): JudgeResult =>
    ({ verdict: 'AC', passed: tests.length, total: tests.length, tests }) as unknown as JudgeResult;

  it('are shown whole at 80 columns, past 16 characters, with a too-long one on a row of its own', () => {
    const long = `07-${'x'.repeat(70)}`;
    const rows = testTableRows(
      result([test('06-max-long-range-queries'), test('テスト-長い名前'), test(long)]),
      80,
    ).map(rowText);
    expect(rows.some((r) => r.startsWith('06-max-long-range-queries  AC'))).toBe(true);
    expect(rows).toContain(long);
    for (const r of rows) expect(stringWidth(r)).toBeLessThanOrEqual(80);
    const at = (prefix: string) => {
      const r = rows.find((x) => x.startsWith(prefix))!;
      return stringWidth(r.slice(0, r.indexOf('AC')));
    };
    expect(at('テスト')).toBe(at('06-max'));
  });
});

describe('doctor at 80 columns', () => {
  it('wraps at words under its column: no word is broken at the edge', async () => {
    const home = tempHome();
    const r = await cli(
      ['doctor', '--host', 'http://127.0.0.1:9'],
      { ...home.env, COLUMNS: '80' },
      { timeoutMs: 60_000 },
    );
    const lines = r.stdout.split('\n');
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(80);
    // A word the old layout broke (no_new_privs) is whole on one line.
    expect(r.stdout).not.toMatch(/no_new_p\s*\n\s*rivs/);
    expect(r.stdout).toMatch(/no_new_privs/);
  }, 90_000);
});

describe.skipIf(!HAS_TMUX)('replay in tmux at 80x24', () => {
  const term = tmuxTerminal('lists-replay', 'replay');
  afterAll(() => term.close());

  it('q erases the last frame and its key row, as a full-screen app does', async () => {
    launchCli(term, {
      session: 'replay',
      args: ['replay', join(ROOT, 'fixtures', 'sessions', 'range-sums-codesim.jsonl')],
      cols: 80,
      rows: 24,
    });
    await term.until(/q quit/, 'the replay screen');
    term.keys('q');
    const after = await term.until(/exit=0/, 'the shell after quitting');
    expect(after).not.toMatch(/q quit/);
    expect(after).not.toMatch(/step \d+\/\d+/);
    expect(after.trim().split('\n')[0]).toBe('exit=0');
  }, 90_000);
});
