// The app controller's services, each on its own without the controller: real settings files,
// a real fake model server over HTTP, real problem folders in a temp home.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSetting, resolveSettings } from '../../src/settings/load.js';
import { createBackendService } from '../../src/app/backendService.js';
import { createEditorService } from '../../src/app/editorService.js';
import { createProblemsService } from '../../src/app/problemsService.js';
import { createSandboxService } from '../../src/app/sandboxService.js';
import { bringing, hiddenTest, workedMs } from '../../src/app/sessionParts.js';
import { createSettingsService } from '../../src/app/settingsService.js';
import { createStatementService } from '../../src/app/statementService.js';
import type { ProgramOut } from '../../src/app/controller.js';
import { createManualGate } from '../../src/engine/index.js';
import type { Proposal } from '../../src/engine/types.js';
import { problemsDir } from '../../src/system/paths.js';
import { loadProblem } from '../../src/problems/index.js';
import { probeBackend } from '../../src/llm/probe.js';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { enterTempXdg } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

const PROBLEM = `---\ntitle: Add Two\ntime_limit: 1s\nmemory_limit: 64MB\n---\n# Add Two\n\nPrint a+b.\n\n## Examples\n\n\`\`\`input\n1 2\n\`\`\`\n\n\`\`\`output\n3\n\`\`\`\n`;

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeOllama({ models: [{ name: 'fake-coder:7b' }] });
});
afterAll(() => server.close());
beforeEach(() => {
  enterTempXdg('simcoach-services-');
});

const settingsAt = (flags: Record<string, string> = {}) =>
  resolveSettings({ host: server.url, model: 'fake-coder:7b', ...flags });

describe('settingsService', () => {
  it('saves a setting into the settings file and takes it at once; the flags of the run still win', async () => {
    const flags = { host: server.url, lang: 'cpp' };
    const s = createSettingsService({ settings: settingsAt({ lang: 'cpp' }), flags });
    expect(s.view().langFrom).toBe('--lang');
    await s.save('approval', 'until-code');
    expect(getSetting('approval')).toBe('until-code');
    expect(s.current().approval).toBe('until-code');
    await s.save('lang', 'python');
    expect(s.current().lang).toBe('cpp');
    expect(s.choices().langs).toContain('python');
    expect(s.view().budgets.length).toBeGreaterThan(0);
  });
  it('a setting refused leaves the settings as they were, with a one-line reason', async () => {
    const s = createSettingsService({ settings: settingsAt() });
    await expect(s.save('approval', 'sometimes')).rejects.toThrow(/approval/);
    expect(s.current().approval).toBe(settingsAt().approval);
  });
});

describe('backendService', () => {
  it('checks the server itself when no start-up probe was given, tells its listeners, and lists the models', async () => {
    const b = createBackendService({ settings: () => settingsAt() });
    expect(b.face.state().kind).toBe('unknown');
    const changed = new Promise<void>((r) => b.face.subscribe(r));
    await changed;
    expect(b.face.state()).toMatchObject({ kind: 'ok', models: ['fake-coder:7b'] });
    expect(await b.models()).toEqual(['fake-coder:7b']);
  });
  it('a pull shows its progress and ends on the server checked again', async () => {
    const missing = settingsAt({ model: 'other:1b' });
    const probe = await probeBackend(missing, { timeoutMs: 2000 });
    const b = createBackendService({ settings: () => missing, probe });
    expect(b.face.state()).toMatchObject({ kind: 'down', modelMissing: true });
    const seen: string[] = [];
    b.face.subscribe(() => seen.push(b.face.state().kind));
    await b.face.pull();
    expect(seen.filter((k) => k === 'pulling').length).toBeGreaterThan(1);
    // The server checked again after the pull has the model now.
    expect(b.face.state()).toMatchObject({ kind: 'ok', models: expect.arrayContaining(['other:1b']) });
  });
});

describe('problemsService', () => {
  it('lists the built-in and saved problems, keeps the rows for the next first frame, and opens a row whole', async () => {
    mkdirSync(problemsDir(), { recursive: true });
    writeFileSync(join(problemsDir(), 'add-two.md'), PROBLEM);
    const p = createProblemsService(() => ' · flow test');
    expect(p.atHand()).toBeUndefined();
    const rows = await p.list();
    const saved = rows.find((r) => r.group === 'saved');
    expect(saved).toMatchObject({ ref: 'saved:add-two', title: 'Add Two' });
    expect(rows.some((r) => r.group === 'fixtures')).toBe(true);
    expect(p.atHand()?.map((r) => r.ref)).toEqual(rows.map((r) => r.ref));
    const opened = await p.open('saved:add-two');
    expect(opened.samples[0]?.input).toBe('1 2\n');
  });
  it('opens a file path it did not list, and says in one line why it cannot', async () => {
    const dir = tempDir('simcoach-services-file-');
    writeFileSync(join(dir, 'add-two.md'), PROBLEM);
    const p = createProblemsService(() => '');
    expect((await p.open(join(dir, 'add-two.md'))).title).toBe('Add Two');
    await expect(p.open(join(dir, 'nothing.md'))).rejects.toThrow(/nothing\.md/);
  });
});

describe('statementService', () => {
  it('knows a judge by the link, and keeps a pasted statement in the problem file', async () => {
    const dir = tempDir('simcoach-services-st-');
    const file = join(dir, 'melons.md');
    writeFileSync(
      file,
      `---\ntitle: Melons\nurl: https://codeforces.com/problemset/problem/4/A\n---\n# Melons\n\n## Examples\n\n\`\`\`input\n8\n\`\`\`\n\n\`\`\`output\nYES\n\`\`\`\n`,
    );
    const problem = await loadProblem(file);
    const st = createStatementService();
    expect(st.needed(problem)).toBe(true);
    expect(st.judge(problem)).toMatch(/codeforces/i);
    const kept = await st.paste(problem, 'Split the melon into two even parts.');
    expect(st.needed(kept.problem)).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('Split the melon into two even parts.');
  });
});

describe('sandboxService', () => {
  it('`none` accepted is kept in the settings and in force for this process at once', async () => {
    delete process.env.SIMCOACH_SANDBOX;
    const settings = createSettingsService({ settings: settingsAt() });
    const sb = createSandboxService(settings);
    await sb.acceptNone();
    expect(getSetting('sandbox')).toBe('none');
    expect(process.env.SIMCOACH_SANDBOX).toBe('none');
    delete process.env.SIMCOACH_SANDBOX;
    expect(await sb.offer()).toBeUndefined();
    expect(process.env.SIMCOACH_SANDBOX).toBe('none');
  });
});

describe('editorService', () => {
  const out: ProgramOut = {
    defaultName: (id, lang) => `${id}.${lang}`,
    write: async () => ({ kind: 'failed', message: 'no' }),
    copy: () => ({ ok: false, message: 'no' }),
  };
  it('`o` opens a program file, `w` then proposes it for its language until a new session', async () => {
    const dir = tempDir('simcoach-services-ed-');
    writeFileSync(join(dir, 'sol.py'), 'print(3)\n');
    const ed = createEditorService({ editExternally: async (t) => t, programOut: out });
    expect(await ed.openProgram(` ${join(dir, 'sol.py')} `)).toEqual({ source: 'print(3)\n', lang: 'python' });
    expect(ed.programOut.defaultName('add', 'python')).toBe(join(dir, 'sol.py'));
    expect(ed.programOut.defaultName('add', 'cpp')).toBe('add.cpp');
    ed.newSession();
    expect(ed.programOut.defaultName('add', 'python')).toBe('add.python');
    await expect(ed.openProgram(join(dir, 'gone.py'))).rejects.toThrow(/gone\.py: no such file$/);
    await expect(ed.openProgram(dir)).rejects.toThrow(/a directory, not a program$/);
  });
  it('names the edited file by the language, markdown for prose', async () => {
    const exts: string[] = [];
    const ed = createEditorService({ editExternally: async (t, ext) => (exts.push(ext), t), programOut: out });
    await ed.editExternally('x', 'python');
    await ed.editExternally('x');
    expect(exts).toEqual(['.py', '.md']);
  });
});

describe('sessionParts', () => {
  it("brings the person's program to the first step that takes one, once", async () => {
    const manual = createManualGate();
    const gate = bringing(manual.gate, { lang: 'python', source: 'print(1)' });
    const step = { step: 0, agent: 'program' } as unknown as Proposal;
    expect(await gate.decide(step, new AbortController().signal)).toEqual({ kind: 'edit', content: 'print(1)' });
    expect(manual.current()).toBeNull();
    void gate.decide(step, new AbortController().signal);
    expect(manual.current()).toBe(step);
  });
  it("finds the problem's own test behind a failed result, and a journal that cannot be read holds no time", async () => {
    const problem = await loadProblem(join(import.meta.dirname, '../../fixtures/problems/brackets.md'));
    const t = hiddenTest(problem, { name: 'made-up', input: '((\n', expected: 'NO\n' } as never);
    expect(t).toEqual({ name: 'made-up', input: '((\n', outputs: ['NO\n'] });
    expect(await workedMs(join(tmpdir(), 'no-such-journal.jsonl'))).toBe(0);
    expect(existsSync(join(tmpdir(), 'no-such-journal.jsonl'))).toBe(false);
  });
});
