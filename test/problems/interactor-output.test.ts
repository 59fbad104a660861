// An interactor that writes its output file (testlib's `tout`, or the output argument opened
// directly) on a problem with no checker is told at load, from its source, before anything runs:
// Polygon requires the pair, and alone the interactor accepts what it cannot tell apart. The
// judge says the same at run time when it sees the file written (test/runners/interactor-tout).
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { interactorWritesOutput } from '../../src/problems/interactorOutput.js';
import { ROOT, runCli, tempEnv } from './cli-helpers.js';

const DIR = join(__dirname, 'interactor-output');
const POLYGON = join(ROOT, 'test', 'runners', 'polygon');

describe('an interactor that writes its output file with no checker', () => {
  it('is warned of when its problem is loaded; paired with a checker, or judging by itself, it is not', async () => {
    const alone = await loadProblem(join(DIR, 'alone.md'));
    expect(alone.warnings).toEqual([
      'tout.cpp writes its output file (tout) but the problem has no checker: a wrong answer the interactor accepts passes (Polygon requires the pair: add `checker: FILE`)',
    ]);
    expect((await loadProblem(join(DIR, 'paired.md'))).warnings).toBeUndefined();
    // Its only `tout` is in a comment.
    expect((await loadProblem(join(DIR, 'judges.md'))).warnings).toBeUndefined();
    expect((await loadProblem(join(DIR, 'python.md'))).warnings).toEqual([
      expect.stringMatching(/^writes\.py writes its output file/),
    ]);
  });

  it('is read from the source in each form: tout, argv[2] opened by hand, sys.argv[2]; a scoring interactor writes none', () => {
    expect(interactorWritesOutput(join(DIR, 'tout.cpp'))).toBe(true);
    expect(interactorWritesOutput(join(POLYGON, 'interactor.cpp'))).toBe(true);
    expect(interactorWritesOutput(join(DIR, 'writes.py'))).toBe(true);
    expect(interactorWritesOutput(join(POLYGON, 'points.cpp'))).toBe(false);
    expect(interactorWritesOutput(join(ROOT, 'fixtures', 'problems', 'guess-number.interactor.cpp'))).toBe(false);
    expect(interactorWritesOutput(join(ROOT, 'fixtures', 'problems', 'guess-number.interactor.py'))).toBe(false);
  });

  it('`problems` on the set prints one warning line per such problem on stderr, and lists every problem', async () => {
    const r = await runCli(['problems', DIR], tempEnv());
    expect(r.code, r.stderr).toBe(0);
    const warnings = r.stderr.trim().split('\n');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^warning: alone: tout\.cpp writes its output file \(tout\) but the problem has no checker: .*Polygon requires the pair/,
      ),
      expect.stringMatching(/^warning: python: writes\.py writes its output file/),
    ]);
    for (const id of ['alone', 'judges', 'paired', 'python']) expect(r.stdout).toContain(id);
    // --json is for programs: its stdout stays the rows alone.
    const j = await runCli(['problems', DIR, '--json'], tempEnv());
    expect((JSON.parse(j.stdout) as unknown[]).length).toBe(4);
  });

  it('`doctor` names the saved problem whose interactor writes tout with no checker, and how to fix it', async () => {
    const env = tempEnv();
    const saved = join(env.XDG_DATA_HOME!, 'simcoach', 'problems');
    mkdirSync(saved, { recursive: true });
    for (const f of ['alone.md', 'tout.cpp', 'paired.md', 'check.cpp']) cpSync(join(DIR, f), join(saved, f));
    const r = await runCli(['doctor', '--json'], { ...env, OLLAMA_HOST: 'http://127.0.0.1:9' });
    const checks = (
      JSON.parse(r.stdout) as { checks: { name: string; ok: boolean; detail: string; fix?: string; needed: boolean }[] }
    ).checks;
    const row = checks.find((c) => c.name === 'interactors');
    expect(row).toMatchObject({ ok: false, needed: false });
    expect(row!.detail).toMatch(
      /^alone: the interactor writes its output file \(tout\) but the problem has no checker/,
    );
    expect(row!.fix).toMatch(/checker: FILE/);
  }, 120_000);
});
