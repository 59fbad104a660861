// `eval` past one machine on a real scheduler: a single-node Slurm (Debian's slurm-wlm and munge)
// started here on localhost — munged, slurmctld and slurmd with a generated slurm.conf in a temp
// dir — runs `eval --shard $SLURM_ARRAY_TASK_ID/N` as a job array against the fake model server,
// and `eval merge` of the tasks' files gives the report a one-machine run gives. The daemons are
// stopped after. Skipped, saying why, only where Slurm is not installed (CI installs it: .ci/run).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeServer } from '../fakes/ollama.js';
import { tempHome } from '../session/cli.js';
import { fixtureSet } from '../commands/set.js';
import { cli, cliPath } from '../engine/cli.js';
import { fixtureTitles, scriptedReply, type ScriptOptions } from '../engine/scripted-model.js';
import { eventually } from '../helpers/wait.js';
import { alive } from '../../src/runners/sandbox/runGroup.js';

const has = (cmd: string): boolean => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const MISSING = ['sbatch', 'slurmctld', 'slurmd', 'munged', 'mungekey', 'scontrol'].filter((c) => !has(c));
const isRoot = process.getuid?.() === 0;
const why =
  MISSING.length > 0
    ? `slurm-wlm and munge are not installed here (no ${MISSING.join(', ')}; apt-get install slurm-wlm munge)`
    : !isRoot
      ? 'slurmd runs jobs as root here, and this run is not root'
      : '';

// Two easy problems, a medium and a hard one; the set reads in name order. Brackets is never solved.
const IDS = ['brackets', 'inversions', 'knapsack', 'sum-two'];
const SHARDS = 3;
const titles = fixtureTitles(IDS);
const problemOf = (text: string): string | undefined => [...titles].find(([title]) => text.includes(title))?.[1];
const script: ScriptOptions = {
  titles,
  code: (body) => {
    const id = problemOf(body.messages.map((m) => m.content).join('\n'));
    return id === 'brackets'
      ? 'print("YES")\n'
      : readFileSync(join(process.cwd(), 'fixtures/problems/_solutions', `${id ?? 'sum-two'}.py`), 'utf8');
  },
};
const BUDGETS = ['--auto', '--plans', '1', '--debug-rounds', '1', '--exemplars', '1'];

interface Rep {
  flows: string[];
  summary: Record<string, unknown>[];
  problems: Record<string, unknown>[];
}
/** A report without what differs from run to run: times, session files, the tokens a server's cache saved. */
const stable = (r: Rep) => ({
  flows: r.flows,
  summary: r.summary.map(({ evaluated_tokens: _e, ...rest }) => rest),
  problems: r.problems.map(({ seconds: _s, session: _f, promptTokensEvaluated: _p, ...rest }) => rest),
});

/** A command's exit status and stderr, waited for without blocking this process (execa, loaded on the first run). */
const run = async (
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ status: number | null; stderr: string }> => {
  const { execa } = await import('execa');
  const r = await execa(cmd, args, {
    env,
    extendEnv: false,
    stdin: 'ignore',
    stdout: 'ignore',
    stderr: 'pipe',
    reject: false,
    stripFinalNewline: false,
  });
  return { status: r.exitCode ?? null, stderr: r.stderr };
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A single-node cluster in `dir`, all on localhost; `stop` ends its daemons (by their pid files) and waits for them. */
async function startCluster(dir: string): Promise<{ env: NodeJS.ProcessEnv; stop(): Promise<void> }> {
  for (const d of ['ctld', 'spool']) mkdirSync(join(dir, d), { recursive: true });
  const key = join(dir, 'munge.key');
  execFileSync('mungekey', ['-c', '-k', key]);
  chmodSync(key, 0o600);
  const socket = join(dir, 'munge.sock');
  execFileSync('munged', [
    '--force',
    `--socket=${socket}`,
    `--key-file=${key}`,
    `--pid-file=${join(dir, 'munged.pid')}`,
    `--log-file=${join(dir, 'munged.log')}`,
    `--seed-file=${join(dir, 'munged.seed')}`,
  ]);
  const host = hostname().split('.')[0]!;
  const [ctldPort, dPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'slurm.conf');
  writeFileSync(
    conf,
    [
      'ClusterName=simcoach',
      `SlurmctldHost=${host}(127.0.0.1)`,
      'SlurmUser=root',
      'SlurmdUser=root',
      'AuthType=auth/munge',
      `AuthInfo=socket=${socket}`,
      'CredType=cred/munge',
      `StateSaveLocation=${join(dir, 'ctld')}`,
      `SlurmdSpoolDir=${join(dir, 'spool')}`,
      `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
      `SlurmdPidFile=${join(dir, 'slurmd.pid')}`,
      `SlurmctldPort=${ctldPort}`,
      `SlurmdPort=${dPort}`,
      // The machine's cgroups are shared with other services: no cgroup plugin touches them.
      'ProctrackType=proctrack/linuxproc',
      'TaskPlugin=task/none',
      'JobAcctGatherType=jobacct_gather/none',
      'AccountingStorageType=accounting_storage/none',
      'ReturnToService=2',
      'SchedulerType=sched/builtin',
      'SelectType=select/cons_tres',
      'SelectTypeParameters=CR_Core',
      'MpiDefault=none',
      `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
      `SlurmdLogFile=${join(dir, 'slurmd.log')}`,
      `NodeName=${host} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN`,
      `PartitionName=simcoach Nodes=${host} Default=YES MaxTime=INFINITE State=UP`,
      '',
    ].join('\n'),
  );
  const env = { ...process.env, SLURM_CONF: conf };
  // Ended and gone before the test's folder is removed: a daemon still saving its state as it
  // exits would write into the folder as it goes, and leave part of it behind.
  const stop = async (): Promise<void> => {
    spawnSync('scontrol', ['shutdown'], { env, timeout: 30_000 });
    const pids: number[] = [];
    for (const pidFile of ['slurmd.pid', 'slurmctld.pid', 'munged.pid']) {
      const file = join(dir, pidFile);
      if (!existsSync(file)) continue;
      const pid = Number(readFileSync(file, 'utf8').trim());
      try {
        if (pid > 0) process.kill(pid, 'SIGTERM');
        pids.push(pid);
      } catch {
        // already gone (scontrol shutdown ended it)
      }
    }
    await eventually(() => pids.every((pid) => !alive(pid)), 50);
  };
  try {
    execFileSync('slurmctld', ['-f', conf], { env });
    execFileSync('slurmd', ['-f', conf, '-N', host], { env });
    // The node registers with the controller: idle once it has.
    await eventually(() => execFileSync('sinfo', ['-h', '-o', '%T'], { env, encoding: 'utf8' }).trim() === 'idle', 200);
  } catch (err) {
    await stop();
    const log = (f: string): string =>
      existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8').split('\n').slice(-8).join('\n') : '';
    throw new Error(
      `the single-node Slurm did not start: ${(err as Error).message}\n${log('slurmctld.log')}\n${log('slurmd.log')}`,
    );
  }
  return { env, stop };
}

let server: FakeServer | undefined;
let cluster: { stop(): Promise<void> } | undefined;
afterAll(async () => {
  await cluster?.stop();
  await server?.close();
});

describe('eval as a Slurm job array', () => {
  it.skipIf(why !== '')(
    `one shard per array task, merged, equals the one-machine run${why ? ` — skipped: ${why}` : ''}`,
    { timeout: 600_000 },
    async () => {
      const home = tempHome();
      const set = fixtureSet(home, IDS);
      const seen = new Map<string, number>();
      server = await startFakeOllama({ chat: (body, i) => scriptedReply(script, seen, body, i) });
      const started = await startCluster(join(home.root, 'slurm'));
      cluster = started;

      const out = join(home.root, 'shards');
      mkdirSync(out);
      // The job as docs/performance.md shows it: one shard per task, numbered as the array is.
      const job = join(home.root, 'eval-array.sh');
      const args = [cliPath(), 'eval', set, ...BUDGETS, '--host', server.url].map((a) => `'${a}'`).join(' ');
      writeFileSync(
        job,
        `#!/bin/sh\nexec '${process.execPath}' ${args} --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" --out "${out}/shard-$SLURM_ARRAY_TASK_ID.jsonl"\n`,
      );
      chmodSync(job, 0o755);
      // Not spawnSync: the fake model server answers from this process's event loop.
      const submitted = await run(
        'sbatch',
        ['--wait', '--parsable', `--array=1-${SHARDS}`, '-o', join(out, 'task-%a.log'), job],
        { ...home.env, SLURM_CONF: started.env.SLURM_CONF },
      );
      const logs = (): string =>
        Array.from({ length: SHARDS }, (_, i) => join(out, `task-${i + 1}.log`))
          .filter(existsSync)
          .map((f) => readFileSync(f, 'utf8'))
          .join('\n');
      expect(submitted.status, `${submitted.stderr}\n${logs()}`).toBe(0);
      const files = Array.from({ length: SHARDS }, (_, i) => join(out, `shard-${i + 1}.jsonl`));
      for (const f of files) expect(existsSync(f), `${f}\n${logs()}`).toBe(true);

      const merged = await cli(
        ['eval', 'merge', ...files, '--out', join(home.root, 'merged.jsonl'), '--json'],
        home.env,
      );
      expect(merged.code, merged.stderr).toBe(0);
      const whole = await cli(['eval', set, ...BUDGETS, '--host', server.url, '--json'], home.env, {
        timeoutMs: 300_000,
      });
      expect(whole.code, whole.stderr).toBe(0);
      const one = stable(JSON.parse(whole.stdout) as Rep);
      expect(stable(JSON.parse(merged.stdout) as Rep)).toEqual(one);
      expect(one.problems).toHaveLength(IDS.length);
    },
  );
});
