// A flow of one agent for tests of what the judge and the journal make of a program: code, then
// the samples, a few times at most. The wrong-language tests and the session-language tests share it.
import type { SessionFlow } from '../../src/engine/session.js';
import type { Agent, Outcome, Steps } from '../../src/engine/types.js';
import type { Problem } from '../../src/problems/types.js';
import type { Program } from '../../src/runners/build/types.js';
import { programAnswer, programTail } from '../../src/agents/shared/program.js';

/** A model's answer: the program fenced with the given tag. */
export const answer = (source: string, tag: string): string => `Here is the program.\n\`\`\`${tag}\n${source}\`\`\`\n`;

export const coder: Agent<Record<string, never>, Program> = {
  name: 'code',
  title: 'Code',
  pane: 'code',
  messages: (_input, ctx) => [
    { role: 'system', content: 'You are a careful competitive programmer.' },
    { role: 'user', content: `Problem:\n${ctx.problem.statement}\n\n${programTail(ctx).join('\n')}` },
  ],
  ...programAnswer,
};

/** code → samples, up to `times` times, as a flow called `name`. */
export function triesFlow(name: string, times: number): SessionFlow {
  const run = async (s: Steps, p: Problem): Promise<Outcome> => {
    for (let i = 0; i < times; i++) {
      const program = await s.ask(coder, {});
      const r = await s.run(program, p.samples);
      if (r.passed === r.total) return s.done(program, { passed: r.passed, total: r.total });
    }
    return s.fail('no program passed the samples');
  };
  return { name, run };
}
