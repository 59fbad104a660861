// Flows' cost: both methods run through the real engine (auto gate, real judge) on APPS problems
// against a scripted model (the fake Ollama server over loopback), printing per problem the
// calls, the prompt tokens sent and those the server's prompt cache left to evaluate, and the
// completion tokens. Code answers are real programs from the MapCoder authors' runs; the prose
// answers are synthetic but of typical length. Token counts are the fakes' (about 4 characters
// a token), so read them as shapes, not as a model's exact bill.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createAutoGate, runSession, type SessionResult } from '../src/engine/index.js';
import { flowFor, type FlowName } from '../src/flows/index.js';
import { OllamaBackend } from '../src/llm/ollama.js';
import { loadProblemSet } from '../src/problems/index.js';
import type { Problem } from '../src/problems/types.js';
import { engineSettings, fakeModel, type Answers } from '../test/flows/harness.js';

const APPS_DIR = resolve(process.cwd(), '../shared/datasets/apps150');
const PROBLEMS = 6;
const EXHAUSTED = 2;

interface Labelled {
  problem_id: string;
  method: string;
  model: string;
  code: string;
  judged_solved: boolean;
}

const words = (n: number, seed: string): string =>
  Array.from({ length: n }, (_, i) => `${seed}${i % 7 === 6 ? '.\n' : ''}`).join(' ');
const fence = (code: string): string => `\`\`\`python\n${code.trim()}\n\`\`\``;

/** Answers for one problem: `good` passes, `bad` does not; `fixes` says whether debugging works. */
function script(good: string, bad: string, fixes: boolean): Answers {
  const plan = `## Understanding\n${words(60, 'restate')}\n\n## Recalled problem\n${words(40, 'recall')}\n\n## Recalled solution\n${words(60, 'idea')}\n\n## Algorithm\n${words(30, 'algo')}\n\n## Plan\n${Array.from({ length: 8 }, (_, i) => `${i + 1}. ${words(12, 'step')}`).join('\n')}`;
  const exemplar = (i: number) => ({ description: words(70, `ex${i}`), code: bad, plan: words(50, 'plan') });
  return {
    plan,
    simulate: JSON.stringify({
      input: 'sample 1',
      trace: words(150, 'trace'),
      predicted: 'x',
      verdict: 'needs-change',
      critique: words(40, 'critique'),
    }),
    revise: JSON.stringify({ changes: words(40, 'change'), plan: words(120, 'revised') }),
    code: `${fence(bad)}`,
    debug: `## Simulation\n${words(150, 'trace')}\n## Verdict\ncode\n## Fix\n${words(30, 'fix')}\n## Code\n${fence(fixes ? good : bad)}`,
    retrieve: JSON.stringify({
      exemplars: [1, 2, 3].map(exemplar),
      algorithm: 'Greedy',
      tutorial: words(120, 'tutorial'),
    }),
    'exemplar-plan': `## Plan\n${Array.from({ length: 8 }, (_, i) => `${i + 1}. ${words(12, 'step')}`).join('\n')}`,
    confidence: JSON.stringify({ explanation: words(60, 'why'), confidence: 70 }),
    'mapcoder-code': fence(bad),
    'mapcoder-debug': `## Analysis\n${words(80, 'analysis')}\n## Code\n${fence(fixes ? good : bad)}`,
  };
}

async function one(flow: FlowName, p: Problem, answers: Answers): Promise<SessionResult> {
  const server = await fakeModel(answers);
  try {
    return await runSession({
      flow: flowFor(flow, {}),
      problem: p,
      lang: 'python',
      backend: new OllamaBackend({ host: server.url, stallSeconds: 10 }),
      settings: engineSettings,
      gate: createAutoGate(),
      journal: null,
    });
  } finally {
    await server.close();
  }
}

const k = (n: number): string => `${(n / 1000).toFixed(1)}k`;

function row(id: string, flow: string, scenario: string, r: SessionResult): string {
  const saved = r.promptTokens ? Math.round((1 - r.promptTokensEvaluated / r.promptTokens) * 100) : 0;
  return [
    id.padEnd(8),
    flow.padEnd(9),
    scenario.padEnd(10),
    r.status.padEnd(9),
    String(r.calls).padStart(5),
    k(r.promptTokens).padStart(8),
    k(r.promptTokensEvaluated).padStart(8),
    `${saved}%`.padStart(6),
    k(r.completionTokens).padStart(7),
  ].join(' ');
}

export async function run(): Promise<void> {
  process.stdout.write('\n## flows: calls and tokens per problem (scripted model, real engine and judge)\n');
  if (!existsSync(APPS_DIR)) {
    process.stdout.write(`skipped: ${APPS_DIR} not found\n`);
    return;
  }
  const labelled = readFileSync(resolve(APPS_DIR, 'labelled-solutions.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Labelled);
  const all = await loadProblemSet(resolve(APPS_DIR, 'problems.jsonl'), { onSkip: () => {} });
  const picked = all
    .filter((p) => p.kind.type === 'stdin' && p.samples.length > 0)
    .map((p) => {
      const ofP = labelled.filter((l) => l.problem_id === p.id);
      return { p, good: ofP.find((l) => l.judged_solved)?.code, bad: ofP.find((l) => !l.judged_solved)?.code };
    })
    .filter((x): x is { p: Problem; good: string; bad: string } => !!x.good && !!x.bad)
    .slice(0, PROBLEMS);
  process.stdout.write(
    `${'problem'.padEnd(8)} ${'flow'.padEnd(9)} ${'scenario'.padEnd(10)} ${'status'.padEnd(9)} calls   prompt    eval'd  saved  compl.\n`,
  );
  const sums: Record<string, { calls: number; tokens: number; n: number }> = {};
  for (const [i, { p, good, bad }] of picked.entries()) {
    for (const flow of ['codesim', 'mapcoder'] as const) {
      const scenarios: [string, boolean][] = [
        ['one-debug', true],
        ...(i < EXHAUSTED ? ([['exhausted', false]] as [string, boolean][]) : []),
      ];
      for (const [scenario, fixes] of scenarios) {
        const r = await one(flow, p, script(good, bad, fixes));
        process.stdout.write(`${row(p.id, flow, scenario, r)}\n`);
        const key = `${flow} ${scenario}`;
        const s = (sums[key] ??= { calls: 0, tokens: 0, n: 0 });
        s.calls += r.calls;
        s.tokens += r.promptTokens + r.completionTokens;
        s.n++;
      }
    }
  }
  for (const [key, s] of Object.entries(sums)) {
    process.stdout.write(`mean ${key}: ${(s.calls / s.n).toFixed(1)} calls, ${k(s.tokens / s.n)} tokens a problem\n`);
  }
  process.stdout.write(
    'MapCoder authors (APPS, GPT-4): 18.8 calls and 31.8k tokens a problem; 90 of 150 problems used all 25 calls.\n',
  );
}
