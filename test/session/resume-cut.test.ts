// `simcoach resume ID` in the tutor, on a session whose file keeps its full-size tests cut: the
// tutor takes them whole from the problem file, says in one line which one is left out because
// the file changed since, and the Submit judges the others. The built CLI on a pseudo-terminal,
// the fake Ollama over real HTTP, the real judge; the problem is a copy of the Range Sums fixture.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { cliEnv, hasStack, start } from '../cli/helpers.js';
import { onPty, type PtyRun } from '../helpers/pty.js';
import { fence, fixtureTitles, scriptedReply, type ScriptOptions } from '../engine/scripted-model.js';
import { stageOf } from '../flows/harness.js';
import { tempDir } from '../helpers/tempDir.js';

const ROOT = resolve(import.meta.dirname, '../..');

let server: FakeServer | undefined;
let pty: PtyRun | undefined;
afterEach(async () => {
  pty?.kill();
  await server?.close();
});

interface Line {
  type: string;
  code?: string;
  message?: string;
  result?: { verdict: string; total: number };
}

describe('resuming a session whose tests the file keeps cut', () => {
  it('says which changed test is left out, and the Submit judges the rest whole', { timeout: 120_000 }, async () => {
    const dir = tempDir('sc-resume-cut-');
    cpSync(join(ROOT, 'fixtures/problems/range-sums.md'), join(dir, 'range-sums.md'));
    cpSync(join(ROOT, 'fixtures/problems/range-sums'), join(dir, 'range-sums'), { recursive: true });
    const slow = Array.from({ length: 400 }, (_, i) => `thinking ${i}`).join(' ');
    let codes = 0;
    // The first program streams slowly (the run is cut there); the one asked again is the reference solution.
    const script: ScriptOptions = {
      titles: fixtureTitles(['range-sums']),
      override: (stage) =>
        stage === 'code' && codes++ === 0 ? { text: `${slow}\n${fence('print(0)')}`, chunkDelayMs: 20 } : undefined,
    };
    const seen = new Map<string, number>();
    // The first ask for code reaches the model: the run is cut while that answer streams.
    let codeAsked!: () => void;
    const asked = new Promise<void>((r) => (codeAsked = r));
    // The model is installed: the tutor's start-up check finds it.
    server = await startFakeOllama({
      models: [{ name: 'fake-coder:7b' }],
      chat: (body, i) => {
        if (stageOf(body) === 'code') codeAsked();
        return scriptedReply(script, seen, body, i);
      },
    });
    const env = cliEnv({ NO_COLOR: '1' });
    const run = start(
      ['solve', join(dir, 'range-sums.md'), '--auto', '--host', server.url, '--model', 'fake-coder:7b'],
      env,
    );
    await asked;
    run.child.kill('SIGINT');
    const cut = await run.done;
    expect(cut.code).toBe(130);
    const file = /session: (\S+)/.exec(cut.stderr)![1]!;

    // The file changes: one of the two tests the session keeps cut is not the recorded one any more.
    const out = join(dir, 'range-sums', '04-large.out');
    writeFileSync(out, readFileSync(out, 'utf8').replace(/^-?\d+/, '12345'));

    pty = onPty(['resume', file, '--host', server.url], env);
    await pty.seen('keeps only in part');
    await pty.seen('accumulate');
    // The program is at its gate (the key bar offers approving it), not still streaming.
    await pty.seen('a approve');
    pty.write('a');
    await pty.seen('Accepted');
    pty.write('q');
    expect(await pty.closed).toBe(0);
    expect(hasStack(pty.output())).toBe(false);

    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.filter((e) => e.type === 'error')).toEqual([
      expect.objectContaining({
        code: 'problem-file',
        message: `a test this session keeps only in part (04-large) is left out: ${join(dir, 'range-sums.md')} has changed since the session was recorded`,
      }),
    ]);
    // The Submit: the two samples and five hidden tests, 06 (cut in the file) judged whole from the problem file.
    expect(lines.filter((e) => e.type === 'run').at(-1)?.result).toMatchObject({ verdict: 'AC', total: 7 });
  });
});
