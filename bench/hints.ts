// The leak guard's figures: the practice ladder run through the real engine and judge against the
// project's leaking model (test/fakes/leaky.ts: the program in a fence inside its plan, lines of it
// in the trace and the tutorial; asked to rewrite, it keeps the lines and drops the fences), over
// every built-in problem with a reference solution. The person has a wrong draft (the solution's
// first line, then `print(0)`) and asks for every hint. Per rung 1–4, the share of answers that
// show code or a run of the problem's program: as the model wrote them (before), and as the
// person was shown them (after). Both are read by the same check, told the rung-5 program, which
// the guard itself did not know yet when the hints were shown.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { ideaFromDraft, planHint, similarAgent, simulateHint } from '../src/agents/hints/ladder.js';
import type { HintContext } from '../src/agents/hints/tutor.js';
import type { Agent, AgentContext, Gate, Proposal } from '../src/engine/types.js';
import { defaultsOf, practiceFlow } from '../src/flows/index.js';
import { practice } from '../src/flows/practice.js';
import { loadProblem } from '../src/problems/index.js';
import { leakyAnswers } from '../test/fakes/leaky.js';
import { fakeModel, runFlow } from '../test/flows/harness.js';

const RUNGS: [string, string, Agent<HintContext & never, unknown>][] = [
  ['1 similar problem', 'retrieve', similarAgent as unknown as Agent<HintContext & never, unknown>],
  ['2 idea', 'hint-idea', ideaFromDraft as unknown as Agent<HintContext & never, unknown>],
  ['3 plan', 'plan', planHint as unknown as Agent<HintContext & never, unknown>],
  ['4 simulation', 'simulate', simulateHint as unknown as Agent<HintContext & never, unknown>],
];
const AGENT_OF: Record<string, string> = {
  retrieve: 'hint-similar',
  'hint-idea': 'hint-idea',
  plan: 'hint-plan',
  simulate: 'hint-simulate',
};

/** A value leaks when the guard, told the rung-5 program, would cut anything of it. */
function leaks(
  agent: Agent<HintContext & never, unknown>,
  value: unknown,
  at: HintContext,
  ctx: AgentContext,
): boolean {
  return agent.guard!.check(value, at as never, ctx).found !== undefined;
}

function personAsking(draft: string, seen: Proposal[]): Gate {
  let wrote = false;
  return {
    by: 'person',
    decide: async (p) => {
      seen.push(p);
      if (p.agent !== 'attempt') return { kind: 'approve' };
      if (!wrote) {
        wrote = true;
        return { kind: 'edit', content: draft };
      }
      return (p.value as { hints: number }).hints < 5 ? { kind: 'approve' } : { kind: 'stop' };
    },
  };
}

export async function run(): Promise<void> {
  process.stdout.write(
    '\n## hints: leak rate per rung, before and after the guard (leaking stand-in model, real engine and judge)\n',
  );
  const dir = resolve(process.cwd(), 'fixtures/problems');
  const tally = RUNGS.map(() => ({ before: 0, after: 0, n: 0 }));
  let rewrites = 0;
  for (const file of readdirSync(resolve(dir, '_solutions'))
    .filter((f) => f.endsWith('.py'))
    .sort()
    .map((f) => resolve(dir, '_solutions', f))) {
    const program = readFileSync(file, 'utf8');
    const p = await loadProblem(resolve(dir, `${basename(file, '.py')}.md`));
    const answers = leakyAnswers(program);
    const server = await fakeModel(answers);
    const seen: Proposal[] = [];
    const draft = `${program.trim().split('\n')[0]}\nprint(0)\n`;
    try {
      await runFlow(practice, p, defaultsOf(practiceFlow), server, personAsking(draft, seen));
      rewrites += server.chatBodies().filter((b) => b.messages.length > 3).length;
    } finally {
      await server.close();
    }
    const ctx: AgentContext = { problem: p, lang: 'python' };
    const at: HintContext = { person: { draft: { lang: 'python', source: draft } }, known: [program] };
    RUNGS.forEach(([, stage, agent], i) => {
      const shown = seen.find((s) => s.agent === AGENT_OF[stage]);
      if (!shown) return;
      const first = agent.parse(answers[stage] as string, at as never, ctx);
      tally[i]!.n++;
      if (leaks(agent, first, at, ctx)) tally[i]!.before++;
      if (leaks(agent, shown.value, at, ctx)) tally[i]!.after++;
    });
  }
  const pct = (k: number, n: number): string => `${n ? Math.round((k / n) * 100) : 0}%`.padStart(5);
  process.stdout.write(`${'rung'.padEnd(20)} answers  before  after\n`);
  RUNGS.forEach(([name], i) => {
    const t = tally[i]!;
    process.stdout.write(
      `${name.padEnd(20)} ${String(t.n).padStart(7)}  ${pct(t.before, t.n)}  ${pct(t.after, t.n)}\n`,
    );
  });
  process.stdout.write(
    `rewrite requests: ${rewrites} (one per leaking answer; the stubborn model leaks again and is cut)\n`,
  );
}
