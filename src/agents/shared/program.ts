import { programForward } from './forward.js';
import { AnswerFormatError, type Agent, type AgentContext, type ProgramPart } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import type { Field } from './answer.js';
import { fenceTag, langName } from '../../runners/languages/langs.js';
import { fenced, programFrom } from './code.js';
import { programFromEdit } from './edit.js';
import { programLeniently } from './lenient.js';

/** What every program must do, said once for all code-writing stages. */
export function programRules(ctx: AgentContext): string {
  const rules = [
    `Write one complete ${langName(ctx.lang)} program.`,
    ctx.problem.kind.type === 'function'
      ? 'Arguments arrive one per line on standard input: read them, call the function with them and print the result it returns.'
      : 'Read everything from standard input and print only the answer to standard output: no prompts, no debugging output.',
    'It must run within the limits on the largest inputs the statement allows.',
  ];
  if (ctx.lang === 'java') rules.push('Put everything in one public class with a main method.');
  if (ctx.lang === 'cpp') rules.push('Use only the standard library.');
  return rules.map((r) => `- ${r}`).join('\n');
}

/** The answer form of a code stage: the program last, in one fence of the language. */
export const codeFence = (ctx: AgentContext): string =>
  `the complete program in one \`\`\`${fenceTag(ctx.lang)} fenced block`;

/** The end of every prompt that asks for a whole program: the rules, then the answer form. */
export const programTail = (ctx: AgentContext): string[] => [
  '### Requirements',
  programRules(ctx),
  '',
  `Answer with ${codeFence(ctx)} and nothing after it.`,
];

/** The end of a code stage's prompt, the same for every flow: the plan, the rules, the answer form. */
export function codeTaskTail(plan: string, ctx: AgentContext): string[] {
  return ['### Plan', plan.trim(), '', ...programTail(ctx)];
}

/**
 * How every code stage reads, shows and takes edits of its answer: one program in a fence; read
 * leniently, text without a fence is the program (as the published code took it).
 */
export const programAnswer: Pick<
  Agent<unknown, Program>,
  'parse' | 'show' | 'edit' | 'lenient' | 'forward' | 'program'
> = {
  parse: (text, _input, ctx) => programFrom(text, ctx.lang),
  show: (v) => v.source,
  edit: (text, _previous, ctx) => programFromEdit(text, ctx),
  lenient: (text, _input, ctx) => programLeniently(text, ctx),
  forward: programForward,
  program: { get: (v) => v, set: (_v, p) => p },
};

/** Where a debug or fix stage's answer keeps its corrected program (for the engine's language check). */
export function fixProgram<V extends { program: Program }>(): ProgramPart<V> {
  return { get: (v) => v.program, set: (v, program) => ({ ...v, program }) };
}

/** The corrected program of a debug stage's answer, under the names models give that section. */
export const FIXED_CODE_FIELD: Field<'code'> = {
  key: 'code',
  heading: 'Code',
  aliases: ['modified code', 'corrected code', 'fixed code', 'program', 'corrected program'],
  describe: 'the complete corrected program',
};

/**
 * A debug stage's edit: the pane read back as an answer, or — when a person cut the pane down
 * to bare code — the previous diagnosis kept with that code.
 */
export function editFix<V extends { program: Program }>(
  parse: (text: string, ctx: AgentContext) => V,
): Agent<unknown, V>['edit'] {
  return (text, previous, ctx) => {
    try {
      return parse(text, ctx);
    } catch (err) {
      const source = text.trim();
      if (!(err instanceof AnswerFormatError) || source === '') throw err;
      return { ...previous, program: { lang: ctx.lang, source: source + '\n' } };
    }
  };
}

/** A program quoted in a prompt. */
export const quoteProgram = (p: Program): string => fenced(p.source, p.lang);
