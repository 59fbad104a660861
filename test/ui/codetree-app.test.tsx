// CodeTree in the real app, in a headless terminal at 80×24 and at 160×48: the stand-in model
// proposes 10 strategies and 10 reflections, so after one round the tree gate shows 20 nodes.
// At 80×24 the tree scrolls within the screen; at 160 columns whole titles and the critic's
// words use the width.
import { describe, expect, it } from 'vitest';
import { appSuite, settled, sleep, startTermApp } from './helpers.js';
import { CLEAR, frameLines, screen } from './term.js';

const LONG = 'Sort the intervals by their right end and sweep greedily while keeping a heap of open starts';
const THINK = Array.from(
  { length: 10 },
  (_, i) => `${i + 1}. ${i === 0 ? LONG : `Strategy number ${i + 1}`}: an idea worth trying.`,
).join('\n');
const REFLECT = Array.from({ length: 10 }, (_, i) => `${i + 1}. Fix ${i + 1}: change one thing.`).join('\n');
const WRONG = '```python\na, b = map(int, input().split())\nprint(a - b)\n```';

const ui = appSuite({ color: 'env' });

async function openApp(cols: number, rows: number) {
  const server = await ui.model({
    thinker: THINK,
    solver: WRONG,
    'critic-score': '## Review\nclose\n## Score\n3/5',
    reflect: REFLECT,
  });
  const { term, stdout, stdin, quit } = await startTermApp(server, ui.sumTwo, cols, rows, { flow: 'codetree' });
  const text = async (): Promise<string> => {
    await new Promise<void>((r) => term.write('', r));
    return screen(term, rows).join('\n');
  };
  const until = async (re: RegExp): Promise<string> => {
    const deadline = Date.now() + 15_000;
    let t = await text();
    while (!re.test(t) && Date.now() < deadline) {
      await sleep(30);
      t = await text();
    }
    if (!re.test(t)) throw new Error(`timed out waiting for ${re}; the screen was:\n${t}`);
    await settled({ frames: stdout.writes });
    return t;
  };
  return { server, stdout, stdin, text, until, close: quit };
}

async function treeGateAt(cols: number, rows: number) {
  const t = await openApp(cols, rows);
  // Strategies, the first tree gate, the solution, the critic, the reflections: approve each.
  for (const title of ['1 Strategies', '2 Search tree', '3 Solution', '5 Critic: score', '6 Reflections']) {
    await t.until(new RegExp(`▸ ${title}.*your decision`));
    t.stdin.write('a');
  }
  return { ...t, gate: await t.until(/▸ 7 Search tree.*your decision/) };
}

describe('the CodeTree tree gate in a terminal', () => {
  it('80×24: the 20-node tree scrolls within the screen, the next node highlighted', async () => {
    const t = await treeGateAt(80, 24);
    expect(t.gate).toMatch(/budget .* 1\/20 generations/);
    expect(t.gate).toMatch(/├─ 1 Sort the intervals by their.*… d1\s+0\/2 c3 ↳ kept/);
    expect(t.gate).toMatch(/▶ │ {2}├─ 1\.1 Fix 1/);
    // The budget line wraps at 80 columns instead of being cut, so the pane is one row longer than its 23 rows of tree.
    expect(t.gate).toMatch(/depth first,\s*\n\s*depth ≤ 3/);
    expect(t.gate).toMatch(/lines 1-\d+ of 24/);
    expect(t.gate).not.toContain('20 nodes'); // below the fold
    expect(t.stdout.writes.some((w) => CLEAR.test(w))).toBe(false);
    expect(Math.max(...t.stdout.writes.map(frameLines))).toBeLessThan(24);
    t.stdin.write('G'); // to the end of the pane
    const end = await t.until(/20 nodes/);
    expect(end).toContain('└─ 10 Strategy number 10');
    expect(end).toContain('▶ 1.1 next  19 open · 20 nodes');
    expect(Math.max(...t.stdout.writes.map(frameLines))).toBeLessThan(24);
    await t.close();
  });

  it('160×48: the whole tree at once, whole titles, the critic score and the value spelled out', async () => {
    const t = await treeGateAt(160, 48);
    expect(t.gate).toContain(`1 ${LONG}`);
    expect(t.gate).toMatch(/1 Sort the intervals.*d1\s+0\/2 critic 3\s+v 0\.20 ↳ kept/);
    expect(t.gate).toContain('20 nodes');
    expect(Math.max(...t.gate.split('\n').map((l) => l.length))).toBeGreaterThan(120);
    expect(Math.max(...t.stdout.writes.map(frameLines))).toBeLessThan(48);
    await t.close();
  });

  it('keys at the gate: tab and enter expand another strategy; + adds one of your own, expanded first', async () => {
    const t = await openApp(80, 24);
    await t.until(/▸ 1 Strategies.*your decision/);
    t.stdin.write('a');
    await t.until(/▸ 2 Search tree.*your decision/);
    t.stdin.write('\t');
    await t.until(/▶ ├─ 2 Strategy number 2/);
    t.stdin.write('\r');
    await t.until(/▸ 3 Solution.*your decision/);
    const solverPrompt = t.server.chatBodies().at(-1)!.messages[2]!.content;
    expect(solverPrompt).toContain('Strategy number 2: an idea worth trying.');
    // Back to the tree gate: + and a strategy of one's own.
    t.stdin.write('b');
    await t.until(/Back to which step/);
    t.stdin.write('\r');
    await t.until(/▸ 2 Search tree.*your decision/);
    t.stdin.write('+');
    await t.until(/your strategy \(title: idea\):/);
    for (const ch of 'Mine: add them with sum()') t.stdin.write(ch);
    await t.until(/Mine: add them with sum\(\)/);
    t.stdin.write('\r');
    await t.until(/▸ 3 Solution.*your decision/);
    expect(t.server.chatBodies().at(-1)!.messages[2]!.content).toContain('Mine: add them with sum()');
    await t.close();
  });
});
