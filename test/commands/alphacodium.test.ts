// `simcoach solve --auto --flow alphacodium` and `eval --flow alphacodium`, as a person runs
// them: the built CLI against a scripted fake Ollama (real HTTP), the real judge.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/session/reader.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';
import { tempHome } from '../session/cli.js';
import { fixtureSet } from './set.js';
import { cli } from '../engine/cli.js';
import { fixtureTitles, solutionFor, startScriptedModel } from '../engine/scripted-model.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SUM = join(ROOT, 'fixtures/problems/sum-two.md');
const IDS = ['sum-two', 'brackets'];
const titles = fixtureTitles(IDS);

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('alphacodium from the command line', () => {
  it("solve --auto --flow alphacodium --validate: six calls (the paper's double validation), the program on stdout, hidden tests pass, the journal has the anchors", async () => {
    const home = tempHome();
    server = await startScriptedModel({ titles });
    const r = await cli(
      ['solve', SUM, '--auto', '--flow', 'alphacodium', '--validate', '--host', server.url],
      home.env,
      { timeoutMs: 60_000 },
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('print(');
    expect(server.chatBodies().map(stageOf)).toEqual([
      'reflection',
      'solutions',
      'choose',
      'ai-tests',
      'validate',
      'solve',
    ]);
    expect(r.stderr).toMatch(/step  1 +reflection .*approved/);
    expect(r.stderr).toMatch(/all tests AC 11\/11/);
    const [file] = readdirSync(home.sessions).map((f) => join(home.sessions, f));
    const j = readJournal(file!);
    expect(j.header).toMatchObject({ flow: 'alphacodium' });
    expect(j.events.filter((e) => e.type === 'note').map((e) => (e as { text: string }).text)).toContain(
      '⚓ public 1 passes: it is now an anchor (1)',
    );
  }, 90_000);

  it('eval --flow alphacodium (no validation, as the published code): five calls on a solved problem, fixes spent on the other', async () => {
    const home = tempHome();
    const dir = fixtureSet(home, IDS);
    server = await startScriptedModel({
      titles,
      code: (body) => (/bracket/i.test(body.messages[1]!.content) ? 'print("YES")\n' : solutionFor(body, titles)),
    });
    const r = await cli(['eval', dir, '--auto', '--flow', 'alphacodium', '--json', '--host', server.url], home.env, {
      timeoutMs: 120_000,
    });
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.stdout) as {
      flow: string;
      pass_at_1: number;
      problems: { id: string; passed: boolean; calls: number }[];
    };
    expect(rep.flow).toBe('alphacodium');
    const byId = Object.fromEntries(rep.problems.map((p) => [p.id.split('/').pop(), p]));
    expect(byId['sum-two']).toMatchObject({ passed: true, calls: 5 });
    // brackets: 4 before code, 9 tries, 4 public fixes (2 calls each), 4 AI fixes: the worst bound
    // without validation; and one fix each for the trailing copies of the 2 failing public tests (exempt from the cap).
    expect(byId['brackets']).toMatchObject({ passed: false, calls: 4 + 9 + 8 + 4 + 2 });
    expect(rep.pass_at_1).toBe(0.5);
  }, 150_000);
});
