// The end of a session in the built app at 80×24: how to go on after the model server stopped
// answering is said once and whole (wrapped, no word split, never cut), as is the replay command;
// `q` at a step whose answer could not be read is the person's choice — "Stopped", exit 0, and
// `sessions` lists it so.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { HAS_TMUX, ROOT, launchCli, tmuxTerminal } from './terminal.js';
import type { FakeServer } from '../fakes/ollama.js';
import { stagedModel } from '../ui/helpers.js';
import { SIM_FINE } from '../fakes/answers.js';

const term = tmuxTerminal('ended', 'ended');
const { keys, until } = term;

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const SUM_TWO = join(ROOT, 'fixtures', 'problems', 'sum-two.md');
const flat = (s: string): string => s.replace(/\s+/g, ' ');

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(() => term.close());

describe.skipIf(!HAS_TMUX)('the end of a session at 80 columns', () => {
  it('the server dropping mid-answer: how to go on and the replay command, each once and whole', async () => {
    server = await stagedModel({
      plan: PLAN,
      simulate: () => ({ text: 'partial answer that never ends properly', dropAfterChunks: 2 }),
    });
    const home = launchCli(term, {
      session: 'drop',
      args: ['solve', SUM_TWO, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });
    await until(/Plan\s+your decision/, 'the plan');
    keys('a');
    const ended = await until(/Session ended[\s\S]*R try again/, 'the dropped stream');
    expect(ended.split('\n').filter((l) => l.startsWith('start the server'))).toHaveLength(1);
    expect(flat(ended)).toContain(
      'start the server or fix the model (simcoach doctor says how), then press R to go on from the last complete step',
    );
    expect(ended).not.toContain('…');
    // The home's path makes the file too long for a line: the command names the session by its id.
    const replay = ended.split('\n').filter((l) => l.includes('simcoach replay'));
    expect(replay).toHaveLength(1);
    const id = /^replay it: simcoach replay (\w+)\s*$/.exec(replay[0]!)?.[1];
    expect(existsSync(join(home, 'data', 'simcoach', 'sessions', `${id}.jsonl`))).toBe(true);
    keys('q');
    await until(/exit=\d+/, 'the exit');
  });

  it("q at a step whose answer could not be read is the person's stop: Stopped, exit 0, listed as stopped", async () => {
    server = await stagedModel({ plan: PLAN, simulate: SIM_FINE, code: ['', ''] });
    const home = launchCli(term, {
      session: 'prose',
      args: ['solve', SUM_TWO, '--host', server.url, '--model', 'fake-coder:7b'],
      cols: 80,
      rows: 24,
    });
    await until(/Plan\s+your decision/, 'the plan');
    keys('a');
    await until(/Simulation\s+(?:read leniently: )?your decision/, 'the simulation');
    keys('a');
    await until(/Code\s+could not be read: your decision/, 'the code step answered in prose');
    keys('q');
    const end = await until(/exit=\d+/, 'q to quit');
    expect(flat(end)).toContain('■ Stopped — you stopped at a step whose answer from the model could not be read');
    expect(end).not.toMatch(/Failed/);
    expect(end).toContain('exit=0');
    launchCli(term, { session: 'list', home, args: ['sessions'], cols: 80, rows: 10 });
    const listed = await until(/exit=\d+/, 'sessions');
    expect(listed).toMatch(/sum-two\s+codesim\s+python\s.*stopped/);
    expect(listed).not.toMatch(/failed/);
  });
});
