import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { isObject } from '../shared/answer.js';
import { jsonAnswer } from '../shared/json.js';
import { listItems } from '../shared/list.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { quoteProgram } from '../shared/program.js';
import type { Program } from '../../runners/build/types.js';
import { asText, stripThink } from '../shared/text.js';
import { CODETREE_TEXT_TOKENS } from '../shared/caps.js';

/** One way to attack the problem (a strategy) or to fix a program (a reflection). */
export const ideaSchema = z.object({ title: z.string(), idea: z.string() });
export type Idea = z.infer<typeof ideaSchema>;

export const ideasSchema = z.object({ ideas: z.array(ideaSchema) });
export type IdeasValue = z.infer<typeof ideasSchema>;

export interface ThinkerInput {
  /** The most strategies wanted (the tree's width); the model decides how many up to it. */
  width: number;
}

const TITLE_WORDS = 8;

/** "Greedy by deadline: sort jobs …" → title and idea; a line with no label gets its first words as title. */
export function ideaOf(item: string): Idea {
  const text = item.replace(/\*\*/g, '').trim();
  const m = /^(.{2,120}?)\s*(?::|\s[—–-]\s)\s*([\s\S]+)$/.exec(text);
  if (m && !m[1]!.includes('\n')) return { title: m[1]!.trim(), idea: m[2]!.trim() };
  const words = text.split(/\s+/);
  const title = words.slice(0, TITLE_WORDS).join(' ') + (words.length > TITLE_WORDS ? ' …' : '');
  return { title, idea: text };
}

/**
 * The numbered ideas of a thinker's answer, at most `max`: numbered or bulleted lines, or JSON
 * (a list, or an object holding one). Fewer than asked is the model's choice; none is an error.
 */
export function ideasFrom(text: string, max: number): IdeasValue {
  const v = jsonAnswer(text);
  let ideas: Idea[];
  if (v !== undefined) {
    const list = Array.isArray(v) ? v : isObject(v) ? (Object.values(v).find(Array.isArray) ?? []) : [];
    ideas = list.map((x: unknown) =>
      isObject(x)
        ? { title: asText(x.title ?? x.name ?? ''), idea: asText(x.idea ?? x.description ?? x.strategy ?? '') }
        : ideaOf(asText(x)),
    );
    ideas = ideas.map((i) => (i.title ? i : ideaOf(i.idea))).filter((i) => i.idea || i.title);
  } else {
    const body = stripThink(text);
    const numbered = body.split('\n').filter((l) => /^\s*(\d+[.):]|[-*•])\s+\S/.test(l));
    if (numbered.length === 0)
      throw new AnswerFormatError('the answer has no numbered list of ideas ("1. Title: idea")');
    ideas = listItems(body).map(ideaOf);
  }
  if (ideas.length === 0) throw new AnswerFormatError('the answer proposes no idea');
  return { ideas: ideas.slice(0, Math.max(1, max)) };
}

/** What the later roles read about a node: its branch's strategy, its program, what is known about it. */
export function nodeContext(strategy: Idea, program: Program, feedback: string, feedbackTitle = 'Feedback'): string[] {
  return [
    '### Strategy',
    `${strategy.title}: ${strategy.idea}`,
    '',
    '### Program',
    quoteProgram(program),
    '',
    `### ${feedbackTitle}`,
    feedback.trim() || '(none)',
  ];
}

/** An answer with no list: the whole text is one idea (the model's own way of saying it). */
export const lenientIdeas = (text: string): IdeasValue => ({ ideas: [ideaOf(wholeText(text))] });

/** The ideas as the numbered list the pane shows and a person edits. */
export const showIdeas = (v: IdeasValue): string =>
  v.ideas.map((i, n) => `${n + 1}. ${i.title}: ${i.idea.replace(/\n/g, ' ')}`).join('\n') + '\n';

/** A person's list: any number of ideas (they may add past the width). */
export const editIdeas = (text: string): IdeasValue => ideasFrom(text, Number.POSITIVE_INFINITY);

/**
 * CodeTree's thinker, first role: distinct strategies for the problem, as many as the model
 * thinks worth trying up to the width. Each becomes a branch of the tree.
 */
export const thinkerAgent: Agent<ThinkerInput, IdeasValue> = {
  name: 'thinker',
  answerTokens: CODETREE_TEXT_TOKENS,
  title: 'Strategies',
  pane: 'strategies',
  messages(input: ThinkerInput, ctx: AgentContext) {
    const stage = [
      `Task: propose up to ${input.width} different strategies for solving the problem above. Do not write code.`,
      'Each must be a genuinely different way in (another algorithm or another way of modelling the problem), not a variation',
      'in detail. Propose fewer when fewer are worth trying; put the most promising first. For each, say what it does and why it',
      'fits the limits.',
      '',
      'Answer with a numbered list, one strategy per item, in the form:',
      '1. <short title>: <the idea in two or three sentences, with its time complexity>',
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text, input) => ideasFrom(text, input.width),
  show: showIdeas,
  edit: (text) => editIdeas(text),
  lenient: (text) => lenientIdeas(text),
};
