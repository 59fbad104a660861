// `stats --html`: the page opened in real headless Chromium (as test/commands/eval-html.test.ts
// opens the eval report). Over a small history worked out by hand, the DOM after its scripts ran
// says each of the three charts drew its bars, at heights in the ratios of the data.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attr, chromium } from '../helpers/chromium.js';
import { runCli, tempEnv } from '../problems/cli-helpers.js';
import { practiceJournal, type Practised } from '../session/practiceHistory.js';

const heights = (tag: string): number[] =>
  (JSON.parse(attr(tag, 'data-bars') ?? '[]') as [number, number][]).map(([, h]) => h);

// dp: two problems, one solved alone, one attempted twice with hints (3 sessions, 1 accepted).
// greedy: two problems solved with a hint each, and a check without help that passed.
const HISTORY: Practised[] = [
  { id: 'a1', problem: 'd1', tags: ['dp'], rating: 1400, hints: 0, wrong: 0, solved: true, day: 0 },
  { id: 'a2', problem: 'd2', tags: ['dp'], rating: 1400, hints: 2, wrong: 1, solved: false, day: 1 },
  { id: 'a3', problem: 'd2', tags: ['dp'], rating: 1400, hints: 3, wrong: 0, solved: false, day: 2 },
  { id: 'a4', problem: 'g1', tags: ['greedy'], rating: 1200, hints: 1, wrong: 0, solved: true, day: 3 },
  { id: 'a5', problem: 'g2', tags: ['greedy'], rating: 1200, hints: 1, wrong: 0, solved: true, day: 4 },
  {
    id: 'a6',
    problem: 'g3',
    tags: ['greedy'],
    rating: 1200,
    hints: 0,
    wrong: 0,
    solved: true,
    day: 5,
    transferOf: 'g2',
  },
];

describe('stats --html in a real browser', () => {
  it('one standalone page whose three charts render their bars', async () => {
    const env = tempEnv();
    const dir = join(env.XDG_DATA_HOME!, 'simcoach', 'sessions');
    mkdirSync(dir, { recursive: true });
    for (const s of HISTORY) practiceJournal(s).write(join(dir, `${s.id}.jsonl`));
    const page = join(env.XDG_DATA_HOME!, 'stats.html');
    const r = await runCli(['stats', '--html', '-o', page], env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote ${page}`);
    const html = readFileSync(page, 'utf8');
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);

    const dom = await chromium(['--virtual-time-budget=5000', '--dump-dom', `file://${page}`]);
    expect(dom).toMatch(/<body[^>]*data-rendered="yes"/);
    const canvases = [...dom.matchAll(/<canvas[^>]*>/g)].map((m) => m[0]);
    expect(canvases.map((c) => attr(c, 'id'))).toEqual(['practice-chart', 'skill-chart', 'rates-chart']);
    for (const c of canvases) expect(Number(attr(c, 'data-painted'))).toBeGreaterThan(1000);
    // Practice by tag (problems, stacked; the tag with most problems first: greedy, dp): no hint
    // 1 and 1, with hints 2 and 0, attempted 0 and 1.
    const [n1, n2, h1, h2, a1, a2] = heights(canvases[0]!);
    expect([n1, n2, h1, h2, a1, a2].map((h) => h! > 0)).toEqual([true, true, true, false, false, true]);
    expect(n1).toBe(n2);
    expect(Math.abs(h1! - 2 * n1!)).toBeLessThanOrEqual(2);
    // Accepted with help, weakest first (dp, greedy): 1 of 3 and 3 of 3; without help: dp none, greedy 1 of 1.
    const [help1, help2, , alone2] = heights(canvases[2]!);
    expect(Math.abs(help2! - 3 * help1!)).toBeLessThanOrEqual(2);
    expect(alone2).toBe(help2);
  });
});
