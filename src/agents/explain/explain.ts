// The debugger as a tutor: it explains the person's failing program instead of fixing it. It
// runs the failing input through the code by hand, names the line where the state first goes
// wrong, and says whether the idea or its implementation is at fault. A fix is the person's to
// ask for (`f` in the tutor, `--fix` headless): their request is an edit of this step, so the
// journal keeps it and a replay serves it.
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { formatInstructions, readAnswer, type Field } from '../shared/answer.js';
import { stageMessages } from '../shared/prefix.js';
import { renderSections } from '../shared/sections.js';
import { asText } from '../shared/text.js';
import { failingProgramLines, type Failure } from './failure.js';

export interface ExplainInput {
  program: Program;
  failure: Failure;
}

export type Culprit = 'idea' | 'implementation' | 'unknown';

export interface ExplainValue {
  /** The failing input run by hand, a line of the program per row ("line 8: l = 1, r = 5"). */
  trace: string;
  /** The line where the trace first goes wrong (1-based), when the answer named one. */
  line: number | null;
  /** That line as written in the program. */
  lineText?: string;
  culprit: Culprit;
  explanation: string;
  /** The person asked for a fix. */
  fixWanted: boolean;
  /** The person asked to predict what their program does first (predict, then see). */
  predictWanted?: boolean;
}

type Key = 'trace' | 'line' | 'culprit' | 'explanation' | 'fix' | 'predict';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'trace',
    heading: 'Simulation',
    aliases: ['trace', 'hand run', 'step by step', 'walkthrough', 'execution'],
    describe:
      'the failing input run by hand through the program as written (not as intended), one row per executed line: "line N: name = value, name = value" with the values right after that line runs; go up to the first wrong value and a row or two past it',
  },
  {
    key: 'line',
    heading: 'Wrong line',
    aliases: ['line', 'faulty line', 'bug line', 'where', 'location', 'first wrong line', 'culprit line'],
    describe: 'the number of the line where the trace first goes wrong, then that line exactly as written',
  },
  {
    key: 'culprit',
    heading: 'Verdict',
    aliases: ['diagnosis', 'idea or implementation', 'what is wrong', 'kind of mistake'],
    describe:
      'one word: "idea" when the approach itself cannot solve the problem, "implementation" when the approach is right but the code does not carry it out',
  },
  {
    key: 'explanation',
    heading: 'Explanation',
    aliases: ['why', 'reason', 'explanation for the student', 'what goes wrong'],
    describe:
      'two to five sentences for the student: what that line does, what it should do, and why that makes this test fail; no corrected code',
  },
];
const FIX_FIELD: Field<Key> = {
  key: 'fix',
  heading: 'Fix',
  aliases: ['fix wanted', 'fix requested'],
  describe: '"asked" when the student wants a fix',
};
const PREDICT_FIELD: Field<Key> = {
  key: 'predict',
  heading: 'Predict',
  aliases: ['prediction wanted'],
  describe: '"asked" when the student wants to predict first',
};
const ASKED = /\b(ask|asked|yes|want|wanted|true|please)\b/i;

/** The line number an answer names: in its "Wrong line" section, else the first "line N" of the explanation. */
export function readLine(field: unknown, whole: string, lines: number): number | null {
  const inField = /(?:^|\bline\s*#?\s*|\bL)(\d+)\b/i.exec(asText(field).trim());
  const inText = /\bline\s*#?\s*(\d+)\b/i.exec(whole);
  for (const m of [inField, inText]) {
    const n = m ? Number(m[1]) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= lines) return n;
  }
  return null;
}

/** "idea" / "implementation" from the verdict, or from the usual sentences when no verdict came. */
export function readIdeaOrCode(field: unknown, whole: string): Culprit {
  const s = asText(field).toLowerCase();
  const idea = /\b(idea|approach|algorithm|logic of the method)\b/.test(s);
  const impl = /\b(implementation|implemented|code|coding|bug|typo|off[- ]by[- ]one)\b/.test(s);
  if (idea !== impl) return idea ? 'idea' : 'implementation';
  const w = whole.toLowerCase();
  if (/\b(idea|approach|algorithm)\s+(itself\s+)?(is|was)\s+(wrong|incorrect|flawed)/.test(w)) return 'idea';
  if (
    /\b(implementation|code)\s+(is|was)\s+(wrong|incorrect|buggy)|\b(idea|approach)\s+(is|was)\s+(right|correct|sound|fine)/.test(
      w,
    )
  )
    return 'implementation';
  return 'unknown';
}

function read(text: string, lines: number, byPerson: boolean): ExplainValue {
  const a = readAnswer(text, [...FIELDS, FIX_FIELD, PREDICT_FIELD]);
  const f = a.fields;
  const trace = asText(f.trace);
  const explanation = asText(f.explanation);
  if (a.form === 'plain') {
    if (!byPerson)
      throw new AnswerFormatError('the answer has none of the sections Simulation, Wrong line, Verdict, Explanation');
    return {
      trace: '',
      line: readLine(undefined, a.text, lines),
      culprit: readIdeaOrCode(undefined, a.text),
      explanation: a.text,
      fixWanted: false,
    };
  }
  if (!trace && !explanation) throw new AnswerFormatError('the answer has neither a Simulation nor an Explanation');
  const line = readLine(f.line, `${explanation}\n${trace}`, lines);
  const written = /^\s*(?:line\s*)?\d+\s*:\s*(.+)$/i.exec(asText(f.line))?.[1]?.trim();
  return {
    trace,
    line,
    ...(byPerson && line !== null && written ? { lineText: written } : {}),
    culprit: readIdeaOrCode(f.culprit, a.text),
    explanation,
    // Only a person asks for a fix; a model's own "Fix" section is not a request.
    fixWanted: byPerson && ASKED.test(asText(f.fix)),
    ...(byPerson && ASKED.test(asText(f.predict)) ? { predictWanted: true } : {}),
  };
}

const lineCount = (p: Program): number => p.source.replace(/\s+$/, '').split('\n').length;

/** The line as written in the program, for the pane. */
export const lineText = (p: Program, line: number | null): string | undefined =>
  line === null ? undefined : p.source.split('\n')[line - 1]?.trim();

/** The pane's text, read back by `edit`; a fix request is a line under "Fix". */
export function showExplanation(v: ExplainValue): string {
  const at = v.line === null ? '(not named)' : `${v.line}${v.lineText ? `: ${v.lineText}` : ''}`;
  return renderSections([
    ['Simulation', v.trace],
    ['Wrong line', at],
    ['Verdict', v.culprit],
    ['Explanation', v.explanation],
    ...(v.fixWanted ? ([['Fix', 'asked']] as const) : []),
    ...(v.predictWanted ? ([['Predict', 'asked']] as const) : []),
  ]);
}

export const explainAgent: Agent<ExplainInput, ExplainValue> = {
  name: 'explain',
  title: 'Why it fails',
  pane: 'explain',
  messages(input: ExplainInput, ctx: AgentContext) {
    const stage = [
      'Task: the student wrote the program below and it fails the test shown. Do not fix it and do not write code.',
      'Explain the failure the way a coach would: run the failing input through the program by hand, line by line,',
      'tracking the variables exactly as the code computes them. Find the first line where the program does something',
      "other than what a correct solution needs, and say whether the student's idea is wrong (the approach cannot",
      'work) or the idea is right and the code does not implement it.',
      '',
      ...failingProgramLines(input.program, input.failure),
      '',
      formatInstructions(FIELDS, ctx),
    ].join('\n');
    return stageMessages(ctx, stage);
  },
  parse(text, input) {
    const v = read(text, lineCount(input.program), false);
    const at = lineText(input.program, v.line);
    return at !== undefined ? { ...v, lineText: at } : v;
  },
  show: (v) => showExplanation(v),
  // The program is not at hand here; any line number the person writes stands.
  edit: (text) => read(text, Number.MAX_SAFE_INTEGER, true),
  lenient: (text) => ({ trace: '', line: null, culprit: 'unknown', explanation: text.trim(), fixWanted: false }),
  meta: (v, input) => ({
    test: input.failure.test,
    verdict: input.failure.verdict,
    input: input.failure.input,
    expected: input.failure.expected,
    actual: input.failure.actual,
    program: input.program.source,
    lang: input.program.lang,
    ...(v.lineText !== undefined ? { lineText: v.lineText } : {}),
  }),
};
