// A contest in the real built app (dist/cli.js) in a real terminal (tmux) at 80×24, with a model
// server that records every request (it must record none while the contest runs): the problems as
// tabs (ctrl-n), a wrong then a right program through $EDITOR, the board (ctrl-t) against the
// penalty worked out from the contest's journal; kill -9 and `simcoach contest` again: the same end
// time, from the journal; `contest --end`, then `upsolve` opens the tutor, hints on, on the problem
// left. Then a virtual contest (--start) on an unseen set, its board beside a past contest of theirs.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import { editorOf } from '../helpers/editor.js';
import { xdgDirs } from '../helpers/home.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { tempDir } from '../helpers/tempDir.js';

const term = tmuxTerminal('contest', 'contest');
const { keys, until } = term;
let server: FakeServer;

beforeAll(async () => {
  server = await startFakeOllama({ models: [{ name: 'qwen2.5-coder:7b' }] });
});
afterAll(async () => {
  term.close();
  await server.close();
});

/** A set folder: built-in problems copied with `points` in their front matter. */
function setOf(ids: [string, number][]): string {
  const dir = tempDir('simcoach-set-');
  for (const [id, points] of ids) {
    writeFileSync(
      join(dir, `${id}.md`),
      readFileSync(join(ROOT, 'fixtures/problems', `${id}.md`), 'utf8').replace(/^tags:/m, `points: ${points}\ntags:`),
    );
    cpSync(join(ROOT, 'fixtures/problems', id), join(dir, id), { recursive: true });
  }
  return dir;
}

const contestsDir = (home: string): string => join(home, 'data', 'simcoach', 'contests');
const journals = (home: string): string[] => readdirSync(contestsDir(home)).filter((f) => f.endsWith('.jsonl'));
const lines = (file: string): Record<string, unknown>[] =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** The app's process in the tmux session (the shell's child). */
function appPid(): number {
  const sh = term.tmux('list-panes', '-t', term.session, '-F', '#{pane_pid}').trim();
  return Number(execFileSync('pgrep', ['-P', sh], { encoding: 'utf8' }).trim().split('\n')[0]);
}

const cli = (home: string, args: string[]): string =>
  execFileSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: home, ...xdgDirs(home), NO_COLOR: '1', OLLAMA_HOST: server.url },
  });

describe.skipIf(!HAS_TMUX)('contest mode', () => {
  it('tabs, a clock, the model off (no request recorded), the board; kill -9 and back: the same end; --end, then upsolve with hints on', async () => {
    const set = setOf([
      ['range-sums', 1000],
      ['sum-two', 500],
    ]);
    const work = tempDir('simcoach-contest-');
    const editor = editorOf(work, [
      'print(0)\n',
      readFileSync(join(ROOT, 'fixtures/problems/_solutions/sum-two.py'), 'utf8'),
    ]);
    const env = { OLLAMA_HOST: server.url, EDITOR: editor, VISUAL: editor };
    const home = launchCli(term, {
      session: 'run1',
      args: ['contest', set, '--minutes', '60'],
      cols: 80,
      rows: 24,
      env,
      cwd: work,
    });

    const first = await until(
      /locked: contest, the model is off[\s\S]*contest\s+\[A\]\s+B\s+0:\d\d:\d\d left \(ends (\d\d:\d\d)\)/,
      'the first tab, and the contest bar with its tabs and clock',
    );
    expect(first).toMatch(/locked: contest, the model is off/);
    expect(first).toMatch(/model off: contest until/);
    const ends = /ends (\d\d:\d\d)/.exec(first)![1];
    const [file] = journals(home);
    const header = lines(join(contestsDir(home), file!))[0]!;
    expect(header).toMatchObject({ type: 'contest', model: 'off' });
    // `?` lists the contest's keys after the solve screen's (G: its end).
    keys('?');
    await until(/Keys/, 'the keys');
    keys('G');
    await until(/ctrl-n ctrl-p\s+contest: the next \/ previous problem/, 'the contest keys in ?');
    keys('Escape');
    await until(/locked: contest[\s\S]*contest\s+\[A\]/, 'back at the problem');

    // A draft typed in the built-in editor outlives a tab switch, cursor and all, until it is given up.
    keys('e');
    await until(/Editing/, 'the built-in editor on the first tab');
    keys('C-e');
    keys('-l', ' # MY-DRAFT');
    await until(/# MY-DRAFT/, 'the draft typed');
    keys('C-n');
    await until(/sum-two · python[\s\S]*contest\s+A\s+\[B\]/, 'the second tab');
    expect(term.screen()).not.toContain('MY-DRAFT');
    keys('C-p');
    await until(
      /Editing[\s\S]*# MY-DRAFT[\s\S]*contest\s+\[A\]\s+B/,
      'the first tab again, its draft still in the editor',
    );
    keys('-l', '!');
    await until(/# MY-DRAFT!/, 'typing goes on where the cursor was');
    keys('Escape');
    await until(/locked: contest[\s\S]*contest\s+\[A\]/, 'the draft given up');
    keys('C-n');
    await until(/sum-two · python[\s\S]*contest\s+A\s+\[B\]/, 'the second tab');
    keys('C-p');
    await until(/locked: contest[\s\S]*contest\s+\[A\]/, 'the first tab, no editor');
    expect(term.screen()).not.toContain('MY-DRAFT');
    keys('C-n');
    await until(/sum-two · python[\s\S]*contest\s+A\s+\[B\]/, 'the second tab');
    keys('E');
    await until(/WA on the samples/, 'the wrong program judged');
    keys('E');
    await until(/contest\s+A\s+\[B✓\]/, 'the right one accepted, its tab marked');

    // The penalty from the journal's own times: the minute of the AC after the start, plus 20 for the WA.
    const events = lines(join(contestsDir(home), file!));
    const attempts = events.filter((e) => e.type === 'attempt');
    expect(attempts.map((a) => [a.problem, a.verdict])).toEqual([
      ['sum-two', 'WA'],
      ['sum-two', 'AC'],
    ]);
    const minute = Math.floor(((attempts[1]!.at as number) - (header.start as number)) / 60_000);
    const points = Math.floor(Math.max(150, 500 - 2 * minute - 50));
    keys('C-t');
    const board = await until(/Your board\s+1 solved · penalty \d+/, 'the board');
    expect(board).toContain(`1 solved · penalty ${minute + 20} · ${points} points`);
    expect(board).toMatch(/Your past contests\s+none yet/);

    // kill -9: nothing in memory is needed to go on.
    execFileSync('kill', ['-9', String(appPid())]);
    await until(/exit=137/, 'the app killed');
    launchCli(term, { session: 'run2', args: ['contest'], cols: 80, rows: 24, env, cwd: work, home });
    const back = await until(
      /locked: contest[\s\S]*contest\s+\[A\]\s+B✓\s+0:\d\d:\d\d left \(ends \d\d:\d\d\)/,
      'the contest again, B still solved',
    );
    expect(journals(home)).toEqual([file]);
    expect(lines(join(contestsDir(home), file!))[0]).toEqual(header);
    expect(back).toContain(`(ends ${ends})`);
    expect(server.requests).toHaveLength(0);
    keys('q');
    await until(/exit=0/, 'quit: the contest runs on');
    expect(server.requests).toHaveLength(0);

    const ended = cli(home, ['contest', '--end']);
    expect(ended).toMatch(new RegExp(`1 solved, penalty ${minute + 20}, ${points} points`));
    expect(lines(join(contestsDir(home), file!)).at(-1)).toMatchObject({ type: 'end' });

    launchCli(term, { session: 'run3', args: ['upsolve'], cols: 80, rows: 24, env, cwd: work, home });
    const up = await until(/Your turn[\s\S]*upsolve\s+\[A\]\s+hints on/, 'the upsolve on the problem left');
    expect(up).toMatch(/range-sums · python/);
    expect(up).not.toMatch(/locked/);
    keys('q');
    await until(/exit=0/, 'the upsolve quit');
    const sessions = readdirSync(join(home, 'data', 'simcoach', 'sessions')).sort();
    const last = JSON.parse(
      readFileSync(join(home, 'data', 'simcoach', 'sessions', sessions.at(-1)!), 'utf8').split('\n')[0]!,
    ) as { problem: { id: string }; settings: { upsolve?: string; budgets: { practice: { hints: string } } } };
    expect(last.problem.id).toBe('range-sums');
    expect(last.settings.upsolve).toBe(header.id);
    expect(last.settings.budgets.practice.hints).toBe('on');

    const stats = cli(home, ['stats']);
    expect(stats).toMatch(/contests[\s\S]*1\/2\s+\d+\s+\d+/);
  }, 300_000);

  it('a virtual contest from --start on an unseen set: the clock from then, the board beside a past contest; a seen set is refused (exit 2)', async () => {
    const home = tempDir('simcoach-tmux-');
    mkdirSync(contestsDir(home), { recursive: true, mode: 0o700 });
    const past = {
      type: 'contest',
      version: 1,
      id: '0mpastcontest1',
      createdAt: '2026-11-01T10:00:00.000Z',
      set: '/sets/old',
      problems: [
        { id: 'x', label: 'A', title: 'X' },
        { id: 'y', label: 'B', title: 'Y' },
      ],
      start: Date.parse('2026-11-01T10:00:00Z'),
      end: Date.parse('2026-11-01T12:00:00Z'),
      model: 'off',
    };
    writeFileSync(
      join(contestsDir(home), '0mpastcontest1.jsonl'),
      `${JSON.stringify(past)}\n${JSON.stringify({ type: 'attempt', problem: 'x', at: past.start + 5 * 60_000, verdict: 'WA' })}\n${JSON.stringify({ type: 'attempt', problem: 'x', at: past.start + 17 * 60_000 + 5000, verdict: 'AC' })}\n`,
      { mode: 0o600 },
    );
    const set = setOf([['lis', 750]]);
    const start = new Date(Date.now() - 10 * 60_000).toISOString();
    launchCli(term, {
      session: 'virtual',
      args: ['contest', set, '--start', start, '--minutes', '60'],
      cols: 80,
      rows: 24,
      env: { OLLAMA_HOST: server.url },
      home,
    });
    await until(/contest\s+\[A\]\s+0:\d\d:\d\d left/, 'the virtual contest');
    const mine = journals(home).find((f) => f !== '0mpastcontest1.jsonl')!;
    expect(lines(join(contestsDir(home), mine))[0]).toMatchObject({
      virtual: true,
      start: Date.parse(start),
      end: Date.parse(start) + 60 * 60_000,
    });
    keys('C-t');
    // The past one by hand: A at minute 17 after one WA: 17 + 20 = 37.
    const board = await until(
      /Your past contests\s+2026-11-01\s+1\/2 solved\s+penalty 37/,
      'the board beside the past contest',
    );
    expect(board).toMatch(/\/sets\/old/);
    keys('q');
    await until(/locked: contest/, 'back at the problem');
    keys('q');
    await until(/exit=0/, 'quit');
    cli(home, ['contest', '--end']);

    // A set with a problem the person has a session on is not a virtual contest's.
    let code = 0;
    try {
      cli(home, ['contest', set, '--start', new Date(Date.now() - 60_000).toISOString()]);
    } catch (err) {
      code = (err as { status: number }).status;
      expect(String((err as { stderr: string }).stderr)).toMatch(/not seen/);
    }
    expect(code).toBe(2);
  }, 200_000);

  it('when the clock ends the sessions stop, the board shows, and u opens the upsolve (the tutor, hints on) on what is left', async () => {
    const set = setOf([['sum-two', 500]]);
    // A virtual contest started long enough ago that a few seconds are left: the screen says when it ends.
    const start = new Date(Date.now() - 60 * 60_000 + 20_000).toISOString();
    const home = launchCli(term, {
      session: 'clock',
      args: ['contest', set, '--start', start, '--minutes', '60'],
      cols: 80,
      rows: 24,
      env: { OLLAMA_HOST: server.url },
    });
    await until(
      /locked: contest[\s\S]*contest\s+\[A\]\s+0:00:\d\d left|time is up/,
      'the last seconds of the contest (or its end, on a slow machine)',
    );
    const over = await until(/time is up[\s\S]*u upsolve/, 'the end of the clock', 90_000);
    expect(over).toMatch(/Your board\s+0 solved · penalty 0 · 0 points/);
    const requestsBefore = server.requests.length;
    keys('u');
    const up = await until(/Your turn[\s\S]*upsolve\s+\[A\]\s+hints on/, 'the upsolve');
    expect(up).toMatch(/sum-two · python/);
    expect(up).not.toMatch(/locked/);
    keys('q');
    await until(/exit=0/, 'the upsolve quit');
    // The model was back for the upsolve: its probe reached the server.
    expect(server.requests.length).toBeGreaterThan(requestsBefore);
    expect(journals(home)).toHaveLength(1);
  }, 200_000);
});

describe('a bad set', () => {
  it('exits 2 with one line', () => {
    const home = tempDir('simcoach-bad-');
    let err: { status: number; stderr: string } | undefined;
    try {
      cli(home, ['contest', join(home, 'nothing-here')]);
    } catch (e) {
      err = e as { status: number; stderr: string };
    }
    expect(err?.status).toBe(2);
    expect(err?.stderr.trim().split('\n')).toHaveLength(1);
    expect(err?.stderr).toMatch(/contest: .*no such file or directory/);
  });
});
