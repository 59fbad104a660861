// The language a session ended in, read from journals the engine wrote against the stand-in
// server (real HTTP, the real judge): a C++ session whose person switched it to Python at a
// gate (`L`) ended in Python; one that then went back before the switch ended in C++ again. The
// session layer says so once (language.ts) and the sessions list, the replay header, export and
// resume show it.
import { render } from 'ink-testing-library';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runSession } from '../../src/engine/session.js';
import { startSession } from '../../src/engine/start.js';
import { EngineEvents } from '../../src/engine/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { flowFor } from '../../src/flows/index.js';
import { loadProblem } from '../../src/problems/index.js';
import type { Settings } from '../../src/settings/load.js';
import { createJournal } from '../../src/session/journal.js';
import { listSessions } from '../../src/session/index.js';
import { branchLanguage, endLanguage, languageText, withEndLanguages } from '../../src/session/language.js';
import { toMarkdown } from '../../src/session/markdown.js';
import { buildReport } from '../../src/session/report.js';
import { replayText } from '../../src/session/text.js';
import { Timeline } from '../../src/session/timeline.js';
import { ReplayScreen } from '../../src/screens/replay.js';
import { SIM_FINE } from '../fakes/answers.js';
import { startFakeOllama, type FakeReply, type FakeServer } from '../fakes/ollama.js';
import { CPP, PYTHON } from '../fakes/wrongLang.js';
import { answer, triesFlow } from '../engine/codeTries.js';
import { backendAt, problem, settings } from '../engine/helpers.js';
import { stagedModel } from '../ui/helpers.js';
import { settled } from '../ui/settled.js';
import { cli, tempHome, type Home } from './cli.js';

const WRONG_PY = PYTHON.replace('a + b', 'a - b');
/** code → samples, up to three times. */
const flow = triesFlow('tries', 3);

/** A person's gate from a script of decisions, in order; approve when it runs out. */
const person = (decisions: ((p: Proposal) => Decision)[]): Gate => ({
  by: 'person',
  decide: async (p) => decisions.shift()?.(p) ?? { kind: 'approve' },
});
const switchLang = (p: Proposal): Decision => ({ kind: 'approve', lang: p.foreign!.lang });

let home: Home;
let server: FakeServer | undefined;
beforeAll(() => {
  home = tempHome();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A C++ session of `tries` against the stand-in server, in the temp home's sessions directory. */
async function session(chat: FakeReply[], gate: Gate): Promise<string> {
  server = await startFakeOllama({ chat });
  const journal = createJournal({
    problem,
    flow: flow.name,
    backend: 'ollama',
    model: 'qwen2.5-coder:7b',
    lang: 'cpp',
    settings: settings(),
    dir: home.sessions,
  });
  await runSession({
    flow,
    problem,
    lang: 'cpp',
    backend: await backendAt(server.url),
    settings: settings(),
    gate,
    journal,
    events: new EngineEvents(),
  });
  journal.close();
  await server.close();
  server = undefined;
  return journal.file;
}

let switched = '';
let wentBack = '';
let plain = '';
beforeAll(async () => {
  // Switched to Python at its first code step; that program is right, so it ends solved in Python.
  switched = await session([{ text: answer(PYTHON, 'python') }], person([switchLang]));
  // Switched at step 0 (a wrong program), then back to step 0 from the second code step, where a
  // C++ program is approved: the branch it ended on never switched.
  wentBack = await session(
    [{ text: answer(WRONG_PY, 'python') }, { text: answer(PYTHON, 'python') }, { text: answer(CPP, 'cpp') }],
    person([switchLang, () => ({ kind: 'back', to: 0 })]),
  );
  plain = await session([{ text: answer(CPP, 'cpp') }], person([]));
}, 60_000);

describe('the language a session ended in (session/language.ts)', () => {
  it('a switch at a gate: started in C++, ended in Python 3, each step in the language it was decided in', async () => {
    const tl = await Timeline.open(switched);
    const l = branchLanguage(tl);
    expect(l).toMatchObject({
      start: 'cpp',
      end: 'python',
      switches: [{ branch: 0, step: 0, from: 'cpp', to: 'python' }],
    });
    // Step 0 is the code the person switched, step 1 its run.
    expect([...l.byStep]).toEqual([
      [0, 'python'],
      [1, 'python'],
    ]);
    expect(languageText(l)).toBe('C++ → Python 3');
    expect(languageText(l, { names: false })).toBe('cpp → python');
    expect((await endLanguage(switched)).end).toBe('python');
  });

  it('a switch left behind by going back does not count: the last branch ended in C++, the first in Python 3', async () => {
    const tl = await Timeline.open(wentBack);
    expect(tl.branches).toHaveLength(2);
    const last = branchLanguage(tl);
    expect(last).toMatchObject({ start: 'cpp', end: 'cpp', switches: [] });
    expect(languageText(last)).toBe('C++');
    expect(branchLanguage(tl, 0)).toMatchObject({ end: 'python', switches: [{ step: 0, to: 'python' }] });
    // The program the session ended with is the C++ one, judged as C++.
    expect(tl.end?.outcome.program?.lang).toBe('cpp');
  });

  it("no switch: the header's language, without reading the decisions", async () => {
    const l = branchLanguage(await Timeline.open(plain));
    expect(l).toMatchObject({ start: 'cpp', end: 'cpp', switches: [] });
    expect(languageText(l)).toBe('C++');
  });

  it('the listing: lang is the language it ended in, langs each one it went through when switched', async () => {
    const { sessions } = await listSessions(home.sessions);
    // Listing reads the two ends of each file only: the header's language.
    expect(sessions.find((s) => s.file === switched)?.lang).toBe('cpp');
    const full = await withEndLanguages(sessions);
    expect(full.find((s) => s.file === switched)).toMatchObject({ lang: 'python', langs: ['cpp', 'python'] });
    expect(full.find((s) => s.file === wentBack)).toMatchObject({ lang: 'cpp' });
    expect(full.find((s) => s.file === wentBack)).not.toHaveProperty('langs');
    expect(full.find((s) => s.file === plain)).not.toHaveProperty('langs');
  });

  it('export says the switch, fences each program in its own language, and the final code is Python', async () => {
    const report = buildReport(await Timeline.open(switched));
    expect(report).toMatchObject({
      lang: 'python',
      langs: ['cpp', 'python'],
      finalCode: { lang: 'python', from: 'outcome' },
    });
    const md = toMarkdown(report);
    expect(md).toContain('· language: cpp → python');
    expect(md).toContain('to be judged as python');
    expect(md).toContain('```python\nimport sys');
    expect(md).not.toContain('```cpp');
    const back = toMarkdown(buildReport(await Timeline.open(wentBack)));
    expect(back).toMatch(/· language: cpp$/m);
    expect(back).toContain('```cpp\n#include');
  });

  it('the replay as text names the language in its first line', async () => {
    expect(replayText(await Timeline.open(switched)).split('\n')[0]).toMatch(
      / · Sum of two · tries · C\+\+ → Python 3 · qwen2\.5-coder:7b$/,
    );
    expect(replayText(await Timeline.open(plain)).split('\n')[0]).toMatch(/ · tries · C\+\+ · qwen/);
  });
});

describe('shown, not worked out, by the screens and commands', () => {
  it("the replay viewer's header: the language of the branch shown, on its second line (any width shows it whole)", async () => {
    const app = render(<ReplayScreen timeline={await Timeline.open(switched)} speed={1} />);
    try {
      await settled(app);
      expect(app.lastFrame()!.split('\n')[1]).toMatch(/^step 1\/2 · Code · \d+:\d\d · C\+\+ → Python 3$/);
    } finally {
      app.unmount();
    }
    const back = render(<ReplayScreen timeline={await Timeline.open(wentBack)} speed={1} />);
    try {
      await settled(back);
      // The branch it ended on (the one shown first) never switched; the first branch did.
      expect(back.lastFrame()!.split('\n')[1]).toMatch(/^branch 1 · step 1\/\d+ · Code · \d+:\d\d · C\+\+$/);
    } finally {
      back.unmount();
    }
  });

  it('simcoach sessions: a LANG column with the switch, and lang/langs in --json', async () => {
    const table = await cli(['sessions'], home.env);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^DATE\s+ID\s+PROBLEM\s+FLOW\s+LANG\s+MODEL\s+STEPS\s+RESULT\s+SIZE$/);
    // Ids made in the same second share their start: the rows are told apart by what they show.
    const rows = lines.slice(1);
    expect(
      rows.filter((l) => /sum-two\s+tries\s+cpp → python\s+qwen2\.5-coder:7b\s+2\s+samples pass/.test(l)),
    ).toHaveLength(1);
    expect(rows.filter((l) => /sum-two\s+tries\s+cpp\s+qwen2\.5-coder:7b/.test(l))).toHaveLength(2);
    const json = JSON.parse((await cli(['sessions', '--json'], home.env)).stdout) as {
      file: string;
      lang: string;
      langs?: string[];
    }[];
    expect(json.find((s) => s.file === switched)).toMatchObject({ lang: 'python', langs: ['cpp', 'python'] });
    expect(json.find((s) => s.file === plain)?.langs).toBeUndefined();
  });

  it('simcoach resume --auto goes on in Python and says so; the program it ends with is judged as Python', async () => {
    // codesim in C++: the code step answers in Python (switched), its run fails, and the person
    // stops at the debugger's fix; resume approves that fix, as Python.
    const right = PYTHON;
    server = await stagedModel({
      plan: '## Plan\n1. Read a and b.\n2. Print a + b.',
      simulate: SIM_FINE,
      code: answer(WRONG_PY, 'python'),
      debug: `Plan is fine; the code subtracts.\n${answer(right, 'python')}`,
    });
    // The header's settings only: startSession reads the model and the backend's name from them.
    const s = { ...settings(), model: 'fake-coder:7b', backend: 'ollama' } as unknown as Settings;
    const stopAtDebug = person([
      () => ({ kind: 'approve' }),
      () => ({ kind: 'approve' }),
      switchLang,
      () => ({ kind: 'stop' }),
    ]);
    const first = await startSession({
      problem: await loadProblem('sum-two'),
      settings: s,
      flow: flowFor('codesim'),
      lang: 'cpp',
      backend: await backendAt(server.url),
      gate: stopAtDebug,
      dir: home.sessions,
    });
    expect(first.status).toBe('stopped');
    expect((await endLanguage(first.file!)).end).toBe('python');
    // The configured language is neither the header's nor the one it ended in.
    expect((await cli(['config', 'set', 'lang', 'javascript'], home.env)).code).toBe(0);
    const r = await cli(
      [
        'resume',
        first
          .file!.split('/')
          .pop()!
          .replace(/\.jsonl$/, ''),
        '--auto',
        '--host',
        server.url,
      ],
      home.env,
      { timeoutMs: 60_000 },
    );
    expect(r.stderr.split('\n')[0]).toMatch(/^Sum of Two · codesim · fake-coder:7b · python · resumed$/);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(right);
    const tl = await Timeline.open(first.file!);
    expect(tl.end?.outcome).toMatchObject({ status: 'solved', program: { lang: 'python' } });
  }, 90_000);
});
