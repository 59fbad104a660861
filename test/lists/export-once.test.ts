// `export` says a markdown statement's Input and Output once: the statement holds them, and the
// specs read out of it are not printed again under it.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { cli, tempHome } from '../session/cli.js';
import { header, solvedSession } from '../session/synth.js';

describe('export', () => {
  it('prints the Input and Output sections of a markdown statement once', async () => {
    const home = tempHome();
    const problem = await loadProblem(join(process.cwd(), 'fixtures', 'problems', 'sum-two.md'));
    expect(problem.inputSpec).toBeTruthy();
    solvedSession(header({ id: 'once0001', problem })).write(join(home.sessions, 'once.jsonl'));
    const md = (await cli(['export', 'once'], home.env)).stdout;
    const count = (s: string) => md.split(s).length - 1;
    expect(count(problem.inputSpec!.trim())).toBe(1);
    expect(count(problem.outputSpec!.trim())).toBe(1);
    expect(md).not.toContain('**Input.**');
  });

  it('still says the specs when the statement lacks them (a JSONL set keeps them apart)', async () => {
    const home = tempHome();
    const problem = {
      ...header().problem,
      statement: 'Add two numbers.',
      inputSpec: 'Two integers a and b.',
      outputSpec: 'Their sum.',
    };
    solvedSession(header({ id: 'apart001', problem })).write(join(home.sessions, 'apart.jsonl'));
    const md = (await cli(['export', 'apart'], home.env)).stdout;
    expect(md).toContain('**Input.** Two integers a and b.');
    expect(md).toContain('**Output.** Their sum.');
  });
});
