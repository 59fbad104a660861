// Records the demo sessions through the real pipeline and checks them; the committed fixtures
// must be what the pipeline records today (same steps, decisions and outcome), so a change in a
// flow or an agent that alters them shows up here. RECORD_DEMOS=1 rewrites the fixtures.
import { copyFileSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../src/session/reader.js';
import { Timeline } from '../../src/session/timeline.js';
import { DEMOS, DEMO_DIR, recordDemo } from './demos.js';
import { tempDir } from '../helpers/tempDir.js';

let dir: string;
beforeAll(() => {
  const root = tempDir('sc-demos-');
  process.env.XDG_DATA_HOME = join(root, 'data');
  process.env.XDG_CONFIG_HOME = join(root, 'config');
  process.env.XDG_CACHE_HOME = join(root, 'cache');
  dir = join(root, 'sessions');
});

/** What must not change between recordings: steps, decisions, verdicts, the outcome. */
async function shape(file: string) {
  const tl = await Timeline.open(file);
  tl.marks();
  return {
    label: tl.header.label,
    problem: tl.header.problem.id,
    flow: tl.header.flow,
    steps: tl.lastBranch.steps.map(
      (s) => `${s.agent}:${s.decision ? `${s.decision.decision.kind}/${s.decision.by}` : ''}${s.verdict ?? ''}`,
    ),
    outcome: tl.end?.outcome.status,
    calls: tl.end?.calls,
    warnings: tl.warnings,
  };
}

describe('demo sessions', () => {
  it('CodeSIM on Range Sums: revise, code, debug, solved, hidden tests run', async () => {
    const demo = DEMOS[0]!;
    const { file, result } = await recordDemo(demo, dir);
    expect(result.status).toBe('solved');
    expect(result.final?.verdict).toBe('AC');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const s = await shape(file);
    expect(s.steps).toEqual([
      'plan:approve/auto',
      'simulate:approve/auto',
      'revise:approve/auto',
      'code:approve/auto',
      'run:WA',
      'debug:approve/auto',
      'run:AC',
      'run:AC',
    ]);
    expect(s.label).toMatch(/^scripted demo/);
    if (process.env.RECORD_DEMOS) copyFileSync(file, join(DEMO_DIR, `${demo.name}.jsonl`));
    expect(await shape(join(DEMO_DIR, `${demo.name}.jsonl`))).toEqual(s);
  });

  it("a person at the gate on Two Tickets: a rejection with a note, the person's code edit", async () => {
    const demo = DEMOS[1]!;
    const { file, result } = await recordDemo(demo, dir);
    expect(result.status).toBe('solved');
    const s = await shape(file);
    expect(s.steps).toEqual(['plan:approve/person', 'simulate:approve/person', 'code:edit/person', 'run:AC', 'run:AC']);
    const tl = await Timeline.open(file);
    const plan = tl.load(tl.lastBranch.steps[0]!);
    expect(plan.proposals.map((p) => p.decision?.decision.kind)).toEqual(['reject', 'approve']);
    expect(plan.proposals[1]!.text).toContain('Hash map');
    if (process.env.RECORD_DEMOS) copyFileSync(file, join(DEMO_DIR, `${demo.name}.jsonl`));
    expect(existsSync(join(DEMO_DIR, `${demo.name}.jsonl`))).toBe(true);
    expect(await shape(join(DEMO_DIR, `${demo.name}.jsonl`))).toEqual(s);
  });

  it('AlphaCodium on Balanced Brackets: a kept public fix, a wrong AI test whose fix breaks the anchors and is reverted', async () => {
    const demo = DEMOS.find((d) => d.flow === 'alphacodium')!;
    const { file, result } = await recordDemo(demo, dir);
    expect(result.status).toBe('solved');
    expect(result.final?.verdict).toBe('AC');
    const s = await shape(file);
    expect(s.flow).toBe('alphacodium');
    // AI-test validation is off by default, as in the authors' configuration (--validate turns it on).
    expect(s.calls).toBe(9);
    expect(s.steps).toEqual([
      'reflection:approve/auto',
      'solutions:approve/auto',
      'choose:approve/auto',
      'ai-tests:approve/auto',
      'solve:approve/auto',
      'run:WA',
      'solve:approve/auto',
      'run:WA',
      'analyze:approve/auto',
      'fix:approve/auto',
      'run:AC',
      'run:WA',
      'analyze-and-fix:approve/auto',
      'run:WA',
      'run:AC',
    ]);
    const notes = readJournal(file).events.flatMap((e) => (e.type === 'note' ? [e.text] : []));
    expect(notes).toContain('✓ fix kept (public 3): public 3 passes and every anchor holds');
    expect(notes).toContain('↶ fix reverted (AI 3): it broke the anchor public 2');
    expect(s.label).toMatch(/^scripted demo: AlphaCodium/);
    if (process.env.RECORD_DEMOS) copyFileSync(file, join(DEMO_DIR, `${demo.name}.jsonl`));
    expect(await shape(join(DEMO_DIR, `${demo.name}.jsonl`))).toEqual(s);
  }, 120_000);
});
