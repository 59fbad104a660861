// `npm run bench [-- SECTION…]`: prints figures, asserts nothing. Each section measures one
// layer against its own baseline in the same run, so the numbers travel between machines.
import * as ui from './ui.js';
import * as judge from './judge.js';
import * as judgePerTest from './judgePerTest.js';
import * as judgeAsUser from './judgeAsUser.js';
import * as stress from './stress.js';
import * as pch from './pch.js';
import * as llm from './llm.js';
import * as engine from './engine.js';
import * as flows from './flows.js';
import * as sessions from './sessions.js';
import * as problems from './problems.js';
import * as evalRuns from './eval.js';
import * as archive from './archive.js';
import * as paths from './paths.js';
import * as learn from './learn.js';
import * as hints from './hints.js';

const sections: Record<string, { run(): Promise<void>; about: string }> = {
  ui: { ...ui, about: 'start-up and first frame against bare node; CPU while a long answer streams' },
  judge: { ...judge, about: 'judge throughput: parallel vs sequential, overhead vs a bare spawn, build cache' },
  user: {
    ...judgeAsUser,
    about:
      'the judge as a normal user (also in `judge`): the pool against the per-test path, in turn, over a bare spawn',
  },
  pertest: {
    ...judgePerTest,
    about: 'the per-test sandbox path as root: cost per test against a bare spawn, a compile',
  },
  pch: {
    ...pch,
    about:
      "a C++ file that includes bits/stdc++.h: compile CPU with the header read whole vs the precompiled one, and watch's save→verdict with it warm",
  },
  stress: { ...stress, about: 'stress rounds per second (generator, brute force, solution) against bare spawns' },
  llm: { ...llm, about: 'backend overhead vs raw fetch, cancel latency, prompt-token accounting' },
  engine: { ...engine, about: 'step overhead, journal throughput, cancel latency, replay speed' },
  flows: { ...flows, about: 'calls and prompt tokens (sent, evaluated) per problem for each flow' },
  sessions: { ...sessions, about: 'first frame of replay on a 20 MB session' },
  problems: { ...problems, about: 'loaders on real sets, listen latency' },
  archive: {
    ...archive,
    about: 'the archive index at scale: build time, size on disk, hybrid and full-text query time vs a linear scan',
  },
  paths: {
    ...paths,
    about:
      "each cgroup path's figures (CPU, peak memory) against /usr/bin/time of a bare run: root v1, a user without a cgroup, root v2 and a delegated user in the VM",
  },
  learn: {
    ...learn,
    about: 'the skill estimate over 10,000 practice sessions: first read, an update, `next` against `--version`',
  },
  hints: {
    ...hints,
    about: 'the leak guard: leak rate per hint rung before and after it, against a leaking stand-in model',
  },
  eval: { ...evalRuns, about: 'eval --jobs 4 against a slow stand-in model vs one problem at a time' },
};

const USAGE = `usage: npm run bench [-- SECTION…]

Prints figures, each against a baseline measured in the same run; asserts nothing. With no
SECTION, every section in turn.

Settings (environment):
  BENCH_ARCHIVE_N=1000,10000     archive: the sizes built and queried (default 1000,10000,100000)
  BENCH_USER_N=40, BENCH_USER_ROUNDS=5
                                 user: tests a batch, batches (fewer where a test costs more)
  BENCH_USER_WAYS=pooled         user: the pool alone, not the per-test path (a larger N in the VM)
  SIMCOACH_BENCH_VM=0            paths: no cgroup v2 columns from the VM
  SIMCOACH_BENCH_TOKENS=N        ui: a shorter stream for a quick look

Sections:`;

function help(): string {
  const width = Math.max(...Object.keys(sections).map((n) => n.length)) + 2;
  const rows = Object.entries(sections).map(([name, s]) => `  ${name.padEnd(width)}${s.about}`);
  return `${USAGE}\n${rows.join('\n')}\n`;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  if (wanted.includes('--help') || wanted.includes('-h')) {
    process.stdout.write(help());
    return;
  }
  const unknown = wanted.filter((name) => !(name in sections));
  if (unknown.length > 0) {
    process.stderr.write(
      `bench: unknown section ${unknown.join(', ')}; sections: ${Object.keys(sections).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const names = wanted.length > 0 ? wanted : Object.keys(sections);
  process.stdout.write(`simcoach bench — node ${process.version}, ${names.length} section(s)\n`);
  for (const name of names) {
    const section = sections[name]!;
    process.stdout.write(`\n== ${name}: ${section.about}\n`);
    const started = performance.now();
    try {
      await section.run();
    } catch (err) {
      process.stdout.write(`   section failed: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
    process.stdout.write(`   (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
}

await main();
