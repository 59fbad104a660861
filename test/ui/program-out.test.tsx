// `w` writes the current program to a file and `y` copies it through OSC 52: the keys as data,
// the controller's write in a real temporary directory, the exact bytes sent to the terminal,
// and the keys pressed in the rendered app, its live timeline and the replay viewer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { OSC52_MAX_SEQUENCE, copySequence, copyToTerminal, osc52, tmuxPassthrough } from '../../src/app/clipboard.js';
import { createProgramOut, defaultProgramName, writeProgramFile } from '../../src/app/programOut.js';
import { currentProgram, overwriteKey, programKey, stepProgram } from '../../src/components/currentProgram.js';
import { hintsText } from '../../src/components/KeyHints.js';
import { replayProgramKey } from '../../src/components/replayModel.js';
import { GATE_HINTS, withProgramHints } from '../../src/components/solveHints.js';
import { solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import type { Proposal } from '../../src/engine/types.js';
import { loadProblem } from '../../src/problems/index.js';
import { ReplayScreen } from '../../src/screens/replay.js';
import { Timeline } from '../../src/session/timeline.js';
import { SIM_FINE } from '../fakes/answers.js';
import { JournalBuilder } from '../session/synth.js';
import { KEYS, appSuite, settled, waitFor } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const ESC = '\u001b';
const k = (input: string, flags: Record<string, boolean> = {}) => ({ input, ...flags });
const gate: SolveKeyView = {
  streaming: false,
  proposal: { pane: 'code', cancelled: false, failed: false },
  ended: false,
  backendError: false,
  canAnother: true,
  earlier: 3,
  backPick: 0,
  offset: 0,
  rows: 40,
  body: 10,
  sinceCancel: Number.POSITIVE_INFINITY,
  program: true,
};

/** A terminal that keeps what is written to it. */
function fakeTerminal(isTTY = true): { isTTY: boolean; written: string[]; write(s: string): boolean } {
  const written: string[] = [];
  return { isTTY, written, write: (s) => (written.push(s), true) };
}

describe('w and y as data', () => {
  it('w opens the path prompt and y copies where there is a program, at a gate and after the end; nothing without one', () => {
    expect(solveKey('main', gate, k('w'))).toEqual({ kind: 'mode', mode: 'write' });
    expect(solveKey('main', gate, k('y'))).toEqual({ kind: 'copy' });
    const ended = { ...gate, proposal: undefined, ended: true };
    expect(solveKey('main', ended, k('w'))).toEqual({ kind: 'mode', mode: 'write' });
    expect(solveKey('main', ended, k('y'))).toEqual({ kind: 'copy' });
    expect(
      solveKey(
        'main',
        { ...gate, proposal: { pane: 'plan', cancelled: false, failed: false }, program: false },
        k('w'),
      ),
    ).toEqual({ kind: 'none' });
    expect(solveKey('main', { ...ended, program: false }, k('y'))).toEqual({ kind: 'none' });
    // While the path prompt or its y/n question is up, the keys are theirs: y there is no copy.
    expect(solveKey('write', gate, k('y'))).toEqual({ kind: 'none' });
    expect(solveKeys('main', gate, [k('w'), k('y')])).toEqual([{ kind: 'mode', mode: 'write' }, { kind: 'none' }]);
    expect(solveKey('main', gate, k('y', { ctrl: true }))).toEqual({ kind: 'none' });
  });

  it('the overwrite question takes y alone as yes; the replay reads w and y only while a step is viewed', () => {
    expect(overwriteKey(k('y'))).toBe('yes');
    expect(overwriteKey(k('n'))).toBe('no');
    expect(overwriteKey(k('', { escape: true }))).toBe('no');
    expect(overwriteKey(k('', { return: true }))).toBe('no');
    expect(overwriteKey(k('x'))).toBeUndefined();
    expect(programKey(k('w'), false)).toBeUndefined();
    expect(replayProgramKey('view', k('y'), true)).toBe('copy');
    expect(replayProgramKey('jump', k('w'), true)).toBeUndefined();
  });

  it('the key hints at a gate name w and y after g, before ?; at 80 columns they fit, b and q after them', () => {
    const hints = withProgramHints(GATE_HINTS);
    const keys = hints.map((h) => h.key);
    expect(keys.slice(keys.indexOf('r'), keys.indexOf('r') + 5)).toEqual(['r', 'g', 'w', 'y', '?']);
    // At 80 columns a code gate shows w and y; b and q, which ? lists, show from a little wider.
    expect(hintsText(hints, 80)).toMatch(/g timeline · w save · y copy · \? keys$/);
    expect(hintsText(hints, 100)).toContain('? keys · b back · q quit');
    expect(
      withProgramHints(
        [
          { key: '←', label: 'previous' },
          { key: 'g', label: 'jump' },
        ],
        1,
      ).map((h) => h.key),
    ).toEqual(['←', 'w', 'y', 'g']);
  });

  it('the current program: the one waiting at the gate, else the one the session ended with, else the last that went forward', () => {
    const code = {
      step: 3,
      agent: 'code',
      title: 'Code',
      pane: 'code',
      text: '',
      raw: '',
      value: { source: 'print(1)' },
    } as Proposal;
    expect(currentProgram({ proposal: code, lastCode: 'print(0)' })).toBe('print(1)');
    expect(currentProgram({ proposal: { ...code, error: 'unreadable' }, lastCode: 'print(0)' })).toBe('print(0)');
    expect(
      currentProgram({
        proposal: { ...code, value: { plan: 'x' } },
        outcome: { status: 'solved', program: { lang: 'python', source: 'print(2)' } },
        lastCode: 'print(0)',
      }),
    ).toBe('print(2)');
    expect(currentProgram({})).toBeUndefined();
  });
});

describe('the controller writes the program (a real temporary directory)', () => {
  it('names it PROBLEM.EXT, writes it in the start directory and says where', async () => {
    expect(defaultProgramName('pair-sum', 'cpp')).toBe('pair-sum.cpp');
    expect(defaultProgramName('sum-two', 'python')).toBe('sum-two.py');
    expect(defaultProgramName('apps.jsonl:42/b', 'cpp')).toBe('apps.jsonl-42-b.cpp');
    const cwd = tempDir('sc-write-');
    const out = createProgramOut({ cwd, terminal: fakeTerminal() });
    const r = await out.write(out.defaultName('pair-sum', 'cpp'), 'int main() {\n  return 0;\n}', false);
    expect(r).toEqual({ kind: 'written', path: join(cwd, 'pair-sum.cpp'), lines: 3 });
    expect(readFileSync(join(cwd, 'pair-sum.cpp'), 'utf8')).toBe('int main() {\n  return 0;\n}\n');
  });

  it('asks before replacing a file: the first answer is "exists" and the file is untouched; with overwrite it is replaced', async () => {
    const cwd = tempDir('sc-write-');
    writeFileSync(join(cwd, 'a.py'), 'mine\n');
    expect(await writeProgramFile('a.py', 'print(1)\n', { cwd, overwrite: false })).toEqual({
      kind: 'exists',
      path: join(cwd, 'a.py'),
    });
    expect(readFileSync(join(cwd, 'a.py'), 'utf8')).toBe('mine\n');
    expect(await writeProgramFile('a.py', 'print(1)\n', { cwd, overwrite: true })).toMatchObject({
      kind: 'written',
      lines: 1,
    });
    expect(readFileSync(join(cwd, 'a.py'), 'utf8')).toBe('print(1)\n');
  });

  it('makes no directory: a missing one or a directory given as the file is one clear line', async () => {
    const cwd = tempDir('sc-write-');
    const missing = await writeProgramFile('no/such/dir/a.py', 'x', { cwd, overwrite: false });
    expect(missing).toEqual({
      kind: 'failed',
      message: `not written: there is no directory ${join(cwd, 'no/such/dir')} (simcoach makes none)`,
    });
    expect(existsSync(join(cwd, 'no'))).toBe(false);
    expect(await writeProgramFile('.', 'x', { cwd, overwrite: true })).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('is a directory'),
    });
    expect(await writeProgramFile('  ', 'x', { cwd, overwrite: false })).toMatchObject({ kind: 'failed' });
    expect(await writeProgramFile('~/b.py', 'x', { cwd, overwrite: false, home: cwd })).toMatchObject({
      kind: 'written',
      path: join(cwd, 'b.py'),
    });
  });
});

describe('OSC 52 bytes', () => {
  it('plain: ESC ] 52 ; c ; base64 ST', () => {
    expect(osc52('hi')).toBe(`${ESC}]52;c;aGk=${ESC}\\`);
    expect(copySequence('print(1)\nprint(2)\n', { tmux: false })).toEqual({
      ok: true,
      bytes: osc52('print(1)\nprint(2)\n'),
      lines: 2,
    });
  });

  it('under tmux: the plain sequence (set-clipboard on) and then the DCS passthrough with every ESC doubled (allow-passthrough on)', () => {
    expect(tmuxPassthrough(osc52('hi'))).toBe(`${ESC}Ptmux;${ESC}${ESC}]52;c;aGk=${ESC}${ESC}\\${ESC}\\`);
    const r = copySequence('hi', { tmux: true });
    expect(r).toEqual({
      ok: true,
      bytes: `${ESC}]52;c;aGk=${ESC}\\${ESC}Ptmux;${ESC}${ESC}]52;c;aGk=${ESC}${ESC}\\${ESC}\\`,
      lines: 1,
    });
  });

  it('caps the sequence at 100,000 bytes: a longer program is not copied, and the message says so', () => {
    // 7 bytes before the base64 and 2 after: 74,991 bytes of text are 99,988 of base64, the most that fits.
    expect(copySequence('x'.repeat(74_991), { tmux: false })).toMatchObject({ ok: true });
    expect(osc52('x'.repeat(74_991)).length).toBeLessThanOrEqual(OSC52_MAX_SEQUENCE);
    const over = copySequence('x'.repeat(74_994), { tmux: false });
    expect(over).toEqual({
      ok: false,
      message: expect.stringMatching(/^not copied: 75 kB is more than a terminal takes through OSC 52/),
    });
  });

  it('writes to a terminal only: piped output copies nothing and says why; $TMUX wraps', () => {
    const pipe = fakeTerminal(false);
    expect(copyToTerminal('x', pipe, {})).toMatchObject({
      ok: false,
      message: expect.stringContaining('not a terminal'),
    });
    expect(pipe.written).toEqual([]);
    const tty = fakeTerminal();
    expect(copyToTerminal('x\ny', tty, { TMUX: '/tmp/tmux-0/default,1,0', NO_COLOR: '1' })).toEqual({
      ok: true,
      lines: 2,
    });
    expect(tty.written).toEqual([
      copySequence('x\ny', { tmux: true }).ok ? (copySequence('x\ny', { tmux: true }) as { bytes: string }).bytes : '',
    ]);
    expect(tty.written[0]).toContain(`${ESC}Ptmux;`);
  });
});

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';

describe('w and y in the app', () => {
  const ui = appSuite();

  it('at the code gate: w writes sum-two.py, a second w asks before overwriting, y copies; in the timeline the step looked at', async () => {
    const cwd = tempDir('sc-app-write-');
    const term = fakeTerminal();
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: `\`\`\`python\n${RIGHT}\n\`\`\`\n` });
    const app = await ui.start(server, await loadProblem('sum-two'), {
      programOut: createProgramOut({ cwd, terminal: term, env: {} }),
    });
    const plan = await app.until(/▸ 1 Plan\s+your decision/);
    // No program yet: no w or y among the keys.
    expect(plan).not.toMatch(/w save/);
    await app.press('a');
    await app.until(/Simulat\w*\s+your decision/);
    await app.press('a');
    const code = await app.until(/Code\s+your decision/);
    expect(code).toMatch(/g timeline · w save · y copy · \? keys/);
    await app.press('w');
    expect(await app.until('write the program to:')).toMatch(/write the program to: sum-two\.py/);
    expect(app.frame()).toMatch(/enter write · esc cancel/);
    await app.press(KEYS.enter);
    await app.until(`wrote 2 lines to ${join(cwd, 'sum-two.py')}`);
    expect(readFileSync(join(cwd, 'sum-two.py'), 'utf8')).toBe(`${RIGHT}\n`);
    // The gate still waits: nothing was decided.
    expect(app.frame()).toMatch(/Code\s+your decision/);

    writeFileSync(join(cwd, 'sum-two.py'), 'mine\n');
    await app.press('w');
    await app.until('write the program to:');
    await app.press(KEYS.enter);
    const asked = await app.until('exists: overwrite it? y/n');
    expect(asked).toMatch(/y overwrite · n keep the file/);
    await app.press('n');
    await app.until(/is kept/);
    expect(readFileSync(join(cwd, 'sum-two.py'), 'utf8')).toBe('mine\n');
    await app.press('w');
    await app.until('write the program to:');
    await app.press(KEYS.enter);
    await app.until('exists: overwrite it? y/n');
    await app.press('y');
    await app.until(/wrote 2 lines to/);
    expect(readFileSync(join(cwd, 'sum-two.py'), 'utf8')).toBe(`${RIGHT}\n`);
    // The confirming y was the question's, not a copy.
    expect(term.written).toEqual([]);

    await app.press('y');
    await app.until('copied 2 lines to the clipboard');
    expect(term.written).toEqual([osc52(`${RIGHT}\n`)]);

    // The live timeline: the code step (the last one) has w and y; the plan step has neither.
    await app.press('g');
    const list = await app.until(/^ +3 {2}.{3} Code/m);
    expect(list).toMatch(/w save · y copy/);
    await app.press(KEYS.up);
    await waitFor(app.frame, (f) => !/w save/.test(f), 'the plan step: no program');
    await app.press(KEYS.down);
    await app.press(KEYS.enter);
    await app.until(/Timeline · step \d+\/\d+ · Code/);
    await app.press('y');
    await app.until('copied 2 lines to the clipboard');
    expect(term.written).toHaveLength(2);
    await app.press('w');
    await app.until('write the program to: sum-two.py');
    await app.press(`${KEYS.backspace.repeat(2)}txt`);
    await app.press(KEYS.enter);
    await app.until(`wrote 2 lines to ${join(cwd, 'sum-two.txt')}`);
    expect(readFileSync(join(cwd, 'sum-two.txt'), 'utf8')).toBe(`${RIGHT}\n`);
  });
});

describe('w and y in the replay viewer', () => {
  it("the viewed step's program: written, and copied", async () => {
    const dir = tempDir('sc-replay-write-');
    const source = 'print(sum(map(int, input().split())))';
    const file = new JournalBuilder()
      .ask(0, 0, {
        agent: 'plan',
        title: 'Plan',
        pane: 'plan',
        answer: '1. read a and b',
        decision: { kind: 'approve' },
      })
      .ask(0, 1, {
        agent: 'code',
        title: 'Code',
        pane: 'code',
        answer: `\`\`\`python\n${source}\n\`\`\``,
        value: { source, lang: 'python' },
        decision: { kind: 'approve' },
      })
      .end('solved')
      .write(join(dir, 's.jsonl'));
    const tl = await Timeline.open(file);
    expect(stepProgram(tl.load(tl.lastBranch.steps[1]!))).toBe(source);
    const term = fakeTerminal();
    const r = render(
      <ReplayScreen timeline={tl} speed={1} out={createProgramOut({ cwd: dir, terminal: term, env: {} })} />,
    );
    try {
      await waitFor(
        () => r.lastFrame() ?? '',
        (f) => f.includes('step 1/2'),
        'the first step',
      );
      expect(r.lastFrame()).not.toContain('w save');
      r.stdin.write(' ');
      await settled(r);
      const code = await waitFor(
        () => r.lastFrame() ?? '',
        (f) => f.includes('step 2/2'),
        'the code step',
      );
      expect(code).toContain('w save · y copy');
      r.stdin.write('y');
      await waitFor(
        () => r.lastFrame() ?? '',
        (f) => f.includes('copied 1 line to the clipboard'),
        'the copy',
      );
      expect(term.written).toEqual([osc52(source)]);
      r.stdin.write('w');
      await settled(r);
      await waitFor(
        () => r.lastFrame() ?? '',
        (f) => /write the program to: sum-two\.py/.test(f),
        'the path prompt',
      );
      r.stdin.write('\r');
      await waitFor(
        () => r.lastFrame() ?? '',
        (f) => f.includes(`wrote 1 line to ${join(dir, 'sum-two.py')}`),
        'the write',
      );
      expect(readFileSync(join(dir, 'sum-two.py'), 'utf8')).toBe(`${source}\n`);
    } finally {
      r.unmount();
    }
  });
});
