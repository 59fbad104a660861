import type { AgentContext } from '../../engine/types.js';
import type { ChatMessage } from '../../llm/types.js';
import type { Problem } from '../../problems/types.js';
import { langName } from '../../runners/languages/langs.js';
import { clip } from './text.js';

/** Samples longer than this are cut in prompts: a huge sample teaches nothing more. */
const SAMPLE_CHARS = 2000;

/**
 * The system text: the same for every stage of every flow in a session, so that it and the
 * problem after it form a prefix the server's prompt cache reuses from one step to the next.
 * Stage instructions therefore never go here.
 */
export function systemText(ctx: AgentContext): string {
  return [
    'You are an experienced competitive programmer working with a student on one problem.',
    `Solutions are written in ${langName(ctx.lang)}: complete programs that read standard input and write standard output.`,
    'Reason carefully and concretely; prefer a correct, simple method within the limits over a clever one.',
    'Each request names one task and the exact form of the answer; give that form and nothing else.',
  ].join('\n');
}

/** How the judge runs a program for this problem, in words the model can follow. */
export function ioConvention(problem: Problem): string {
  if (problem.kind.type === 'function') {
    return [
      'The statement describes a function with this signature:',
      '```',
      problem.kind.signature.trim(),
      '```',
      'The judge runs a whole program instead: each argument of the function arrives on its own line of standard input',
      '(a string as it is, a number or a list as a literal such as [1, 2, 3]). The program must read the arguments,',
      'call the function and print what it returns.',
    ].join('\n');
  }
  return 'The program reads the input from standard input and prints the answer to standard output.';
}

/** A sample's input or output as a prompt quotes it: in a plain fence, cut when huge. */
export const sampleBlock = (text: string): string => `\`\`\`\n${clip(text.replace(/\s+$/, ''), SAMPLE_CHARS)}\n\`\`\``;

function samplesText(problem: Problem): string {
  if (problem.samples.length === 0) return 'This problem has no sample tests.';
  return problem.samples
    .map(
      (t, i) =>
        `Sample ${i + 1} input:\n${sampleBlock(t.input)}\nSample ${i + 1} output:\n${sampleBlock(t.outputs[0] ?? '')}`,
    )
    .join('\n\n');
}

/** The problem as the model reads it: statement, specs, limits, how it runs, samples. */
export function problemText(problem: Problem): string {
  const statement = problem.statement.trim();
  // Loaders may keep the specs inside the statement too; say each thing once.
  const missing = (part: string | undefined): part is string => !!part && !statement.includes(part.trim());
  const parts = [statement.startsWith('#') ? statement : `# ${problem.title}\n\n${statement}`];
  if (missing(problem.inputSpec)) parts.push(`## Input\n${problem.inputSpec.trim()}`);
  if (missing(problem.outputSpec)) parts.push(`## Output\n${problem.outputSpec.trim()}`);
  const limits = [
    problem.timeLimitMs ? `time ${problem.timeLimitMs / 1000} s` : '',
    problem.memoryLimitMb ? `memory ${problem.memoryLimitMb} MB` : '',
  ].filter(Boolean);
  if (limits.length) parts.push(`Limits: ${limits.join(', ')}.`);
  parts.push(`## How the program runs\n${ioConvention(problem)}`);
  parts.push(`## Samples\n${samplesText(problem)}`);
  return parts.join('\n\n');
}

/**
 * A request in stable-prefix order: the shared system text, the problem, then this stage's
 * material and instructions as the last message.
 */
export function stageMessages(ctx: AgentContext, stage: string): ChatMessage[] {
  return [
    { role: 'system', content: systemText(ctx) },
    { role: 'user', content: problemText(ctx.problem) },
    { role: 'user', content: stage },
  ];
}
