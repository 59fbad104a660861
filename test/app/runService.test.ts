// The person's own runs beside a session (`i`, `+`, `T`), on their own without the controller:
// real Python programs in the judge's real sandbox, the person's test kept in a real folder.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunService } from '../../src/app/runService.js';
import { loadProblem } from '../../src/problems/index.js';
import type { Problem } from '../../src/problems/types.js';
import { enterTempXdg } from '../helpers/home.js';
import { isolateCache } from '../runners/helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const PROBLEM = `---\ntitle: Add Two\ntime_limit: 1s\nmemory_limit: 64MB\n---\n# Add Two\n\nPrint a+b.\n\n## Examples\n\n\`\`\`input\n1 2\n\`\`\`\n\n\`\`\`output\n3\n\`\`\`\n`;
const py = (source: string) => ({ lang: 'python' as const, source });

let restore: () => void;
let problem: Problem;
beforeAll(async () => {
  enterTempXdg('simcoach-runs-');
  restore = isolateCache();
  const dir = tempDir('simcoach-runs-problem-');
  writeFileSync(join(dir, 'add-two.md'), PROBLEM);
  problem = await loadProblem(join(dir, 'add-two.md'));
});
afterAll(() => restore());

describe('runService', () => {
  const runs = createRunService();
  it("`i`: runs the program once on the input under the problem's limits, and says why a run failed", async () => {
    const ok = await runs.runCustom(py('a, b = map(int, input().split())\nprint(a + b)\n'), problem, '40 2\n');
    expect(ok).toMatchObject({ verdict: null, output: '42\n' });
    const hog = await runs.runCustom(py('x = bytearray(512 * 1024 * 1024)\nprint(len(x))\n'), problem, '');
    expect(hog.verdict).toBe('MLE');
  });
  it("`+`: keeps the input and its answer as the person's test of the problem", async () => {
    const file = await runs.addTest(problem, '5 6', '11');
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('5 6\n');
  });
  it("`T`: traces the real run in the sandbox and holds the model's simulation against it", async () => {
    const r = await runs.traceAgainst({
      program: py('a = 1\nb = a + 2\nprint(b)\n'),
      input: '',
      model: 'a = 1, b = 3',
    });
    if (!r.ok) throw new Error(r.reason);
    expect(r.trace.steps.length).toBeGreaterThan(0);
    expect(r.comparison).toBeDefined();
  });
});
