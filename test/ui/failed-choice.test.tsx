// A choice of a solution that cannot be read (AlphaCodium's "choose the best solution" step,
// unreadable even after its repair request) is offered as --auto reads it, marked read leniently:
// `a` takes it, a digit picks another solution, or the person edits it (`E`, their editor) and it
// is read again; the flow goes on with what they decided, journalled as their edit. The real
// app, engine and agents, the fake model over HTTP.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionsDir } from '../../src/system/paths.js';
import { AI_TESTS, CHOOSE, REFLECT, SOLUTIONS } from '../flows/alphacodium-answers.js';
import { appSuite, type Running } from './helpers.js';

const ui = appSuite();

/** Prose that names no solution: no choice in it, before or after the repair request. */
const MUDDLE = 'Both approaches look reasonable to me; it depends on the constraints.';

const sessionFiles = (): string[] =>
  existsSync(sessionsDir())
    ? readdirSync(sessionsDir(), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.jsonl'))
        .map((f) => join(sessionsDir(), f))
    : [];

/** The app at the failed choice, its frame checked for the whole answer and the keys that decide it; `choice` reads the journal's decision there. */
async function atFailedChoice(
  editExternally?: (t: string) => Promise<string>,
): Promise<{ app: Running; choice: () => { kind: string; by: string; ranked: string[] } }> {
  const before = new Set(sessionFiles());
  const server = await ui.model({ reflection: REFLECT, solutions: SOLUTIONS, choose: MUDDLE, 'ai-tests': AI_TESTS });
  const app = await ui.start(server, ui.sumTwo, { flow: 'alphacodium', ...(editExternally ? { editExternally } : {}) });
  await app.until(/Reflection[\s\S]*your decision/);
  await app.press('a');
  await app.until(/Possible solutions[\s\S]*your decision/);
  await app.press('a');
  // Offered as --auto reads it (the solutions in the order they came), marked read leniently.
  const failed = await app.until(/read leniently: your decision/);
  expect(failed).toContain(MUDDLE);
  expect(failed).toMatch(/a approve · 1 Direct sum · 2 Loop count · e edit/);
  const choice = () => {
    const file = sessionFiles().filter((f) => !before.has(f));
    expect(file).toHaveLength(1);
    type Line = {
      type: string;
      step?: number;
      by?: string;
      decision?: { kind: string };
      value?: { ranked?: { name: string }[] };
    };
    const events = readFileSync(file[0]!, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const d = events.find((e) => e.type === 'decision' && e.step === 2)!;
    return { kind: d.decision!.kind, by: d.by!, ranked: d.value!.ranked!.map((s) => s.name) };
  };
  return { app, choice };
}

describe('a choice of a solution that could not be read', () => {
  it('is decided with a digit: the solution picked goes on to the AI tests', async () => {
    const { app, choice } = await atFailedChoice();
    await app.press('2');
    const next = await app.until(/AI tests[\s\S]*your decision/);
    // The history shows what the person decided, not the answer that could not be read.
    expect(next).toMatch(/✓ 3 Choose a solution ✎ yours\n\s+★\s+Loop count/);
    expect(next).not.toMatch(/could not be read|read leniently/);
    expect(choice()).toEqual({ kind: 'edit', by: 'person', ranked: ['Loop count', 'Direct sum'] });
  }, 60_000);

  it("is edited in the person's editor (E) and read again", async () => {
    const { app, choice } = await atFailedChoice(async (text) => {
      // The editor opens on the lenient reading in the stage's form (the model's words as its why).
      expect(text).toContain(MUDDLE);
      expect(text).toMatch(/^name: Direct sum$/m);
      return CHOOSE;
    });
    await app.press('E');
    const next = await app.until(/AI tests[\s\S]*your decision/);
    expect(next).toMatch(/✓ 3 Choose a solution ✎ yours\n\s+★\s+Direct sum/);
    expect(next).not.toMatch(/could not be read|read leniently/);
    expect(choice()).toEqual({ kind: 'edit', by: 'person', ranked: ['Direct sum', 'Loop count'] });
  }, 60_000);
});
