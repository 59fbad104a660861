// The demo sessions: recorded by running the real pipeline — the engine, the codesim flow and
// its agents, the Ollama backend over real HTTP, the real judge — against the fake Ollama
// server answering from the scripts below, with slow chunks so replay has a pace to show.
// Each header is labelled as a scripted demo. `demos.test.ts` records them; with
// RECORD_DEMOS=1 it also writes them to fixtures/sessions/ (see the README).
import { readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSettings } from '../../src/config.js';
import { flowFor } from '../../src/flows/index.js';
import { createAutoGate, startSession, type SessionResult } from '../../src/engine/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { createBackend } from '../../src/llm/index.js';
import { loadProblem } from '../../src/problems/index.js';
import { startFakeOllama, type OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const DEMO_DIR = join(ROOT, 'fixtures', 'sessions');
const solution = (id: string): string => readFileSync(join(ROOT, 'fixtures/problems/_solutions', `${id}.py`), 'utf8').trim();
const py = (code: string): string => `\`\`\`python\n${code.trim()}\n\`\`\``;

export interface Demo {
  /** The fixture's file name (without .jsonl). */
  name: string;
  problem: string;
  label: string;
  /** Replies per stage, in order of that stage's calls (the last repeats). */
  answers: Record<string, string[]>;
  /** Scripted decisions in order; absent: the auto gate (the method as published). */
  decisions?: Decision[];
}

const RANGE_PLAN = `## Understanding
Many questions ask for the sum of a stretch of the array; adding each stretch up again would be
O(n·q), far too slow for 2·10^5 of each.

## Recalled problem
Counting how many of the first k days were rainy, for many k.

## Recalled solution
Keep a running count: count[k] = count[k-1] + rainy[k]; each question is one lookup.

## Algorithm
Prefix sums, O(n + q).

## Plan
1. Read n, q and the array.
2. Build prefix[i] = a_1 + … + a_i with prefix[0] = 0.
3. For each question (l, r) print prefix[r] - prefix[l].`;

const RANGE_SIM_CHANGE = JSON.stringify({
  input: '5 3 / 1 2 3 4 5 / 1 5, 2 3, 4 4',
  trace: 'prefix = [0, 1, 3, 6, 10, 15]. (1,5): prefix[5] - prefix[1] = 15 - 1 = 14. (2,3): 6 - 3 = 3. (4,4): 10 - 10 = 0.',
  predicted: '14\n3\n0',
  verdict: 'needs-change',
  critique: 'Step 3 drops a_l: the sum of l..r is prefix[r] - prefix[l-1], not prefix[r] - prefix[l].',
});

const RANGE_REVISED = JSON.stringify({
  changes: 'subtract prefix[l-1] so that a_l is counted',
  plan: '1. Read n, q and the array.\n2. Build prefix[i] = a_1 + … + a_i with prefix[0] = 0.\n3. For each question (l, r) print prefix[r] - prefix[l-1].\n4. Read all input at once: q can be 2·10^5 lines.',
});

const RANGE_BUGGY = `import sys

data = sys.stdin.read().split()
n, q = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
prefix = [0] * (n + 1)
for i in range(n):
    prefix[i + 1] = prefix[i] + a[i]
out = []
pos = 2 + n
for _ in range(q):
    l, r = int(data[pos]), int(data[pos + 1])
    pos += 2
    out.append(prefix[r] - prefix[l])
print("\\n".join(map(str, out)))`;

const RANGE_DEBUG = `## Simulation
Input 5 3 / 1 2 3 4 5. prefix = [0, 1, 3, 6, 10, 15]. Question (1, 5): the code prints
prefix[5] - prefix[1] = 14, the plan says prefix[5] - prefix[0] = 15. The expected output is 15.

## Verdict
code

## Fix
The plan was revised to subtract prefix[l-1]; the code still subtracts prefix[l].

## Code
${py(RANGE_BUGGY.replace('prefix[r] - prefix[l])', 'prefix[r] - prefix[l - 1])'))}`;

const PAIR_PLAN_SLOW = `## Understanding
Find two different positions whose values add up to s, or say there are none.

## Recalled problem
Checking whether any two numbers in a list are equal.

## Recalled solution
Compare every pair.

## Algorithm
Brute force over pairs, O(n^2).

## Plan
1. Read n, s and the array.
2. For every i < j, if a_i + a_j = s print i and j and stop.
3. If no pair matched print -1.`;

const PAIR_PLAN_FAST = `## Understanding
Find two different positions whose values add up to s, or say there are none; n is up to
2·10^5, so pairs are too many.

## Recalled problem
Two-sum: find two numbers in a list with a given sum.

## Recalled solution
Walk the list once, remembering where each value was seen; for x, look up s - x.

## Algorithm
Hash map, O(n).

## Plan
1. Read n, s and the array.
2. Walk j = 1..n with a map from value to its first position.
3. If s - a_j is in the map, print its position and j, and stop.
4. Otherwise remember a_j (keep the first position) and go on.
5. If the walk ends, print -1.`;

const PAIR_SIM = JSON.stringify({
  input: '5 9 / 2 7 4 5 11',
  trace: 'j=1: x=2, need 7, map {} → add 2:1. j=2: x=7, need 2, found at 1 → print "1 2".',
  predicted: '1 2',
  verdict: 'plan-fine',
  critique: '',
});

const PAIR_CODE_ZERO_BASED = `import sys

data = sys.stdin.read().split()
n, s = int(data[0]), int(data[1])
a = list(map(int, data[2:2 + n]))
seen = {}
for j, x in enumerate(a):
    if s - x in seen:
        print(seen[s - x], j)
        break
    seen.setdefault(x, j)
else:
    print(-1)`;

export const DEMOS: Demo[] = [
  {
    name: 'range-sums-codesim',
    problem: 'range-sums',
    label: 'scripted demo: CodeSIM on Range Sums (the simulation catches an off-by-one in the plan; debugging fixes the code)',
    answers: {
      plan: [RANGE_PLAN],
      simulate: [RANGE_SIM_CHANGE],
      revise: [RANGE_REVISED],
      code: [`Here is the program.\n${py(RANGE_BUGGY)}`],
      debug: [RANGE_DEBUG],
    },
  },
  {
    name: 'pair-sum-person',
    problem: 'pair-sum',
    label: 'scripted demo: a person at the gate on Two Tickets (rejects a slow plan with a note, edits the code)',
    answers: {
      plan: [PAIR_PLAN_SLOW],
      'plan:repair': [PAIR_PLAN_FAST],
      simulate: [PAIR_SIM],
      code: [`Here is the program.\n${py(PAIR_CODE_ZERO_BASED)}`],
    },
    decisions: [
      { kind: 'reject', note: 'n is up to 2·10^5: comparing every pair is too slow. Remember the values seen so far.' },
      { kind: 'approve' },
      { kind: 'approve' },
      { kind: 'edit', content: py(solution('pair-sum')) },
    ],
  },
];

/** A gate that takes the scripted decisions in order, as a person would have. */
function scriptedGate(decisions: Decision[]): Gate {
  let i = 0;
  return {
    by: 'person',
    decide: async (_p: Proposal): Promise<Decision> => decisions[i++] ?? { kind: 'approve' },
  };
}

function replies(demo: Demo) {
  const seen = new Map<string, number>();
  return (body: OllamaChatBody) => {
    const stage = stageOf(body);
    const nth = seen.get(stage) ?? 0;
    seen.set(stage, nth + 1);
    const list = demo.answers[stage];
    const text = list ? list[Math.min(nth, list.length - 1)]! : `(no scripted answer for ${stage})`;
    // Slow enough that replay has a pace to show, quick enough for a test.
    return { text, chunkDelayMs: 4 };
  };
}

/** Records one demo into `dir` (XDG dirs must already point away from $HOME); returns the file. */
export async function recordDemo(demo: Demo, dir: string): Promise<{ file: string; result: SessionResult }> {
  const server = await startFakeOllama({ chat: replies(demo) });
  try {
    const settings = { ...loadSettings(), backend: 'ollama' as const, ollamaHost: server.url, model: 'qwen2.5-coder:7b', lang: 'python' as const };
    const problem = await loadProblem(join(ROOT, 'fixtures/problems', `${demo.problem}.md`));
    const result = await startSession({
      problem,
      settings,
      flow: flowFor('codesim', settings as unknown as Record<string, unknown>),
      lang: 'python',
      backend: await createBackend(settings),
      gate: demo.decisions ? scriptedGate(demo.decisions) : createAutoGate(),
      judgeHidden: true,
      label: demo.label,
      dir,
    });
    const file = join(dir, `${demo.name}.jsonl`);
    renameSync(result.file!, file);
    return { file, result };
  } finally {
    await server.close();
  }
}
