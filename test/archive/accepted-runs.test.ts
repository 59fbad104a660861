// Every AC counts (#49): a program `test`, `watch` or `check` accepts goes into the person's
// archive as their accepted program (the ✓ in `problems`, `archive list --solved`), once per
// program: the same program accepted again is not kept twice, another one is.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, tempHome } from '../session/cli.js';
import { start } from '../problems/cli-helpers.js';
import { closedPort } from '../helpers/net.js';
import { tempDir } from '../helpers/tempDir.js';

const ROOT = process.cwd();
const SUM = join(ROOT, 'fixtures', 'problems', '_solutions', 'sum-two.py');
const run = (args: string[], env: NodeJS.ProcessEnv, cwd: string) => cli(args, env, { cwd, timeoutMs: 60_000 });

describe('every AC counts', () => {
  it('test, watch and check: each accepted program once in the archive and ✓ in problems', async () => {
    const h = tempHome();
    const work = tempDir('simcoach-ac-');
    const kept = join(h.root, 'data', 'simcoach', 'accepted.jsonl');
    copyFileSync(SUM, join(work, 'a.py'));
    const solvedIn = async (): Promise<{ listed: boolean; archived: boolean }> => {
      const list = await run(['problems', '--json'], h.env, work);
      const archive = await run(['archive', 'list', '--solved', '--json'], h.env, work);
      expect(archive.code, archive.stderr).toBe(0);
      return {
        listed: (JSON.parse(list.stdout) as { id: string; solved: boolean }[]).find((r) => r.id === 'sum-two')!.solved,
        archived: (JSON.parse(archive.stdout) as { id: string }[]).some((r) => r.id === 'sum-two'),
      };
    };
    expect(await solvedIn()).toEqual({ listed: false, archived: false });

    for (let i = 0; i < 2; i++) expect((await run(['test', 'a.py', '--problem', 'sum-two'], h.env, work)).code).toBe(0);
    expect(await solvedIn()).toEqual({ listed: true, archived: true });
    const lines = () =>
      readFileSync(kept, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { from: string; problem: { id: string } });
    expect(lines().map((l) => [l.from, l.problem.id])).toEqual([['test', 'sum-two']]);

    // Another program of theirs, accepted by watch (on its first judgement) and by check offline.
    writeFileSync(join(work, 'b.py'), `${readFileSync(SUM, 'utf8')}# watched\n`);
    const w = start(['watch', 'b.py', '--problem', 'sum-two'], h.env, work);
    await w.waitFor(/Accepted — /);
    w.proc.kill('SIGINT');
    await w.exit;
    writeFileSync(join(work, 'c.py'), `${readFileSync(SUM, 'utf8')}# checked\n`);
    const c = await run(
      ['check', 'c.py', '--problem', 'sum-two', '--host', `http://127.0.0.1:${await closedPort()}`],
      h.env,
      work,
    );
    expect(c.code, c.stderr).toBe(0);
    // A failing program is not kept.
    writeFileSync(join(work, 'd.py'), 'print(0)\n');
    expect((await run(['test', 'd.py', '--problem', 'sum-two'], h.env, work)).code).toBe(1);
    expect(lines().map((l) => l.from)).toEqual(['test', 'watch', 'check']);
  }, 180_000);
});
