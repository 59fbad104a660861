// CodeTree's critic, both of its roles: a score 0–5 for a node whose program fails the samples
// (it decides whether the branch is worth going on with), and a verification of a program that
// passes them (overfitting, edge cases, complexity) before it is accepted.
import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { formatInstructions, readAnswer, showFields, type Field } from '../shared/answer.js';
import { CODETREE_TEXT_TOKENS } from '../shared/caps.js';
import { stageMessages } from '../shared/prefix.js';
import { wholeText } from '../shared/lenient.js';
import { asText, stripThink } from '../shared/text.js';
import type { Program } from '../../runners/build/types.js';
import { nodeContext, type Idea } from './thinker.js';

export const MAX_SCORE = 5;

interface Judged {
  strategy: Idea;
  program: Program;
  /** Sample verdicts in words (failing samples in full, or "all n samples pass"). */
  feedback: string;
}

export type ScoreInput = Judged;
export type VerifyInput = Judged;

export const scoreSchema = z.object({ review: z.string(), score: z.number().min(0).max(MAX_SCORE) });
export type ScoreValue = z.infer<typeof scoreSchema>;

export const VERIFY_VERDICTS = ['accept', 'reject', 'unclear'] as const;
export const verifySchema = z.object({
  overfitting: z.string(),
  edgeCases: z.string(),
  complexity: z.string(),
  verdict: z.enum(VERIFY_VERDICTS),
  /** The critic's whole answer, as the authors pass it on with a rejection; absent after a person's edit. */
  review: z.optional(z.string()),
});
export type VerifyValue = z.infer<typeof verifySchema>;

const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5 };
const NUMBER = String.raw`(\d+(?:\.\d+)?|\b(?:zero|one|two|three|four|five)\b)`;
const SCALE = String.raw`(?:\s*(?:\/|out\s+of|of)\s*(\d+))?`;

function scoreFromMatch(n: string, of: string | undefined): number | undefined {
  const x = WORDS[n.toLowerCase()] ?? Number(n);
  if (!Number.isFinite(x)) return undefined;
  const d = of === undefined ? MAX_SCORE : Number(of);
  // "3/5" is 3; "6/10" is 3 on our scale; a bare number is on our scale already.
  const on5 = d > 0 && d !== MAX_SCORE ? (x / d) * MAX_SCORE : x;
  return Math.min(MAX_SCORE, Math.max(0, on5));
}

/**
 * The score a critic gave: its Score field ("3", "3/5", "**3** out of 5", "three"), else the last
 * "score … N" phrase, else a lone "N/5" on the last lines. The published code took the highest
 * digit of the last line, so "3/5" read as 5; this reads the number that is the score.
 */
export function readScore(field: unknown, whole: string): number | undefined {
  const f = asText(field).replace(/\*\*/g, '');
  // A digit before a word: "one of the samples fails, 2" is 2.
  const inField = new RegExp(`(\\d+(?:\\.\\d+)?)${SCALE}`).exec(f) ?? new RegExp(`${NUMBER}${SCALE}`, 'i').exec(f);
  if (inField) return scoreFromMatch(inField[1]!, inField[2]);
  const text = whole.replace(/\*\*/g, '');
  const phrases = [...text.matchAll(new RegExp(`score[^0-9a-z\\n]{0,12}(?:is\\s+|of\\s+)?${NUMBER}${SCALE}`, 'gi'))];
  const last = phrases.at(-1);
  if (last) return scoreFromMatch(last[1]!, last[2]);
  const tail = text.trim().split('\n').slice(-2).join('\n');
  const outOf = [...tail.matchAll(new RegExp(`${NUMBER}\\s*(?:\\/|out\\s+of)\\s*(\\d+)`, 'gi'))].at(-1);
  if (outOf) return scoreFromMatch(outOf[1]!, outOf[2]);
  // The authors' form: the analysis, then the score on the last line ("…\n3"); their reader took
  // the highest digit 0-5 there, so "I would rate it a 4." is 4 for us too.
  const lastLine = text.trim().split('\n').at(-1) ?? '';
  const onScale = [...lastLine.matchAll(/(?<![\d.])(\d+)(?![\d.]*\d)/g)]
    .map((m) => Number(m[1]))
    .filter((n) => n <= MAX_SCORE);
  return onScale.length > 0 ? Math.max(...onScale) : undefined;
}

type Acceptance = 'accept' | 'reject';

/** Lower case, markdown marks gone, one space between words. */
const plain = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[*_#>"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A fault denied ("does not overfit", "nothing is wrong", "no edge case fails") is no fault. */
const DENIED_FAULT =
  /\b(?:not|no|never|nothing|none|without|neither|nor|n't|cannot|can't)\s+(?:[\w']+\s+){0,3}?(?:overfit\w*|wrong|incorrect\w*|fail\w*|flaw\w*|bugs?|buggy|issues?|problems?|mistakes?|errors?|hard[- ]?cod\w*|concerns?)\b/g;

/** A refusal said outright: "reject", "not accept", "cannot be accepted". */
const REFUSED = /\b(?:not|n't|cannot|can't|never)\s+(?:be\s+)?(?:accept\w*|approv\w*)|\breject\w*/;
const ACCEPTED = /\baccept\w*|\bapprov\w*/;
const FAULT = /\boverfit\w*|\bfails?\b|\bfailing\b|\bincorrect\b|\bwrong\b|\bbuggy\b|\bhard[- ]?cod\w*/;
const GOOD = /\bcorrect\b|\bpass(?:es)?\b|\bsound\b|\bgeneral\b|\bfine\b/;

/**
 * "accept" / "reject" from a short judgement (a verdict section, a last line): a leading
 * Accept / Reject / Yes / No / True / False, else an outright acceptance or refusal, else the
 * faults it names; a denied fault ("does not overfit") names none. Undefined when it says neither.
 */
export function readAcceptance(text: string): Acceptance | undefined {
  const s = plain(text);
  if (s === '') return undefined;
  const lead =
    /^(?:verdict|decision|answer|result)?\s*[:=-]?\s*(accept\w*|approv\w*|yes|true|reject\w*|no(?=\s*(?:[.,;:!-]|$))|false)\b/.exec(
      s,
    )?.[1];
  if (lead) return /^(accept|approv|yes|true)/.test(lead) ? 'accept' : 'reject';
  if (REFUSED.test(s)) return 'reject';
  const rest = s.replace(DENIED_FAULT, ' fine ');
  if (ACCEPTED.test(rest)) return 'accept';
  if (FAULT.test(rest)) return 'reject';
  if (/\b(?:true)\b/.test(rest) && !/\bfalse\b/.test(rest)) return 'accept';
  if (/\bfalse\b/.test(rest) && !/\btrue\b/.test(rest)) return 'reject';
  return GOOD.test(rest) ? 'accept' : undefined;
}

/**
 * The critic's verdict: its section first, then the answer's first words (a person opens with
 * Accept / Reject), then a line that holds only the verdict (the authors' critic ends with True /
 * False on a line of its own), then the latest line that judges at all. Undefined when none says.
 */
export function acceptanceOf(section: string, whole: string): Acceptance | undefined {
  const fromSection = section.trim() ? readAcceptance(section) : undefined;
  if (fromSection) return fromSection;
  const s = plain(whole);
  const lead = /^(accept\w*|approv\w*|reject\w*|true|false)\b/.exec(s)?.[1];
  if (lead) return /^(accept|approv|true)/.test(lead) ? 'accept' : 'reject';
  // Heading lines name a field, not a judgement ("## Overfitting" is no reject).
  const lines = whole
    .split('\n')
    .filter((l) => !/^\s*#{1,6}\s/.test(l))
    .map(plain)
    .filter(Boolean);
  const alone = lines
    .reverse()
    .find((l) =>
      /^(?:(?:final\s+)?(?:verdict|decision|answer)\s*[:=-]?\s*)?(accept\w*|reject\w*|true|false)\.?$/.test(l),
    );
  if (alone) return readAcceptance(alone.replace(/^(?:final\s+)?(?:verdict|decision|answer)\s*[:=-]?\s*/, ''));
  // The verdict said in prose, wherever it is: the latest line that judges ("I hope this
  // helps!" after "I am confident this solution is correct." judges nothing).
  for (const line of lines) {
    const said = readAcceptance(line);
    if (said) return said;
  }
  return undefined;
}

const SCORE_FIELDS: readonly Field<keyof ScoreValue>[] = [
  {
    key: 'review',
    heading: 'Review',
    aliases: ['analysis', 'assessment', 'critique', 'evaluation', 'reasoning'],
    describe:
      'how close the program is to a correct solution: what it gets right, what it gets wrong, and whether the strategy itself can work',
  },
  {
    key: 'score',
    heading: 'Score',
    aliases: ['rating', 'final score'],
    describe: `one integer from 0 (hopeless: start over) to ${MAX_SCORE} (nearly right: a small fix away)`,
  },
];

const VERIFY_FIELDS: readonly Field<Exclude<keyof VerifyValue, 'review'>>[] = [
  {
    key: 'overfitting',
    heading: 'Overfitting',
    aliases: ['hard coding', 'hardcoding', 'special cases'],
    describe:
      'whether the program solves the problem in general or only fits the samples (hard-coded outputs, special cases)',
  },
  {
    key: 'edgeCases',
    heading: 'Edge cases',
    aliases: ['edge case', 'corner cases', 'boundary cases'],
    describe: 'inputs allowed by the statement that the program may get wrong or crash on',
  },
  {
    key: 'complexity',
    heading: 'Complexity',
    aliases: ['time complexity', 'efficiency', 'performance'],
    describe: 'its time and memory complexity against the limits on the largest input',
  },
  {
    key: 'verdict',
    heading: 'Verdict',
    aliases: ['decision', 'conclusion', 'final verdict'],
    describe: 'one word: "accept" if the program is a correct, general solution within the limits, otherwise "reject"',
  },
];

const judgedText = (input: Judged): string[] =>
  nodeContext(input.strategy, input.program, input.feedback, 'On the samples');

function parseScore(text: string): ScoreValue {
  const a = readAnswer(text, SCORE_FIELDS);
  const score = readScore(a.fields.score, a.text);
  if (score === undefined) throw new AnswerFormatError(`the answer gives no score (an integer 0..${MAX_SCORE})`);
  const review = a.form === 'plain' ? a.text : asText(a.fields.review);
  return scoreSchema.parse({ review, score });
}

/** The critic's score for a failing node; the flow turns it into the node's value. */
export const criticScoreAgent: Agent<ScoreInput, ScoreValue> = {
  name: 'critic-score',
  answerTokens: CODETREE_TEXT_TOKENS,
  title: 'Critic: score',
  pane: 'critic',
  schema: { name: 'score', zod: scoreSchema },
  messages(input: ScoreInput, ctx: AgentContext) {
    const stage = [
      'Task: act as a critic. The program below fails some of the samples. Judge how promising it is: is the strategy able',
      'to solve the problem, and how far is the program from a correct one? Do not write code.',
      '',
      ...judgedText(input),
      '',
      formatInstructions(SCORE_FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseScore(text),
  show: (v) => showFields(SCORE_FIELDS, v),
  edit: (text) => parseScore(text),
  // No number to be found: the lowest score, as the published reader (the highest digit 0-5 on
  // the last line, 0 when there is none) reads an answer whose last line holds no digit.
  lenient: (text) => ({ review: wholeText(text), score: 0 }),
  decision: {
    question: 'how promising is the program?',
    number: { label: `score 0..${MAX_SCORE}`, min: 0, max: MAX_SCORE, set: (v, score) => ({ ...v, score }) },
  },
};

/**
 * The critic's findings and its verdict. An answer whose verdict cannot be read is refused (the
 * engine's one repair request asks again; then the auto gate reads it as the authors' code did,
 * accept, and a person decides it at the gate).
 */
function parseVerify(text: string, whole = false): VerifyValue {
  const a = readAnswer(text, VERIFY_FIELDS);
  const f = a.fields;
  if (a.text.trim() === '') throw new AnswerFormatError('the answer is empty');
  const verdict = acceptanceOf(asText(f.verdict), a.text);
  if (!verdict) throw new AnswerFormatError('the answer has no verdict (accept or reject)');
  return verifySchema.parse({
    overfitting: a.form === 'plain' ? a.text : asText(f.overfitting),
    edgeCases: asText(f.edgeCases),
    complexity: asText(f.complexity),
    verdict,
    ...(whole ? { review: a.text.trim() } : {}),
  });
}

/** The verification of a program that passes the samples: accept it, or reject it with a review. */
export const criticVerifyAgent: Agent<VerifyInput, VerifyValue> = {
  name: 'critic-verify',
  answerTokens: CODETREE_TEXT_TOKENS,
  title: 'Critic: verify',
  pane: 'critic',
  messages(input: VerifyInput, ctx: AgentContext) {
    const stage = [
      'Task: act as a critic. The program below passes every sample, but samples are few. Decide whether it is a correct',
      'solution for every valid input: look for overfitting to the samples, edge cases it mishandles, and whether its',
      'complexity fits the limits. Do not write code.',
      '',
      ...judgedText(input),
      '',
      formatInstructions(VERIFY_FIELDS, { ...ctx, structured: false }),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse: (text) => parseVerify(text, true),
  show: (v) => showFields(VERIFY_FIELDS, v),
  edit: (text) => parseVerify(text),
  // As the authors' code: a verdict it could not read let the program through.
  lenient: (text) => ({
    overfitting: stripThink(text),
    edgeCases: '',
    complexity: '',
    verdict: acceptanceOf('', text) ?? 'accept',
    review: stripThink(text).trim(),
  }),
  decision: {
    question: 'accept the program, or reject it?',
    options: [
      { label: 'accept', set: (v) => ({ ...v, verdict: 'accept' }) },
      { label: 'reject', set: (v) => ({ ...v, verdict: 'reject' }) },
    ],
  },
};

/**
 * The verification as the reason for a rejection: the critic's whole answer, as the authors pass
 * it on (whatever section it put its reasons in); after a person's edit, the fields they left.
 */
export const verifyReview = (v: VerifyValue): string =>
  v.review ||
  [
    v.overfitting && `Overfitting: ${v.overfitting}`,
    v.edgeCases && `Edge cases: ${v.edgeCases}`,
    v.complexity && `Complexity: ${v.complexity}`,
  ]
    .filter(Boolean)
    .join('\n');
