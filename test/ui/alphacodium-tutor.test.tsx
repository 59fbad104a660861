import { setSetting, unsetSetting } from '../../src/settings/load.js';
// AlphaCodium in the tutor, by keys: the real app, engine and judge, the Ollama backend over
// HTTP to a fake server (only the model is scripted). At the AI-tests gate the person adds a
// test of their own in the inline editor; the flow runs it, and it becomes an anchor.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stageOf } from '../flows/harness.js';
import { AI_TESTS, CHOOSE, REFLECT, SOLUTIONS } from '../flows/alphacodium-answers.js';
import { KEYS, appSuite } from './helpers.js';

const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';

const ui = appSuite();

describe('AlphaCodium in the tutor', () => {
  it('the person adds a test of their own at the AI-tests gate and watches it become an anchor', async () => {
    const server = await ui.model({
      reflection: REFLECT,
      solutions: SOLUTIONS,
      choose: CHOOSE,
      'ai-tests': AI_TESTS,
      validate: AI_TESTS,
      solve: `\`\`\`python\n${RIGHT}\n\`\`\``,
    });
    // The paper's double validation (off by default, as the published code).
    await setSetting('budgets.alphacodium.validate', 'true');
    const app = await ui
      .start(server, ui.sumTwo, { flow: 'alphacodium' })
      .finally(() => unsetSetting('budgets.alphacodium.validate'));
    await app.until('your decision');
    expect(app.frame()).toContain('• Goal: print the sum of two integers a and b.');
    await app.press('a');
    await app.until(/Possible solutions[\s\S]*your decision/);
    await app.press('a');
    await app.until(/★\s+Direct sum/);
    expect(app.frame()).toMatch(/chosen\s+Direct sum\s+O\(1\)\s+against the limits: 1 s, 256 MB/);
    await app.press('a');
    await app.until(/AI tests[\s\S]*add your own/);
    expect(app.frame()).toMatch(/6\s+1000000000000000000 \S+\s+2000000000000000000\s+AI\s+large/);
    // The status bar: the calls so far against the method's most.
    expect(app.frame()).toMatch(/calls 4\/26/);
    // The inline editor: to the last line's end, a new list item at the left margin.
    await app.press('e');
    await app.until('Editing AI tests');
    for (let i = 0; i < 40; i++) await app.press(KEYS.down);
    await app.press(KEYS.end);
    await app.press(KEYS.enter);
    await app.press(KEYS.backspace + KEYS.backspace);
    await app.type('- input: 40 2');
    await app.press(KEYS.enter);
    await app.type('  output: 42');
    await app.press(KEYS.enter);
    await app.type('explanation: mine');
    await app.press(KEYS.ctrlS);
    // The check of the tests comes next; the person's test is kept out of it and shown as theirs.
    await app.until(/AI tests, checked[\s\S]*your decision/);
    expect(app.frame()).toMatch(/7\s+40 2\s+42\s+yours\s+mine/);
    await app.press('a');
    await app.until(/Initial code[\s\S]*your decision/, 20_000);
    await app.press('a');
    await app.until('★ Accepted', 40_000); // the runs and the hidden tests, on a busy machine
    expect(app.all()).toContain('⚓ yours 7 passes: it is now an anchor (9)');
    const bodies = server.chatBodies();
    expect(bodies.map(stageOf)).toEqual(['reflection', 'solutions', 'choose', 'ai-tests', 'validate', 'solve']);
    expect(bodies[4]!.messages[2]!.content).not.toContain('40 2');
    // The journal records the test as the person's.
    const m = /replay it: simcoach replay (\S+\.jsonl)/.exec(app.frame());
    const events = readFileSync(m![1]!, 'utf8')
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            step?: number;
            by?: string;
            value?: { tests?: { input: string; by?: string }[] };
          },
      );
    const edit = events.find((e) => e.type === 'decision' && e.step === 3)!;
    expect(edit.by).toBe('person');
    expect(edit.value!.tests!.filter((t) => t.by === 'person').map((t) => t.input)).toEqual(['40 2']);
  }, 120_000);
});
