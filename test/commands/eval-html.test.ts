// `eval report FILE --html`: the page opened in real headless Chromium (Debian's `chromium`, which
// .ci/run installs). The DOM after its scripts ran says both charts drew their bars at non-zero
// sizes; the screenshot, kept in test-output/eval-report/, has the flows' colours painted.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { attr, chromium } from '../helpers/chromium.js';
import { tempHome } from '../session/cli.js';
import { cli } from '../engine/cli.js';

const OUTPUT = resolve(process.cwd(), 'test-output/eval-report');

const header = {
  type: 'eval',
  version: 1,
  set: 'apps-like',
  setSize: 3,
  flows: ['codesim', 'mapcoder'],
  backend: 'ollama',
  model: 'm',
  lang: 'python',
  answers: 'sections',
  budgets: {},
};
const rec = (flow: string, id: string, index: number, difficulty: string, passed: boolean, calls: number) => ({
  type: 'result',
  flow,
  index,
  id,
  difficulty,
  kind: 'stdin',
  passed,
  samplesPassed: passed,
  status: passed ? 'solved' : 'unsolved',
  calls,
  repairs: 0,
  promptTokens: 1000 * calls,
  promptTokensEvaluated: 400 * calls,
  completionTokens: 200 * calls,
  seconds: 1,
});
// codesim solves the introductory and interview problems, mapcoder only the introductory one.
const records = [
  rec('codesim', 'a', 0, 'introductory', true, 3),
  rec('mapcoder', 'a', 0, 'introductory', true, 8),
  rec('codesim', 'b', 1, 'interview', true, 9),
  rec('mapcoder', 'b', 1, 'interview', false, 25),
  rec('codesim', 'c', 2, 'competition', false, 45),
  rec('mapcoder', 'c', 2, 'competition', false, 25),
];

describe('eval report --html in a real browser', () => {
  it('a standalone page whose two charts render: bars at their sizes in the DOM, colours in the screenshot', async () => {
    const home = tempHome();
    const file = join(home.root, 'results.jsonl');
    writeFileSync(file, [header, ...records].map((x) => JSON.stringify(x)).join('\n') + '\n');
    const page = join(home.root, 'report.html');
    const r = await cli(['eval', 'report', file, '--html', '-o', page], home.env);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote ${page}`);
    const html = readFileSync(page, 'utf8');
    // One file: nothing loaded from elsewhere.
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    expect(html).not.toMatch(/https?:\/\/[^"'\s]*\.(js|css)\b/);

    const dom = await chromium(['--virtual-time-budget=5000', '--dump-dom', `file://${page}`]);
    expect(dom).toMatch(/<body[^>]*data-rendered="yes"/);
    const canvases = [...dom.matchAll(/<canvas[^>]*>/g)].map((m) => m[0]);
    expect(canvases.map((c) => attr(c, 'id'))).toEqual(['pass-chart', 'calls-chart']);
    for (const c of canvases) {
      expect(Number(attr(c, 'data-painted'))).toBeGreaterThan(1000);
      const bars = JSON.parse(attr(c, 'data-bars') ?? '[]') as [number, number][];
      // 2 flows × (3 difficulties + total).
      expect(bars).toHaveLength(8);
      for (const [w] of bars) expect(w).toBeGreaterThan(0);
    }
    // pass@1 bars: codesim 100, 100, 0, 66.7; mapcoder 100, 0, 0, 33.3 (Chart.js lists a dataset's bars in turn).
    const pass = (JSON.parse(attr(canvases[0]!, 'data-bars')!) as [number, number][]).map(([, h]) => h);
    expect(pass.map((h) => h > 0)).toEqual([true, true, false, true, true, false, false, true]);
    expect(pass[0]).toBe(pass[1]);
    expect(Math.abs(pass[3]! - (pass[0]! * 2) / 3)).toBeLessThanOrEqual(2);

    mkdirSync(OUTPUT, { recursive: true });
    const shot = join(OUTPUT, 'report.png');
    await chromium(['--window-size=1200,900', `--screenshot=${shot}`, `file://${page}`]);
    const png = PNG.sync.read(readFileSync(shot));
    let green = 0;
    let blue = 0;
    let ink = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r0, g0, b0] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (r0 === 0x2e && g0 === 0x9d && b0 === 0x4f) green++;
      if (r0 === 0x1f && g0 === 0x8f && b0 === 0xb8) blue++;
      if (r0 + g0 + b0 < 600) ink++;
    }
    // Not blank: both flows' bars are painted, and a good share of the page is not white.
    expect(green).toBeGreaterThan(2000);
    expect(blue).toBeGreaterThan(2000);
    expect(ink / (png.width * png.height)).toBeGreaterThan(0.03);
  });
});
