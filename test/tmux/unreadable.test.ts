// The built app in tmux: answers that cannot be read, even after the repair request, wait for
// the person instead of ending the session. A simulation with no verdict offers the decision
// itself (1 plan fine · 2 needs change); a code step answered in prose (no program) offers edit
// and ask again; asking again with a note brings a program, judged → Accepted.
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { stageOf } from '../flows/harness.js';

const term = tmuxTerminal('unreadable', 'gate');
const { keys, until } = term;

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const MUDDLE = 'I looked at the plan and the first sample for a while.';
const PROSE = 'To solve this, read the two integers from the line and print their sum. That is all there is to it.';
const CODE = '```python\na, b = map(int, input().split())\nprint(a + b)\n```\n';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => term.close());

describe.skipIf(!HAS_TMUX)('answers that cannot be read, in the built app', () => {
  it('wait for the person: decide the simulation, ask again for the code with a note → Accepted', async () => {
    server = await stagedModel({ plan: PLAN, simulate: [MUDDLE, MUDDLE], code: [PROSE, PROSE, CODE] });
    launchCli(term, {
      session: 'gate',
      args: [
        'solve',
        join(ROOT, 'fixtures', 'problems', 'sum-two.md'),
        '--host',
        server.url,
        '--model',
        'fake-coder:7b',
      ],
      cols: 100,
      rows: 30,
    });
    await until(/Plan\s+your decision/, 'the plan');
    keys('a');
    // Unreadable after its repair: offered as --auto reads it, marked so, and the decision is the person's.
    const sim = await until(/Simulation\s+read leniently: your decision/, 'the unreadable simulation');
    expect(sim).toContain('read leniently as the published code read it');
    expect(sim).toContain(MUDDLE);
    expect(sim).toMatch(/^a approve · 1 plan fine · 2 needs change · e edit/m);
    keys('1');
    const code = await until(
      /Code\s+(?:could not be read|read leniently): your decision/,
      'the code step answered in prose',
    );
    expect(code).toContain('To solve this, read the two integers');
    expect(code).toMatch(/r reject|r ask again/);
    keys('r');
    await until(/note/i, 'the note line');
    for (const ch of 'write the program') keys(ch);
    keys('Enter');
    await until(/Code\s+your decision/, 'the program');
    keys('a');
    await until(/Accepted/, 'the verdict');
    expect(server.chatBodies().map(stageOf)).toEqual([
      'plan',
      'simulate',
      'simulate:repair',
      'code',
      'code:repair',
      'code:repair',
    ]);
    keys('q');
    await until(/exit=0/, 'the app to exit 0');
  });
});
