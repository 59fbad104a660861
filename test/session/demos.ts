// The demo sessions: recorded by running the real pipeline — the engine, the codesim flow and
// its agents, the Ollama backend over real HTTP, the real judge — against the fake Ollama
// server answering from the scripts below, with slow chunks so replay has a pace to show.
// Each header is labelled as a scripted demo. `demos.test.ts` records them; with
// RECORD_DEMOS=1 it also writes them to fixtures/sessions/ (see the README).
import { readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSettings } from '../../src/settings/load.js';
import { flowFor } from '../../src/flows/index.js';
import { createAutoGate, startSession, type SessionResult } from '../../src/engine/index.js';
import type { Decision, Gate, Proposal } from '../../src/engine/types.js';
import { createBackend } from '../../src/llm/index.js';
import { loadProblem } from '../../src/problems/index.js';
import { startFakeOllama, type OllamaChatBody } from '../fakes/ollama.js';
import { stageOf } from '../flows/harness.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const DEMO_DIR = join(ROOT, 'fixtures', 'sessions');
const solution = (id: string): string =>
  readFileSync(join(ROOT, 'fixtures/problems/_solutions', `${id}.py`), 'utf8').trim();
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
  /** The flow it runs (default codesim). */
  flow?: string;
  /** Budgets of that flow other than its defaults (kept in the session's header). */
  budgets?: Record<string, number | boolean>;
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
  trace:
    'prefix = [0, 1, 3, 6, 10, 15]. (1,5): prefix[5] - prefix[1] = 15 - 1 = 14. (2,3): 6 - 3 = 3. (4,4): 10 - 10 = 0.',
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

const yaml = (body: string): string => `\`\`\`yaml\n${body.trim()}\n\`\`\``;

const BR_REFLECT = yaml(`
reflection:
  - |
    Goal: decide whether a string of ()[]{} is balanced.
  - |
    Balanced: every opening bracket is closed by one of the same kind, innermost first.
  - |
    Input: one line, 1 to 10^6 characters. Output: YES or NO.
  - |
    Edge cases: a closing bracket with nothing open; brackets still open at the end; kinds crossed.
sample_explanations:
  - input: |
      ([]{})
    output: |
      YES
    explanation: |
      [ ] closes inside ( ), then { } does, then ) closes the first (.
  - input: |
      ([)]
    output: |
      NO
    explanation: |
      ) arrives while [ is the innermost open bracket: the kinds cross.
  - input: |
      ((
    output: |
      NO
    explanation: |
      Nothing is ever closed: two brackets stay open at the end.
`);

const BR_SOLUTIONS = yaml(`
solutions:
  - name: |
      Stack
    idea: |
      Push each opening bracket; on a closing one, pop and check the kinds match. Balanced when no
      mismatch happened and the stack ends empty.
    why: |
      The innermost open bracket is always the top of the stack, which is exactly the one a
      closing bracket must match.
    complexity: |
      O(n) time, O(n) memory
  - name: |
      Count each kind
    idea: |
      Count opening and closing brackets of each kind; balanced when the counts agree.
    why: |
      Quick, but it ignores order: ([)] has equal counts and is not balanced.
    complexity: |
      O(n) time, O(1) memory
  - name: |
      Remove pairs
    idea: |
      Delete "()", "[]" and "{}" until none is left; balanced when the string becomes empty.
    why: |
      Each deletion removes a matched innermost pair.
    complexity: |
      O(n^2) in the worst case: too slow for 10^6
`);

const BR_CHOOSE = yaml(`
best: Stack
ranking:
  - Stack
  - Remove pairs
  - Count each kind
why: |
  The stack is linear and checks order; removing pairs is correct but quadratic; counting is wrong
  on crossed kinds.
`);

const brTest = (input: string, output: string, why: string): string =>
  `  - input: |\n      ${input}\n    output: |\n      ${output}\n    explanation: |\n      ${why}`;
/** Six tests; the third is wrong (")(" is not balanced), and the check does not catch it. */
const BR_TESTS = yaml(
  [
    'tests:',
    brTest('()', 'YES', 'the smallest balanced string'),
    brTest('{[()]}', 'YES', 'three kinds nested'),
    brTest(')(', 'YES', 'one of each bracket, so balanced'),
    brTest(']', 'NO', 'a closing bracket with nothing open'),
    brTest('((()))[]{}', 'YES', 'nesting, then siblings'),
    brTest('()'.repeat(1000), 'YES', 'long: 2000 characters'),
  ].join('\n'),
);

const BR_FORGETS_LEFTOVERS = `s = input().strip()
pairs = {")": "(", "]": "[", "}": "{"}
stack = []
ok = True
for ch in s:
    if ch in "([{":
        stack.append(ch)
    elif not stack or stack.pop() != pairs[ch]:
        ok = False
        break
print("YES" if ok else "NO")`;

const BR_ANALYSIS = yaml(`
what_went_wrong: |
  On "((" nothing is ever popped, so ok stays True and the program prints YES; brackets still
  open at the end are never checked.
how_to_fix: |
  Print YES only when ok is True and the stack is empty.
`);

/** The "fix" a wrong test asks for: counting kinds, which breaks the crossed sample. */
const BR_COUNTING = `s = input().strip()
balanced = all(s.count(o) == s.count(c) for o, c in ("()", "[]", "{}"))
print("YES" if balanced else "NO")`;

const BR_ANALYZE_AND_FIX = `${yaml(`
what_went_wrong: |
  The test expects YES for ")(": one bracket of each side. The stack rejects it at the first
  character, so compare the counts of each kind instead.
`)}
${py(BR_COUNTING)}`;

export const DEMOS: Demo[] = [
  {
    name: 'range-sums-codesim',
    problem: 'range-sums',
    label:
      'scripted demo: CodeSIM on Range Sums (the simulation catches an off-by-one in the plan; debugging fixes the code)',
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
  {
    name: 'brackets-alphacodium',
    problem: 'brackets',
    flow: 'alphacodium',
    budgets: { tries: 2 },
    label:
      'scripted demo: AlphaCodium on Balanced Brackets (two initial programs fail a sample; a public-test fix is kept; a wrong AI test asks for a fix that breaks the anchors, and it is reverted)',
    answers: {
      reflection: [BR_REFLECT],
      solutions: [BR_SOLUTIONS],
      choose: [BR_CHOOSE],
      'ai-tests': [BR_TESTS],
      validate: [BR_TESTS],
      solve: [`Here is the program.\n${py(BR_FORGETS_LEFTOVERS)}`, `Here is the program.\n${py(BR_COUNTING)}`],
      analyze: [BR_ANALYSIS],
      fix: [`Here is the corrected program.\n${py(solution('brackets'))}`],
      'analyze-and-fix': [BR_ANALYZE_AND_FIX],
    },
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
    const base = loadSettings();
    const flow = demo.flow ?? 'codesim';
    const budgets = demo.budgets
      ? { ...base.budgets, [flow]: { ...(base.budgets as unknown as Record<string, object>)[flow], ...demo.budgets } }
      : base.budgets;
    const settings = {
      ...base,
      budgets,
      backend: 'ollama' as const,
      ollamaHost: server.url,
      model: 'qwen2.5-coder:7b',
      lang: 'python' as const,
    };
    const problem = await loadProblem(join(ROOT, 'fixtures/problems', `${demo.problem}.md`));
    const result = await startSession({
      problem,
      settings,
      flow: flowFor(flow, settings as unknown as Record<string, unknown>),
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
