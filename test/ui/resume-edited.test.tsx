// A step the person edited is shown after `resume` as it was live: `e` on the plan edits the plan
// alone and the step's other sections (the restatement, the recalled problem, the algorithm) stay;
// an edited AlphaCodium step is drawn by its pane, not shown as the YAML the person edited.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYS, appSuite } from './helpers.js';
import { SIM_FINE } from '../fakes/answers.js';
import { AI_TESTS, CHOOSE, REFLECT, SOLUTIONS } from '../flows/alphacodium-answers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Recalled problem\nSum of a list.\n\n## Recalled solution\nLoop and add.\n\n## Algorithm\nArithmetic, O(1).\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const RIGHT = 'a, b = map(int, input().split())\nprint(a + b)';
const ui = appSuite();

/** A decided step as the history last showed it: from its head line to the next step's. */
const stepIn = (all: string, head: string, next: string): string => {
  const at = all.lastIndexOf(head);
  return all.slice(at, all.indexOf(next, at));
};
const planStep = (all: string): string => stepIn(all, '✓ 1 Plan', '2 Simulation');

describe('editing only the plan keeps the other sections', () => {
  it(
    'live and resumed, the edited step shows its understanding and algorithm beside the new plan',
    { timeout: 60_000 },
    async () => {
      const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(RIGHT) });
      const first = await ui.start(server, ui.sumTwo);
      await first.until('your decision');
      await first.press('e');
      await first.until('Editing the plan');
      for (let i = 0; i < 5; i++) await first.press(KEYS.down);
      await first.press(KEYS.end);
      await first.type(' MY-EDIT');
      await first.press(KEYS.ctrlS);
      await first.until('plan is fine');
      const live = planStep(first.all());
      expect(live).toContain('Add two integers.');
      expect(live).toContain('MY-EDIT');
      await first.press('q');
      expect(await first.exit).toBe(0);
      const file = /simcoach replay (\S+\.jsonl)/.exec(await first.until(/simcoach replay \S+\.jsonl/))![1]!;
      first.unmount();
      const decision = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { type: string; value?: { understanding?: string; plan?: string } })
        .find((e) => e.type === 'decision');
      expect(decision?.value).toMatchObject({ understanding: 'Add two integers.', algorithm: 'Arithmetic, O(1).' });
      expect(decision?.value?.plan).toContain('MY-EDIT');

      const app = await ui.start(server, ui.sumTwo, { resume: { file, problem: ui.sumTwo } });
      await app.until(/2 Simulation\s+your decision/);
      const resumed = planStep(app.all());
      expect(resumed).toContain('✎ yours');
      expect(resumed).toContain('MY-EDIT');
      // Before the fix the resumed step showed the edited plan's text alone.
      expect(resumed).toContain('Add two integers.');
      expect(resumed).toContain('Arithmetic, O(1).');
      await app.press('q');
      await app.exit;
    },
  );
});

describe('a resumed AlphaCodium step', () => {
  it('an edited reflection is drawn as live (bullets, samples), not as raw YAML', { timeout: 60_000 }, async () => {
    const server = await ui.model({
      reflection: REFLECT,
      solutions: SOLUTIONS,
      choose: CHOOSE,
      'ai-tests': AI_TESTS,
      solve: fence(RIGHT),
    });
    const first = await ui.start(server, ui.sumTwo, { flow: 'alphacodium' });
    await first.until('your decision');
    await first.press('e');
    await first.until('Editing Reflection');
    // The editor holds the step's YAML: to the end of the goal's line.
    await first.press(KEYS.down);
    await first.press(KEYS.down);
    await first.press(KEYS.end);
    await first.type(' MY-EDIT');
    await first.press(KEYS.ctrlS);
    await first.until(/Possible solutions[\s\S]*your decision/);
    expect(first.all()).toContain('• Goal: print the sum of two integers a and b. MY-EDIT');
    await first.press('q');
    expect(await first.exit).toBe(0);
    const file = /simcoach replay (\S+\.jsonl)/.exec(await first.until(/simcoach replay \S+\.jsonl/))![1]!;
    first.unmount();

    const app = await ui.start(server, ui.sumTwo, { flow: 'alphacodium', resume: { file, problem: ui.sumTwo } });
    await app.until(/2 Possible solutions\s+your decision/);
    const step = stepIn(app.all(), '✓ 1 Reflection', '2 Possible solutions');
    expect(step).toContain('✎ yours');
    expect(step).toContain('• Goal: print the sum of two integers a and b. MY-EDIT');
    expect(step).toMatch(/sample 1\s+1 2 → 3/);
    // Before the fix: the YAML the person edited, keys and block markers and all.
    expect(step).not.toContain('sample_explanations:');
    expect(step).not.toMatch(/^\s*reflection:/m);
    await app.press('q');
    await app.exit;
  });
});
