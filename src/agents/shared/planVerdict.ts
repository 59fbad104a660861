/**
 * "Is the plan fine, or does it need a change?" from the words a model used. The published
 * CodeSIM code looked for the phrase "Plan Modification Needed" (unless preceded by "No"); models
 * say the same in many ways, so this reads the common ones, negations first:
 *   fine:  "plan-fine", "No Plan Modification Needed", "The plan does not need to be modified",
 *          "no changes are required", "there is no need to revise it", "the plan is correct"
 *   change: "needs-change", "Plan Modification Needed", "the plan is not correct",
 *          "it should be revised", "the output is wrong"
 * Undefined when the text says neither.
 */
export type PlanVerdict = 'plan-fine' | 'needs-change';

/** The words that name a change to the plan ("modified", "revision", "fixes", …). */
const CHANGE = String.raw`(?:chang|modif|revis|fix|alter|adjust|correction|rework|rewrit)\w*`;
/** Small words that may stand between a negation and the change it denies. */
const FILLER = String.raw`(?:(?:need|needs|needed|require|requires|required|call|calls|for|to|be|been|get|any|further|more|additional|other|the|this|plan|a|an|its|it|real|major|must|should|is|are)\s+)*`;

/** The two words we ask for, hyphenated (spaced, "needs change" may follow a "does not"). */
const EXACT: [RegExp, PlanVerdict][] = [
  [/(?:^|[^\w-])plan[-_]fine\b|^plan fine$/, 'plan-fine'],
  [/(?:^|[^\w-])needs?[-_]change\b|^needs? change$/, 'needs-change'],
];

const RULES: [RegExp, PlanVerdict][] = [
  // A change denied: "no plan modification needed", "does not need to be modified", "nothing to fix".
  [
    new RegExp(
      String.raw`\b(?:no|not|never|nothing|without|neither|nor|don't|doesn't|didn't|needn't|isn't|aren't)\s+${FILLER}${CHANGE}`,
    ),
    'plan-fine',
  ],
  [
    new RegExp(String.raw`\b(?:no|not)\s+(?:${FILLER})(?:necessary|needed|required)\s+(?:to\s+)?${FILLER}${CHANGE}`),
    'plan-fine',
  ],
  [/\bno\s+(?:errors?|bugs?|issues?|problems?|flaws?|mistakes?)\b/, 'plan-fine'],
  // Something bad denied: "not wrong", "does not fail".
  [
    /\b(?:not|never|doesn't|don't|isn't|won't)\s+(?:\w+\s+)?(?:wrong|incorrect|flawed|fail|fails|failing|buggy)\b/,
    'plan-fine',
  ],
  // Something good denied: "not correct", "isn't right", "does not work".
  [
    /\b(?:not|isn't|aren't|doesn't|don't|never)\s+(?:\w+\s+)?(?:fine|correct|ok|okay|right|valid|sound|sufficient|good|work|works|pass|passes|match|matches)\b/,
    'needs-change',
  ],
  // A change asked for: "plan modification needed", "needs to be revised", "must change".
  [
    new RegExp(
      String.raw`\b(?:need|needs|needed|require|requires|required|must|should|has\s+to|have\s+to)\s+${FILLER}${CHANGE}`,
    ),
    'needs-change',
  ],
  [new RegExp(String.raw`${CHANGE}\s+(?:is\s+|are\s+)?(?:needed|required|necessary)`), 'needs-change'],
  // Plain judgements, the bad ones first ("correct it: the output is wrong" is a change).
  [
    /\b(?:wrong|incorrect|flawed|fails?|failed|failing|bug|buggy|mismatch|error|invalid|insufficient)\b/,
    'needs-change',
  ],
  [/\b(?:fine|correct|correctly|ok|okay|right|valid|sound|works?|good|pass(?:es)?|matches|approved?)\b/, 'plan-fine'],
  [new RegExp(String.raw`\b${CHANGE}`), 'needs-change'],
];

export function readPlanVerdict(text: string): PlanVerdict | undefined {
  const s = text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/[*_#>"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s === '') return undefined;
  const exact = EXACT.filter(([re]) => re.test(s)).map(([, v]) => v);
  // Both exact words: a model echoing the choice ("plan-fine or needs-change"); read the rest.
  if (exact.length === 1) return exact[0];
  return RULES.find(([re]) => re.test(s))?.[1];
}

/**
 * CodeSIM's own phrases, anywhere in an answer, read as the authors' code read them: "Plan
 * Modification Needed" not preceded by "No" asks for a revision; "No Plan Modification Needed"
 * or "No Need to Modify Plan" says the plan is fine. Undefined when neither phrase is there.
 */
export function authorsPlanVerdict(text: string): PlanVerdict | undefined {
  const s = text
    .toLowerCase()
    .replace(/[*_`#>"]+/g, ' ')
    .replace(/\s+/g, ' ');
  let negated = false;
  for (const m of s.matchAll(/plan modifications? (?:is |are )?(?:needed|required)/g)) {
    if (/\bno $/.test(s.slice(Math.max(0, m.index - 3), m.index))) negated = true;
    else return 'needs-change';
  }
  if (negated || /\bno need to (?:modify|change|revise) (?:the )?plan\b/.test(s)) return 'plan-fine';
  return undefined;
}

/** Our own two words anywhere in an answer (hyphenated or spaced), when only one of them is there. */
export function ourPlanWords(text: string): PlanVerdict | undefined {
  const s = text.toLowerCase();
  const fine = /(?:^|[^\w-])plan[-_ ]fine\b/.test(s);
  const change = /(?:^|[^\w-])needs?[-_]change\b/.test(s);
  return fine === change ? undefined : fine ? 'plan-fine' : 'needs-change';
}

/**
 * A plan verdict read as every decision is read: the verdict section first (the authors'
 * phrases, then any way of saying it), then the whole answer in the authors' words and ours,
 * then the judgement of its last lines. Undefined when none of them says.
 */
export function planVerdictOf(section: string, whole: string): PlanVerdict | undefined {
  const tail = whole.trim().split('\n').slice(-3).join('\n');
  return (
    (section.trim() ? (authorsPlanVerdict(section) ?? readPlanVerdict(section)) : undefined) ??
    authorsPlanVerdict(whole) ??
    ourPlanWords(whole) ??
    readPlanVerdict(tail)
  );
}
