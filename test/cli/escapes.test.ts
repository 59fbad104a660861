// Text simcoach did not write — a problem's title and url, a session's fields, a model's
// explanation, a results file's ids — goes through one sanitiser (src/terminal/printable.ts) wherever it is
// printed. Each place gets an OSC 52 clipboard write, a window title (OSC 0) and a CSI screen
// clear, and none of them may reach the output raw. A model's program keeps its bytes but is
// shown with its control and bidi characters visible, and `w`, `y` and `-o` say they are there.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeRows } from '../../src/components/CodeBlock.js';
import { problemRows } from '../../src/components/problemPane.js';
import { explanationText } from '../../src/commands/check.js';
import { writeProgram } from '../../src/commands/shared/headless.js';
import { createProgramOut, writeProgramFile } from '../../src/app/programOut.js';
import { copiedNotice, writtenNotice } from '../../src/screens/solve/WriteProgram.js';
import { loadProblem } from '../../src/problems/index.js';
import type { Proposal } from '../../src/engine/types.js';
import type { Problem } from '../../src/problems/types.js';
import { cli, cliEnv } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const OSC52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
const TITLE = '\u001b]0;owned\u001b\\';
const CSI = '\u001b[2J\u001b[H';
const HOSTILE = `${OSC52}${TITLE}${CSI}`;
/** An escape, a C1 control (8-bit CSI), BEL or a bidi override: none may be printed raw. */
const RAW = /[\u001b\u0007\u009b\u202e]/;

const text = (rows: { text: string }[][]): string => rows.map((r) => r.map((s) => s.text).join('')).join('\n');

function hostileProblem(dir: string): string {
  const file = join(dir, 'evil.md');
  writeFileSync(
    file,
    // JSON strings are YAML strings: the escapes arrive in the parsed front matter as they are.
    `---\ntitle: ${JSON.stringify(`Sum ${HOSTILE} two\u202e`)}\nurl: ${JSON.stringify(`https://codeforces.com/x${OSC52}`)}\ndifficulty: ${JSON.stringify(`easy${CSI}`)}\n---\n\n# Sum two\n\nAdd two numbers. ${HOSTILE}\n\n\`\`\`input\n1 2\n\`\`\`\n\n\`\`\`output\n3\n\`\`\`\n`,
  );
  return file;
}

describe("one sanitiser wherever others' text is printed", () => {
  const dir = tempDir('simcoach-escapes-');
  const problemFile = hostileProblem(dir);

  it("a problem file's title, url and difficulty are printable once loaded; the p screen and side panel draw them so", async () => {
    const p = await loadProblem(problemFile);
    expect(p.title).toBe('Sum  two');
    expect(p.source?.url).toBe('https://codeforces.com/x');
    expect(p.difficulty).toBe('easy');
    // The pane draws even a problem that did not come through a loader (a session's header) cleanly.
    const raw: Problem = { ...p, title: `Sum ${HOSTILE}`, id: `evil${TITLE}`, statement: `Add. ${HOSTILE}` };
    const shown = text(problemRows(raw, 60));
    expect(shown).toContain('Sum');
    expect(shown).not.toMatch(RAW);
  });

  it('`problems FILE` and `statement FILE` print none of them', async () => {
    const env = cliEnv({ NO_COLOR: '1' });
    const list = await cli(['problems', problemFile], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Sum two');
    expect(list.stdout + list.stderr).not.toMatch(RAW);
    // No network here: the download fails, and its message (naming the url) is printed clean.
    const st = await cli(
      ['statement', problemFile],
      cliEnv({ NO_COLOR: '1', HTTPS_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9' }),
    );
    expect(st.stdout + st.stderr).not.toMatch(RAW);
    const bad = await cli(
      ['statement', problemFile, '--url', `https://codeforces.com/problemset/problem/1/A${OSC52}`],
      cliEnv({ NO_COLOR: '1', HTTPS_PROXY: 'http://127.0.0.1:9', https_proxy: 'http://127.0.0.1:9' }),
    );
    expect(bad.stdout + bad.stderr).not.toMatch(RAW);
  });

  it('a session whose header holds escapes: `sessions`, `replay` and `export` print none of them', async () => {
    const env = cliEnv({ NO_COLOR: '1' });
    const sessions = join(env.XDG_DATA_HOME!, 'simcoach', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const lines = readFileSync(resolve('fixtures/sessions/range-sums-codesim.jsonl'), 'utf8').split('\n');
    const header = JSON.parse(lines[0]!) as { problem: { id: string; title: string }; model: string; flow: string };
    header.problem.title = `Range ${HOSTILE}Sums`;
    header.problem.id = `range-sums${CSI}`;
    header.model = `qwen${TITLE}`;
    const file = join(sessions, 'evil.jsonl');
    writeFileSync(file, [JSON.stringify(header), ...lines.slice(1)].join('\n'));
    const list = await cli(['sessions'], env);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('range-sums');
    expect(list.stdout + list.stderr).not.toMatch(RAW);
    const replay = await cli(['replay', file], env);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toContain('Range Sums');
    expect(replay.stdout + replay.stderr).not.toMatch(RAW);
    for (const format of ['md', 'json']) {
      const ex = await cli(['export', file, '--format', format], env);
      expect(ex.code, ex.stderr).toBe(0);
      expect(ex.stdout).toContain('Range Sums');
      expect(ex.stdout + ex.stderr).not.toMatch(RAW);
    }
  });

  it("`eval report` prints a results file's ids and model without them", async () => {
    const file = join(dir, 'results.jsonl');
    const header = {
      type: 'eval',
      version: 1,
      set: `apps${CSI}`,
      setSize: 1,
      flows: ['codesim'],
      backend: 'ollama',
      model: `m${OSC52}`,
      lang: 'python',
      answers: 'sections',
      budgets: {},
    };
    const rec = {
      type: 'result',
      flow: 'codesim',
      index: 0,
      id: `p${TITLE}1`,
      difficulty: 'interview',
      kind: 'stdin',
      passed: true,
      samplesPassed: true,
      status: 'solved',
      calls: 3,
      repairs: 0,
      promptTokens: 10,
      promptTokensEvaluated: 5,
      completionTokens: 2,
      seconds: 1,
    };
    writeFileSync(file, `${JSON.stringify(header)}\n${JSON.stringify(rec)}\n`);
    const r = await cli(['eval', 'report', file], cliEnv({ NO_COLOR: '1' }));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('p1');
    expect(r.stdout + r.stderr).not.toMatch(RAW);
  });

  it("`check`'s explanation from the model is printed without them", () => {
    const proposal = {
      value: { line: 2, culprit: 'idea', explanation: `The loop is off by one.${HOSTILE}`, trace: `i=0${OSC52}` },
      meta: { test: 'sample-1', verdict: 'WA', lineText: `for i in range(n):\r${CSI}` },
    } as unknown as Proposal;
    const out = explanationText(proposal, { isTTY: false } as NodeJS.WriteStream);
    expect(out).toContain('The loop is off by one.');
    expect(out).not.toMatch(RAW);
  });
});

describe("control and bidi characters in a model's program", () => {
  const program = '# comment\rimport os; os.system("id")\nprint(1)  # \u202e)"evil"(tnirp\n';

  it('the code pane shows a lone carriage return as a new, marked line, a bidi override as its code point, and says so', () => {
    const rows = codeRows(program, { lang: 'python', width: 100 });
    const lines = rows.map((r) => r.map((s) => s.text).join(''));
    expect(lines[0]).toMatch(/^⚠ 2 control or bidi characters in the program/);
    expect(lines.slice(-3)).toEqual([
      '1 # comment␍',
      '2 import os; os.system("id")',
      '3 print(1)  # ⟨U+202E⟩)"evil"(tnirp',
    ]);
    // The marks stand apart from the code around them.
    expect(rows.at(-3)!.find((s) => s.text === '␍')).toMatchObject({ inverse: true, color: 'red' });
    expect(lines.join('\n')).not.toMatch(RAW);
  });

  it('`w` and `y` keep the bytes and say the program holds them', async () => {
    const dir = tempDir('simcoach-hidden-');
    const written = await writeProgramFile('p.py', program, { cwd: dir, overwrite: false });
    expect(written).toMatchObject({ kind: 'written', hidden: 2 });
    expect(readFileSync(join(dir, 'p.py'), 'utf8')).toBe(program);
    expect(writtenNotice(written as Parameters<typeof writtenNotice>[0])).toMatchObject({
      tone: 'yellow',
      text: expect.stringMatching(/^wrote 2 lines to .*p\.py — 2 control or bidi characters in the program/),
    });
    const copied: string[] = [];
    const out = createProgramOut({
      cwd: dir,
      terminal: { isTTY: true, write: (s: string) => copied.push(s) },
      env: {},
    });
    const notice = copiedNotice(out.copy(program));
    expect(notice.text).toMatch(/^copied 2 lines to the clipboard \(OSC 52\) — 2 control or bidi characters/);
    expect(copied).toHaveLength(1);
  });

  it('`-o` writes the bytes and warns; on a terminal the program is shown with them visible', () => {
    const dir = tempDir('simcoach-hidden-');
    const errs: string[] = [];
    const err = { isTTY: false, write: (s: string) => errs.push(s) } as unknown as NodeJS.WriteStream;
    writeProgram(program, join(dir, 'out.py'), err);
    expect(readFileSync(join(dir, 'out.py'), 'utf8')).toBe(program);
    expect(errs.join('')).toMatch(/^warning: 2 control or bidi characters in the program/);
    const shown: string[] = [];
    writeProgram(program, undefined, err, {
      isTTY: true,
      write: (s: string) => shown.push(s),
    } as unknown as NodeJS.WriteStream);
    expect(shown.join('')).toBe('# comment␍\nimport os; os.system("id")\nprint(1)  # ⟨U+202E⟩)"evil"(tnirp\n');
    const piped: string[] = [];
    writeProgram(program, undefined, err, {
      isTTY: false,
      write: (s: string) => piped.push(s),
    } as unknown as NodeJS.WriteStream);
    expect(piped.join('')).toBe(program);
  });
});
