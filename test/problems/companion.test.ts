import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { companionPath, companionToMarkdown, parseCompanion } from '../../src/problems/companion.js';
import { loadProblem } from '../../src/problems/index.js';
import { tempDir } from '../helpers/tempDir.js';

const tmp = tempDir('simcoach-cc-');

async function roundTrip(body: Record<string, unknown>) {
  const parsed = parseCompanion(JSON.stringify(body));
  if (!parsed.ok) throw new Error(parsed.reason);
  const file = companionPath(tmp, parsed.value);
  mkdirSync(dirname(file), { recursive: true });
  const text = companionToMarkdown(parsed.value);
  writeFileSync(file, text);
  return { file, text, problem: await loadProblem(file) };
}

const base = {
  name: 'D. Backticks',
  group: 'Test Group',
  url: 'https://example.org/d',
  timeLimit: 1500,
  memoryLimit: 512,
};

describe('Competitive Companion payloads saved as markdown', () => {
  it('keeps awkward sample text exactly: backtick fences, empty input, blank lines, non-ASCII', async () => {
    const tests = [
      { input: 'print("```")\n', output: '```\n' },
      { input: '', output: '0\n' },
      { input: '3\n\n\n', output: 'héllo 世界\n' },
      { input: 'no newline at end', output: 'x' },
    ];
    const { problem, text } = await roundTrip({ ...base, tests });
    expect(text).toContain('````input\nprint("```")\n````');
    expect(problem.samples.map((s) => [s.input, s.outputs])).toEqual([
      ['print("```")\n', ['```\n']],
      ['', ['0\n']],
      ['3\n\n\n', ['héllo 世界\n']],
      ['no newline at end\n', ['x\n']],
    ]);
    expect(problem.timeLimitMs).toBe(1500);
    expect(problem.memoryLimitMb).toBe(512);
  });

  it('marks interactive problems and file input/output in the statement', async () => {
    const { problem } = await roundTrip({
      ...base,
      name: 'E. Guess',
      interactive: true,
      testType: 'multiNumber',
      input: { type: 'file', fileName: 'guess.in' },
      output: { type: 'file', fileName: 'guess.out' },
      tests: [],
    });
    expect(problem.interactive).toBe(true);
    expect(problem.statement).toMatch(/interactive/);
    expect(problem.statement).toMatch(/several test cases/);
    expect(problem.statement).toMatch(/guess\.in/);
    expect(problem.statement).toMatch(/guess\.out/);
  });

  it('a problem with no group goes straight into the folder; a group becomes one folder', () => {
    const p = parseCompanion(JSON.stringify({ name: 'Z', tests: [] }));
    expect(p.ok && companionPath('/d', p.value)).toBe('/d/z.md');
    const q = parseCompanion(JSON.stringify({ name: 'A - 足し算', group: 'AtCoder - ABC 999', tests: [] }));
    expect(q.ok && companionPath('/d', q.value)).toBe('/d/atcoder-abc-999/a-足し算.md');
  });

  it('says why a body is refused', () => {
    expect(parseCompanion('')).toMatchObject({ ok: false, reason: expect.stringMatching(/^body is not JSON/) });
    expect(parseCompanion('[]')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not a Competitive Companion problem/),
    });
    expect(parseCompanion('{"name":"x"}')).toMatchObject({ ok: false, reason: expect.stringMatching(/tests/) });
    expect(parseCompanion('{"name":"x","tests":[],"batch":{"id":"b","size":0}}')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/batch\.size/),
    });
  });
});

describe('a payload kept as a file', () => {
  it('a Companion .json or a cph .prob loads like the markdown it would be saved as, in a set too', async () => {
    const { loadProblemSet } = await import('../../src/problems/index.js');
    const folder = join(tmp, 'payloads');
    mkdirSync(folder);
    const body = { ...base, name: 'F. Kept', tests: [{ input: '1 2\n', output: '3\n' }] };
    writeFileSync(join(folder, 'kept.json'), JSON.stringify(body));
    writeFileSync(
      join(folder, 'kept-cph.prob'),
      JSON.stringify({
        ...body,
        srcPath: '/x/f.cpp',
        local: false,
        tests: [{ id: 1, input: '5 5\n', output: '10\n' }],
      }),
    );
    const p = await loadProblem(join(folder, 'kept.json'));
    expect(p).toMatchObject({ id: 'kept', title: 'F. Kept', timeLimitMs: 1500, memoryLimitMb: 512 });
    expect(p.samples).toEqual([{ name: 'sample-1', input: '1 2\n', outputs: ['3\n'] }]);
    const set = await loadProblemSet(folder);
    expect(set.map((x) => [x.id, x.samples[0]!.outputs[0]])).toEqual([
      ['kept', '3\n'],
      ['kept-cph', '10\n'],
    ]);
    writeFileSync(join(folder, 'broken.json'), '{"name": 3}');
    await expect(loadProblem(join(folder, 'broken.json'))).rejects.toThrow(
      `${join(folder, 'broken.json')}: not a Competitive Companion problem: name:`,
    );
  });
});
