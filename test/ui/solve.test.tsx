// Whole solves driven by keys: the real app, the real engine and judge, the real Ollama backend
// over HTTP to the fake server (only the model is scripted).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeServer } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { KEYS, appSuite, type StageAnswers } from './helpers.js';
import { SIM_FINE } from '../fakes/answers.js';

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const WRONG = 'a, b = map(int, input().split())\nprint(a - b)';
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const PLAN = `## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

const ui = appSuite();

const stages = (s: FakeServer): string[] => s.chatBodies().map(stageOf);
const lastUser = (s: FakeServer, i: number): string => {
  const b = s.chatBodies()[i]!;
  return b.messages.map((m) => m.content).join('\n');
};

describe('a whole solve by keys', () => {
  it('approve all → AC, the history keeps every step, q quits with the journal closed', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until('your decision');
    expect(app.frame()).toContain('Print a + b');
    await app.press('a');
    await app.until('plan is fine');
    await app.press('a');
    await app.until(/3 Code/);
    await app.until('your decision');
    await app.press('a');
    // The samples pass; only then the program is submitted to every hidden test, as a step of its own.
    const end = await app.until('★ Accepted');
    expect(stages(server)).toEqual(['plan', 'simulate', 'code']);
    expect(app.all()).toMatch(/▶ 4 Samples\s+AC\s+2\/2 passed/);
    expect(app.all()).toMatch(/▶ 5 Submit\s+AC\s+11\/11 passed/);
    expect(end).toContain('Accepted — 11/11 tests (9 hidden)');
    expect(end).toMatch(/slowest \d+ ms of 1\.00 s · most memory [\d.]+ MB of 256\.0 MB/);
    // The status bar names the problem and the language, and ends on the contest's word.
    expect(end).toMatch(/codesim\s+sum-two · python.*accepted/);
    const j = journalOf(end);
    expect(j.filter((e) => e.type === 'step-start').map((e) => (e as { title?: string }).title)).toEqual([
      'Plan',
      'Simulation',
      'Code',
      'Samples',
      'Submit',
    ]);
    expect(j.at(-1)).toMatchObject({
      type: 'end',
      outcome: { status: 'solved', submit: { verdict: 'AC', passed: 11, total: 11, hidden: 9 } },
    });
    await app.press('q');
    expect(await app.exit).toBe(0);
  });

  it('samples that pass are not a verdict: a hidden test fails the submission, and the words say so', async () => {
    const BIGWRONG = 'a, b = map(int, input().split())\nprint(a + b if abs(a) < 10**9 else 0)';
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(BIGWRONG) });
    const app = await ui.start(server, ui.sumTwo);
    for (const step of ['1 Plan', '2 Simulation', '3 Code']) {
      await app.until(new RegExp(`${step}\\s+your decision`));
      await app.press('a');
    }
    const end = await app.until('hidden tests do not');
    expect(end).toMatch(/▶ 5 Submit\s+WA\s+\d+\/11 passed/);
    expect(end).toMatch(/first failure: 0\d-case\d \(WA\)/);
    expect(end).toMatch(/Samples pass, hidden tests do not — WA on 0\d-case\d, \d+\/11 tests/);
    expect(end).not.toContain('Accepted');
    await app.press('q');
    expect(await app.exit).toBe(1);
  });
});

const journalOf = (frame: string): { type: string; [k: string]: unknown }[] => {
  const m = /replay it: simcoach replay (\S+\.jsonl)/.exec(frame);
  if (!m) throw new Error(`no session file on the screen:\n${frame}`);
  return readFileSync(m[1]!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
};

describe('the gate by keys', () => {
  it('e: the plan edited inline is what the coder receives, and it is marked as yours', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until('your decision');
    await app.press('e');
    // Only the plan is edited (it is what the next stage receives); the rest is shown read-only.
    const editing = await app.until('Editing the plan (what the next stage receives)');
    expect(editing).toContain('Add two integers.');
    expect(editing).toMatch(/read-only/);
    expect(editing).toMatch(/1 1\. Read a and b\.\s+2 2\. Print a \+ b\./);
    // To the plan's last line, its end, and add to it.
    for (let i = 0; i < 5; i++) await app.press(KEYS.down);
    await app.press(KEYS.end);
    await app.type(' Mind negative numbers (MY-EDIT).');
    await app.press(KEYS.ctrlS);
    await app.until('plan is fine');
    expect(app.frame()).toContain('✎ yours');
    await app.press('a');
    await app.until(/▸ 3 Code\s+your decision/);
    const code = server.chatBodies().findIndex((b) => stageOf(b) === 'code');
    expect(lastUser(server, code)).toContain('1. Read a and b.\n2. Print a + b. Mind negative numbers (MY-EDIT).');
    expect(lastUser(server, 1)).toContain('MY-EDIT'); // the simulation ran on it too
    await app.press('a');
    await app.until('★ Accepted');
    const j = journalOf(app.frame());
    expect(j.find((e) => e.type === 'decision')).toMatchObject({ decision: { kind: 'edit' }, by: 'person' });
  });

  it("E: the external editor's text is the decision", async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo, {
      editExternally: async (t, ext) => (ext === '.md' ? t.replace('Print a + b.', 'Print a + b (EXTERNAL).') : t),
    });
    await app.until('your decision');
    await app.press('E');
    await app.until('plan is fine');
    expect(lastUser(server, 1)).toContain('Print a + b (EXTERNAL).');
  });

  it('r: rejecting the code with a note puts the note in the next request', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: [fence(WRONG), fence(RIGHT)] });
    const app = await ui.start(server, ui.sumTwo);
    await app.until('your decision');
    await app.press('a');
    await app.until('plan is fine');
    await app.press('a');
    await app.until(/▸ 3 Code\s+your decision/);
    expect(app.frame()).toContain('print(a - b)');
    await app.press('r');
    await app.until('what is wrong:');
    await app.type('it must add, not subtract');
    await app.press(KEYS.enter);
    await app.until(/print\(a \+ b\)[\s\S]*▸ 3 Code\s+your decision|▸ 3 Code\s+your decision[\s\S]*print\(a \+ b\)/);
    const bodies = server.chatBodies();
    expect(bodies).toHaveLength(4);
    expect(bodies[3]!.messages.map((m) => m.content).join('\n')).toContain('it must add, not subtract');
    expect(app.all()).toContain('Code rejected: it must add, not subtract');
    await app.press('a');
    await app.until('★ Accepted');
  });

  it('b: back to the plan starts a new branch; the old one stays in the journal', async () => {
    const server = await ui.model({
      plan: [PLAN, PLAN.replace('Print a + b.', 'Print a + b (second plan).')],
      simulate: SIM_FINE,
      code: fence(RIGHT),
    });
    const app = await ui.start(server, ui.sumTwo);
    await app.until('your decision');
    await app.press('a');
    await app.until('plan is fine');
    await app.press('a');
    await app.until(/▸ 3 Code\s+your decision/);
    await app.press('b');
    await app.until('Back to which step?');
    await app.press(KEYS.up);
    await app.press(KEYS.enter);
    await app.until(/▸ 1 Plan\s+your decision/);
    expect(app.all()).toContain('back to step 1 — branch 1');
    // The plan step is shown again; reject it to get a new one, then approve through.
    await app.press('r');
    await app.type('try again');
    await app.press(KEYS.enter);
    await app.until('second plan');
    await app.press('a');
    await app.until('plan is fine');
    await app.press('a');
    await app.until(/▸ 3 Code\s+your decision/);
    await app.press('a');
    await app.until('★ Accepted');
    const j = journalOf(app.frame());
    expect(j.filter((e) => e.type === 'branch')).toEqual([expect.objectContaining({ branch: 1, from: 0, atStep: 0 })]);
    expect(j.some((e) => e.type === 'step-start' && e.branch === 0)).toBe(true);
    expect(j.some((e) => e.type === 'step-start' && e.branch === 1)).toBe(true);
  });

  const slowPlan = (): StageAnswers['plan'] => {
    const long = Array.from({ length: 400 }, (_, i) => `thinking ${i}`).join(' ');
    return (_b, nth) => (nth === 0 ? { text: `## Understanding\n${long}`, chunkDelayMs: 20 } : { text: PLAN });
  };

  it('ctrl-c mid-stream cancels that answer and keeps the session; R asks afresh, not a repair', async () => {
    const server = await ui.model({ plan: slowPlan(), simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until(/streaming[\s\S]*thinking 5/);
    await app.press(KEYS.ctrlC);
    await app.until(/▸ 1 Plan\s+answer cancelled/);
    expect(app.frame()).toContain('R ask again');
    // The partial answer is not an answer: nothing was parsed or repaired behind the person's back.
    expect(server.chatBodies()).toHaveLength(1);
    // The session is alive: the person asks again and goes on.
    await app.press('R');
    await app.until(/▸ 1 Plan\s+your decision/);
    const bodies = server.chatBodies();
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.messages).toEqual(bodies[0]!.messages);
    expect(app.all()).toContain('Plan answer cancelled — asking again');
    await app.press('a');
    await app.until('plan is fine');
    await app.press('q');
    expect(await app.exit).toBe(0);
    const j = newestJournal();
    expect(
      j
        .filter((e) => e.type === 'llm-response')
        .map((e) => e.cancelled === true)
        .slice(0, 2),
    ).toEqual([true, false]);
    expect(j.at(-1)).toMatchObject({ type: 'end', outcome: { status: 'stopped' } });
  });

  it('ctrl-c mid-stream, then r with a note: the fresh ask carries the note, not the partial text', async () => {
    const server = await ui.model({ plan: slowPlan(), simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until(/streaming[\s\S]*thinking 5/);
    await app.press(KEYS.ctrlC);
    await app.until(/▸ 1 Plan\s+answer cancelled/);
    await app.press('r');
    await app.until('note for the new answer:');
    await app.type('be brief');
    await app.press(KEYS.enter);
    await app.until(/▸ 1 Plan\s+your decision/);
    const again = server.chatBodies()[1]!.messages;
    expect(again.at(-1)!.content).toContain('be brief');
    expect(again.some((m) => m.role === 'assistant' || m.content.includes('thinking 5'))).toBe(false);
  });
});

describe('quitting', () => {
  it('a second ctrl-c within 3 s quits cleanly; the journal ends with the session stopped', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `thinking ${i}`).join(' ');
    const server = await ui.model({ plan: () => ({ text: `## Understanding\n${long}`, chunkDelayMs: 20 }) });
    const app = await ui.start(server, ui.sumTwo);
    await app.until(/streaming[\s\S]*thinking 5/);
    await app.press(KEYS.ctrlC);
    await app.until('answer cancelled');
    await app.press(KEYS.ctrlC);
    expect(await app.exit).toBe(0);
    expect(newestJournal().at(-1)).toMatchObject({ type: 'end', outcome: { status: 'stopped' } });
  });
});

const statMs = (f: string): number => statSync(f).mtimeMs;

/** The events of the session file written last (a quit app leaves no file name on the screen). */
function newestJournal(): { type: string; [k: string]: unknown }[] {
  const dir = join(process.env.XDG_DATA_HOME!, 'simcoach', 'sessions');
  const newest = readdirSync(dir)
    .map((f) => join(dir, f))
    .sort((a, b) => statMs(b) - statMs(a))[0]!;
  return readFileSync(newest, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { type: string });
}

describe('the model server failing mid-session', () => {
  it('a dropped stream shows the error with R; R continues the same journal from the last complete step', async () => {
    const server = await ui.model({
      plan: PLAN,
      simulate: SIM_FINE,
      code: (_b, nth) =>
        nth === 0 ? { text: 'partial answer that never ends properly', dropAfterChunks: 2 } : { text: fence(RIGHT) },
    });
    const app = await ui.start(server, ui.sumTwo);
    await app.until(/▸ 1 Plan\s+your decision/);
    await app.press('a');
    await app.until(/▸ 2 Simulation\s+your decision/);
    await app.press('a');
    await app.until(/R try again/);
    expect(app.frame()).toMatch(/dropped|closed|connection/i);
    // How to go on, once and whole: wrapped at the width, never cut.
    const guide = app
      .frame()
      .split('\n')
      .filter((l) => l.startsWith('start the server'));
    expect(guide).toHaveLength(1);
    expect(app.frame().replace(/\s+/g, ' ')).toContain('then press R to go on from the last complete step');
    expect(app.frame()).not.toContain('…');
    await app.press('R');
    await app.until(/▸ 3 Code\s+your decision/);
    // Plan and simulation were served from the journal: the model saw only the code stage again.
    expect(stages(server)).toEqual(['plan', 'simulate', 'code', 'code']);
    await app.press('a');
    const end = await app.until('★ Accepted');
    expect(end).toContain('trying again from the last complete step');
  });
});

describe('a session that fails before its first step', () => {
  it('leaves no session file behind (model missing); R starts it afresh once the model is there', async () => {
    const dir = join(process.env.XDG_DATA_HOME!, 'simcoach', 'sessions');
    const before = new Set(existsSync(dir) ? readdirSync(dir) : []);
    let missing = true;
    const server = await ui.model({
      plan: () =>
        missing ? { status: 404, error: "model 'fake-coder:7b' not found, try pulling it first" } : { text: PLAN },
      simulate: SIM_FINE,
      code: fence(RIGHT),
    });
    const app = await ui.start(server, ui.sumTwo);
    const failed = await app.until(/R try again/);
    expect(failed).not.toContain('replay it');
    const added = (): string[] => (existsSync(dir) ? readdirSync(dir) : []).filter((f) => !before.has(f));
    expect(added()).toEqual([]);
    missing = false;
    await app.press('R');
    await app.until(/▸ 1 Plan\s+your decision/);
    // The fresh start has its file.
    expect(added()).toHaveLength(1);
    await app.press('q');
    expect(await app.exit).toBe(0);
  });
});

describe('the end screen', () => {
  it('says once what happened and why, and shows (and ? lists) only the keys that still work', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
    const app = await ui.start(server, ui.sumTwo);
    for (const step of ['1 Plan', '2 Simulation', '3 Code']) {
      await app.until(new RegExp(`${step}\\s+your decision`));
      await app.press('a');
    }
    const end = await app.until('★ Accepted');
    // The end line says it, with what it rests on; the title does not say it again.
    expect(end.match(/Accepted/g)).toHaveLength(1);
    expect(end).toContain('Accepted — 11/11 tests (9 hidden)');
    expect(end).toMatch(/▸ Session ended\s*$/m);
    const hints = end.trim().split('\n').at(-1)!;
    for (const k of ['p problem', 's settings', '? keys', 'q quit']) expect(hints).toContain(k);
    for (const k of ['approve', 'edit', 'reject', 'back', 'try again']) expect(hints).not.toContain(k);
    await app.press('?');
    const help = await app.until(/Keys/);
    expect(help).toContain('settings: backend, model');
    for (const gone of ['approve the proposal', 'reject it', 'back to an earlier step', 'cancel the model'])
      expect(help).not.toContain(gone);
    await app.press('q');
    await app.until(/Session ended/);
    await app.press('q');
    expect(await app.exit).toBe(0);
  });
});
