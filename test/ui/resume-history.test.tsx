// `simcoach resume` in the tutor: the steps the journal already holds are in the history as if they
// ran in this sitting (printed, and `g` lists them), said once, and the next step waits at its gate.
import { describe, expect, it } from 'vitest';
import { appSuite } from './helpers.js';
import { stageOf } from '../flows/harness.js';
import { SIM_FINE } from '../fakes/answers.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const fence = (code: string): string => `\`\`\`python\n${code}\n\`\`\`\n`;
const WRONG = 'a, b = map(int, input().split())\nprint(a - b)';
const DEBUG = `## Simulation\nIt subtracts.\n\n## Verdict\ncode\n\n## Fix\nAdd.\n\n## Code\n${fence('a, b = map(int, input().split())\nprint(a + b)')}`;

const ui = appSuite();

describe('resume shows the earlier steps', () => {
  it(
    'three approved steps and their test run are in the history; the debugger still waits at its gate',
    { timeout: 60_000 },
    async () => {
      const server = await ui.model({ plan: PLAN, simulate: SIM_FINE, code: fence(WRONG), debug: DEBUG });
      const first = await ui.start(server, ui.sumTwo);
      for (const step of ['1 Plan', '2 Simulation', '3 Code']) {
        await first.until(new RegExp(`${step}\\s+your decision`));
        await first.press('a');
      }
      await first.until(/5 Debug\s+your decision/);
      // Quit at the gate: the session stops there, its journal left to resume.
      await first.press('q');
      expect(await first.exit).toBe(0);
      const file = /simcoach replay (\S+\.jsonl)/.exec(await first.until(/simcoach replay \S+\.jsonl/))![1]!;
      first.unmount();
      const asked = server.chatBodies().length;

      const app = await ui.start(server, ui.sumTwo, { resume: { file, problem: ui.sumTwo } });
      const gate = await app.until(/5 Debug\s+your decision/);
      const shown = app.all();
      // Each earlier step once, in order, as a live one is printed; then the one line that says so.
      const order = [
        '✓ 1 Plan',
        '✓ 2 Simulation',
        '✓ 3 Code',
        '▶ 4 Samples',
        'resumed: 4 earlier steps (g to look back)',
      ].map((s) => shown.indexOf(s));
      expect(order.every((i) => i >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(gate).toContain('print(a + b)');
      // Served from the journal, the debugger's proposal too (it was waiting): nothing is asked again.
      expect(server.chatBodies().slice(asked).map(stageOf)).toEqual([]);

      await app.press('g');
      const list = await app.until(/ 3 +✓ +Code +\d+:\d\d/);
      expect(list).toMatch(/Timeline · look back/);
      expect(list).toMatch(/ 1 +✓ +Plan +\d+:\d\d/);
      await app.press('g');
      await app.until(/5 Debug\s+your decision/);
      await app.press('a');
      await app.until('Accepted');
    },
  );
});
