// Approval modes on the solve screen: the keys as data (A, W, ctrl-c stepping in), the key bar
// and status bar under a mode, and the real app (engine, judge, fake Ollama over HTTP) where A
// lets plan and simulation pass until the code stops, and watch mode is stepped out of with ctrl-c.
import { describe, expect, it } from 'vitest';
import { solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { GATE_HINTS, STREAM_HINTS, untilCodeEarly, withApproval } from '../../src/components/solveHints.js';
import { hintsText } from '../../src/components/KeyHints.js';
import { statusRow } from '../../src/components/StatusBar.js';
import { SIM_FINE } from '../fakes/answers.js';
import { stageOf } from '../flows/harness.js';
import { KEYS, appSuite, settled } from './helpers.js';
import { render } from 'ink-testing-library';
import { SettingsScreen } from '../../src/screens/Settings.js';
import type { AppController, SettingsView } from '../../src/app/controller.js';

const gate: SolveKeyView = {
  streaming: false,
  proposal: { pane: 'plan', cancelled: false, failed: false },
  ended: false,
  backendError: false,
  canAnother: true,
  earlier: 0,
  backPick: 0,
  offset: 0,
  rows: 5,
  body: 10,
  sinceCancel: Number.POSITIVE_INFINITY,
};
const key = (input: string, flags: Record<string, boolean> = {}) => ({ input, ...flags });
const ctrlC = key('c', { ctrl: true });

describe('the keys of the modes', () => {
  it("A approves until the code, W watches; pressing the mode's own key again only says so; nothing after the end", () => {
    expect(solveKey('main', gate, key('A'))).toEqual({ kind: 'approval', mode: 'until-code' });
    expect(solveKey('main', gate, key('W'))).toEqual({ kind: 'approval', mode: 'watch' });
    expect(solveKey('main', { ...gate, proposal: undefined, streaming: true }, key('W'))).toEqual({
      kind: 'approval',
      mode: 'watch',
    });
    expect(solveKey('main', { ...gate, approval: 'until-code' }, key('A'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('ctrl-c steps in'),
    });
    expect(solveKey('main', { ...gate, approval: 'until-code' }, key('W'))).toEqual({
      kind: 'approval',
      mode: 'watch',
    });
    expect(solveKey('main', { ...gate, proposal: undefined, ended: true }, key('A'))).toEqual({ kind: 'none' });
    // Overlays and inputs keep their letters.
    expect(solveKey('help', gate, key('A'))).toEqual({ kind: 'none' });
  });

  it('under a mode the first ctrl-c steps in (anywhere, streaming or not); the next one within the window quits', () => {
    for (const v of [
      { ...gate, approval: 'watch' as const },
      { ...gate, approval: 'until-code' as const, proposal: undefined, streaming: true },
    ]) {
      expect(solveKey('main', v, ctrlC)).toEqual({ kind: 'approval', mode: 'each' });
      expect(solveKey('help', v, ctrlC)).toEqual({ kind: 'approval', mode: 'each' });
      expect(solveKey('main', { ...v, approval: 'each', sinceCancel: 0 }, ctrlC)).toEqual({ kind: 'quit' });
    }
    // Two ctrl-c in one read: step in, then quit.
    expect(
      solveKeys('main', { ...gate, approval: 'watch', proposal: undefined, streaming: true }, [ctrlC, ctrlC]),
    ).toEqual([{ kind: 'approval', mode: 'each' }, { kind: 'quit' }]);
    // Without a mode, ctrl-c is what it was: cancel a streaming answer, else quit.
    expect(solveKey('main', { ...gate, proposal: undefined, streaming: true }, ctrlC)).toEqual({
      kind: 'cancel-answer',
    });
    expect(solveKey('main', gate, ctrlC)).toEqual({ kind: 'quit' });
  });

  it('A at a gate ends the burst: the keys after it are not for the step it approved', () => {
    expect(solveKeys('main', gate, [key('A'), key('a')])).toEqual([{ kind: 'approval', mode: 'until-code' }]);
  });

  it('the key bar starts with the mode and the key that leaves it; the status bar names the mode', () => {
    expect(hintsText(withApproval(GATE_HINTS, 'until-code'), 200)).toMatch(
      /^ctrl-c step in \(until code\) · a approve/,
    );
    expect(withApproval(GATE_HINTS, 'until-code').some((h) => h.key === 'A')).toBe(false);
    expect(withApproval(GATE_HINTS, 'until-code').some((h) => h.key === 'W')).toBe(true);
    // While an answer streams, ctrl-c steps in rather than cancelling it.
    const streaming = withApproval(STREAM_HINTS, 'watch');
    expect(hintsText(streaming, 200)).toMatch(/^ctrl-c step in \(watching\) · g timeline/);
    expect(streaming.filter((h) => h.key === 'ctrl-c')).toHaveLength(1);
    expect(withApproval(GATE_HINTS, 'each')).toBe(GATE_HINTS);
    // Before there is a program, A moves up: at 80 columns the gate's first keys, A among them, all fit.
    expect(hintsText(untilCodeEarly(GATE_HINTS), 80)).toBe(
      'a approve · e edit · E editor · r reject · A to code · b back · q quit · ? keys',
    );
    expect(hintsText(GATE_HINTS, 200)).toContain('? keys · A to code · g timeline · W watch');
    expect(untilCodeEarly(STREAM_HINTS)).toBe(STREAM_HINTS);
    const bar = (approval?: 'watch' | 'until-code') =>
      statusRow(
        {
          flow: 'codesim',
          model: 'm',
          tokensIn: 0,
          tokensOut: 0,
          progress: [],
          calls: 0,
          ...(approval ? { approval } : {}),
        },
        80,
        0,
      )
        .map((s) => s.text)
        .join('');
    expect(bar('watch')).toMatch(/^ codesim +» watching/);
    expect(bar('until-code')).toContain('» until the code');
    expect(bar()).not.toContain('»');
  });
});

describe('the settings screen', () => {
  it('lists the approval mode and saves the one picked', async () => {
    let view: SettingsView = {
      backend: 'ollama',
      host: 'http://127.0.0.1:11434',
      model: 'm',
      flow: 'codesim',
      lang: 'python',
      langFrom: 'from settings',
      approval: 'each',
      budgets: [],
    };
    const saved: [string, string | number][] = [];
    const settings: AppController['settings'] = {
      get: () => view,
      choices: () => ({
        backends: ['ollama', 'openai'],
        langs: ['python'],
        approvals: ['each', 'until-code', 'watch'],
        flows: [],
      }),
      models: async () => ['m'],
      save: async (key, value) => {
        saved.push([key, value]);
        view = { ...view, approval: String(value) };
      },
    };
    const r = render(<SettingsScreen app={settings} width={80} height={20} onClose={() => {}} />);
    expect(r.lastFrame()).toMatch(/approval\s+each/);
    for (let i = 0; i < 5; i++) {
      r.stdin.write(KEYS.down);
      await settled(r);
    }
    r.stdin.write(KEYS.enter);
    await settled(r);
    expect(r.lastFrame()).toMatch(/until-code[\s\S]*watch/);
    r.stdin.write(KEYS.down);
    await settled(r);
    r.stdin.write(KEYS.enter);
    await settled(r);
    expect(saved).toEqual([['approval', 'until-code']]);
    r.unmount();
  });
});

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

const ui = appSuite();

describe('the modes in the app', () => {
  it('A at the plan: plan and simulation pass by themselves, the code stops; ctrl-c steps in, a second ctrl-c quits', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until(/▸ 1 Plan\s+your decision/);
    await app.press('A');
    const code = await app.until(/▸ 3 Code\s+your decision/);
    expect(server.chatBodies().map(stageOf)).toEqual(['plan', 'simulate', 'code']);
    expect(code).toContain('» until the code');
    expect(code).toMatch(/ctrl-c step in \(until code\)/);
    // Each pane that passed is in the history, marked as the mode's.
    expect(app.all()).toMatch(/✓ 1 Plan \(until the code\)/);
    expect(app.all()).toMatch(/✓ 2 Simulation \(until the code\)/);
    await app.press(KEYS.ctrlC);
    const stepped = await app.until('you stepped in');
    expect(stepped).toContain('ctrl-c again within 3 s quits');
    expect(stepped).not.toContain('» until the code');
    expect(stepped).toMatch(/▸ 3 Code\s+your decision/);
    await app.press(KEYS.ctrlC);
    await app.until('stopping… the session is saved');
  });

  it('watch (the setting): the plan passes as it finishes; ctrl-c while the next answer is awaited steps in, and that step waits for the person', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const server = await ui.model({ plan: PLAN, simulate: () => ({ text: SIM_FINE, hold }), code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo, { approval: 'watch' });
    const waiting = await app.until(/▸ 2 Simulation/);
    expect(app.all()).toMatch(/✓ 1 Plan \(watching\)/);
    expect(waiting).toContain('» watching');
    expect(waiting).toMatch(/ctrl-c step in \(watching\)/);
    await app.press(KEYS.ctrlC);
    await app.until('you stepped in');
    release();
    const sim = await app.until(/▸ 2 Simulation\s+your decision/);
    expect(sim).not.toContain('» watching');
    await app.press('a');
    await app.until(/▸ 3 Code\s+your decision/);
    // W watches again from here: the code passes, and the session runs to its verdict.
    await app.press('W');
    await app.until('★ Accepted');
    expect(app.all()).toMatch(/✓ 3 Code \(watching\)/);
  });
});
