import { z } from 'zod';
import { AnswerFormatError, type Agent, type AgentContext } from '../../engine/types.js';
import { isObject, jsonKeyName, readAnswer, specOf, type Field } from '../shared/answer.js';
import { jsonAnswer, lenientJson } from '../shared/json.js';
import { bulleted, listItems } from '../shared/list.js';
import { wholeText } from '../shared/lenient.js';
import { stageMessages } from '../shared/prefix.js';
import { quoteProgram } from '../shared/program.js';
import { keyOf, normName, renderSections, scanSections } from '../shared/sections.js';
import { asText, stripThink } from '../shared/text.js';
import type { Program } from '../../runners/build/types.js';
import type { ChatMessage } from '../../llm/types.js';
import { SELFCOLLAB_TOKENS } from '../shared/caps.js';

export interface TesterInput {
  program: Program;
  /** With --with-judge: the program's real sample runs, as words (else the tester only reads). */
  runs?: string;
  /**
   * The earlier rounds, oldest first: each program reviewed and the report written on it. The
   * tester's conversation grows with them, as in the authors' code.
   */
  earlier?: { program: Program; runs?: string; report: string }[];
}

/** The line a satisfied tester ends its report with (the paper's stopping signal). */
export const PASSED = 'Code Test Passed';

export const AREAS = ['functionality', 'edge cases', 'bugs'] as const;
export type Area = (typeof AREAS)[number];

export const reportSchema = z.object({
  findings: z.array(z.object({ area: z.enum(AREAS), text: z.string() })),
  passed: z.boolean(),
  /**
   * The report as the tester wrote it (`<think>` gone): what the coder and the tester's own
   * history get, as in the authors' code. Absent after a person's edit (a finding struck out):
   * then the kept findings are the report.
   */
  text: z.optional(z.string()),
});
export type ReportValue = z.infer<typeof reportSchema>;
export type Finding = ReportValue['findings'][number];

type Key = 'functionality' | 'edge' | 'bugs' | 'verdict';
const FIELDS: readonly Field<Key>[] = [
  {
    key: 'functionality',
    heading: 'Functionality',
    aliases: ['correctness', 'requirements', 'logic'],
    describe: 'where the program does not do what the problem asks, one finding per bullet (leave empty if none)',
  },
  {
    key: 'edge',
    heading: 'Edge cases',
    aliases: ['edge case', 'corner cases', 'boundary cases', 'limits', 'performance'],
    describe:
      'inputs the program mishandles: smallest and largest values, empty or repeated input, time limits; one per bullet',
  },
  {
    key: 'bugs',
    heading: 'Bugs',
    aliases: ['bugs found', 'errors', 'issues', 'problems'],
    describe:
      'concrete mistakes in the code (wrong index, wrong output format, crash), one per bullet with the line it is on',
  },
  {
    key: 'verdict',
    heading: 'Verdict',
    aliases: ['conclusion', 'result', 'summary'],
    describe: `"${PASSED}" if you found nothing that needs fixing, otherwise "needs repair"`,
  },
];
const AREA_OF: Record<Exclude<Key, 'verdict'>, Area> = {
  functionality: 'functionality',
  edge: 'edge cases',
  bugs: 'bugs',
};

/**
 * Headings of the authors' report form (and of models' own) that hold no finding: a description
 * of the code, a True / False on the requirements, the conclusion.
 */
const NOT_FINDINGS =
  /^(?:(?:code )?description|satisfying the requirements?|conclusion|verdict|result|summary|final verdict)$/;

/** "None", "No issues found.", "N/A": a section that reports nothing. */
const NOTHING = /^(none|nothing|n\/?a|no (issues?|bugs?|problems?|edge cases?)( found)?|not applicable|-)\.?$/i;

/**
 * Whether the report says the code passed: the agreed phrase anywhere, as the authors' code
 * looked for it, unless every time it is negated ("the code test has not passed", "I cannot say
 * Code Test Passed") or only quoted as a condition ("… before I can write Code Test Passed").
 */
export function saysPassed(text: string): boolean {
  const t = text.toLowerCase().replace(/[*_`"“”]+/g, '');
  for (const m of t.matchAll(/code\s+test(?:s)?\s+(?:has\s+|have\s+)?(not\s+)?passed/g)) {
    if (m[1]) continue;
    const before = t.slice(Math.max(0, m.index - 40), m.index);
    if (
      /(?:\bnot|\bnever|n't|\bcannot)\s+(?:[\w,]+\s+){0,3}$|\bno\s+$|\b(?:before|until|unless|if|once)\s+(?:[\w,]+\s+){0,4}$/.test(
        before,
      )
    )
      continue;
    return true;
  }
  return false;
}

const PASSED_LINE = /^.*code\s+test\s+passed.*$/gim;

/** The report in its JSON-schema form ({findings, passed}), when the answer is that. */
function schemaReport(text: string): ReportValue | undefined {
  const v = lenientJson(text);
  if (!isObject(v) || typeof v['passed'] !== 'boolean') return undefined;
  const items = Array.isArray(v['findings']) ? v['findings'] : [];
  const findings = items.map((f): Finding => {
    const o: Record<string, unknown> = isObject(f) ? f : { text: f };
    const area = AREAS.find((x) => x === asText(o['area']).toLowerCase()) ?? 'bugs';
    return { area, text: asText(o['text'] ?? o['finding'] ?? o['description'] ?? f) };
  });
  return { findings: findings.filter((f) => f.text !== ''), passed: v['passed'] };
}

/** A section's body as findings: its listed points, else the whole body; "None" is none. */
function itemsOf(body: string): string[] {
  const clean = body.replace(PASSED_LINE, '').trim();
  const list = /^\s*([-*•+]|\d+[.):])\s/m.test(clean) ? listItems(clean) : clean ? [clean] : [];
  return list.filter((item) => !NOTHING.test(item.trim()) && !/^(?:true|false|yes|no)\.?$/i.test(item.trim()));
}

const areaOfName = (name: string): Area =>
  /edge|corner|boundar|limit/.test(name)
    ? 'edge cases'
    : /function|requirement|logic|correct/.test(name)
      ? 'functionality'
      : 'bugs';

/** The names of the marked headings ("### Code Review", "**Code Review:**") in a text. */
function markedNames(text: string): Set<string> {
  const marked = text.split('\n').filter((l) => /^\s*(#{1,6}\s+|\*\*|__)/.test(l));
  return new Set(
    marked.map((l) =>
      normName(
        l
          .trim()
          .replace(/^#{1,6}\s*/, '')
          .replace(/^(\*\*|__)/, '')
          .replace(/^\d+[.)]\s+/, '')
          .split(/[:*_#]/)[0] ?? '',
      ),
    ),
  );
}

const SPEC = specOf(FIELDS);

/** A heading's findings: ours by their area, the model's own (the authors' "Code Review") too. */
function findingsUnder(name: string, body: string): Finding[] {
  const key = keyOf(SPEC, name);
  if (key === 'verdict' || (key === undefined && NOT_FINDINGS.test(name))) return [];
  const area = key ? AREA_OF[key] : areaOfName(name);
  return itemsOf(body).map((text): Finding => ({ area, text }));
}

/**
 * Findings of a report in sections, under our headings and under marked headings of the model's
 * own; a bare "Line 2: …" inside a section stays in it. The text before the first is a preamble.
 */
function sectionFindings(text: string): Finding[] {
  const marked = markedNames(text);
  const sections = scanSections(
    text,
    (n) => marked.has(n) || keyOf(SPEC, n) !== undefined,
    (n) => keyOf(SPEC, n) ?? n,
  );
  return sections.slice(1).flatMap((sec) => findingsUnder(sec.name, sec.body));
}

/** Findings of a report in JSON: our keys (a list or a text each) and the model's own. */
function jsonFindings(obj: Record<string, unknown>): Finding[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    findingsUnder(jsonKeyName(k), Array.isArray(v) ? v.map((x) => `- ${asText(x)}`).join('\n') : asText(v)),
  );
}

function parseReport(text: string): ReportValue {
  const schema = schemaReport(text);
  if (schema) return schema;
  const a = readAnswer(text, FIELDS);
  // The verdict section first; a report without one says it anywhere (the authors' reading).
  const verdict = asText(a.fields.verdict);
  const repair = /needs?\s+(?:a\s+)?(?:repair|fix)|not\s+passed|\bfail(?:s|ed)?\b/i.test(verdict);
  const passed = saysPassed(verdict) || (!repair && saysPassed(a.text));
  const obj = a.form === 'json' ? (jsonAnswer(text) ?? lenientJson(text, true)) : undefined;
  // A report in prose: each listed point is a finding; without a list, the whole text is one
  // (unless it only says the code passed).
  const findings: Finding[] =
    a.form === 'plain'
      ? itemsOf(a.text).map((t): Finding => ({ area: 'bugs', text: t }))
      : isObject(obj)
        ? jsonFindings(obj)
        : sectionFindings(a.text);
  if (!passed && findings.length === 0 && a.text.trim() === '') throw new AnswerFormatError('the report is empty');
  return reportSchema.parse({ findings, passed });
}

/**
 * A model's report, with its own words kept for the coder and the tester's history. One that does
 * not say "Code Test Passed" sends the coder back to work, as the authors' code did, whatever its
 * headings: when no finding could be read (the bug was told in prose), the whole report is the
 * finding, so the pane shows the tester's own text.
 */
function parseModelReport(text: string): ReportValue {
  const r = parseReport(text);
  const whole = stripThink(text).trim();
  if (r.passed || r.findings.length > 0) return { ...r, text: whole };
  return { passed: false, findings: [{ area: 'bugs', text: whole.replace(PASSED_LINE, '').trim() }], text: whole };
}

/** What the coder and the tester's own history get of a report: the tester's words, or the findings a person kept. */
export const reportText = (r: ReportValue): string => r.text ?? findingsText(r.findings);

/** The findings under their headings, as the coder reads them (nothing else). */
export function findingsText(findings: readonly Finding[]): string {
  const parts = AREAS.map(
    (area) =>
      [area[0]!.toUpperCase() + area.slice(1), findings.filter((f) => f.area === area).map((f) => f.text)] as const,
  )
    .filter(([, list]) => list.length > 0)
    .map(([h, list]) => [h, bulleted(list)] as const);
  return parts.length ? renderSections(parts) : 'No issues.\n';
}

const showReport = (v: ReportValue): string =>
  `${findingsText(v.findings)}\n## Verdict\n${v.passed ? PASSED : 'needs repair'}\n`;

const sectionsAsked = (): string[] => [
  'Answer in these sections, in this order, each starting with its heading line exactly as written:',
  '',
  FIELDS.map((f) => `## ${f.heading}\n(${f.describe})`).join('\n\n'),
];

const programShown = (r: Pick<TesterInput, 'program' | 'runs'>): string[] => [
  quoteProgram(r.program),
  ...(r.runs ? ['', '### The program on the sample tests (real runs)', r.runs.trim()] : []),
];

function firstReview(r: Pick<TesterInput, 'program' | 'runs'>): string {
  return [
    'Task: act as the tester of a small team. Review the program below against the problem above by reading it:',
    'check that it does what is asked, think through the edge cases, and look for bugs. Report only real problems,',
    `each with what goes wrong. If you find nothing that needs fixing, end the report with the line "${PASSED}".`,
    '',
    '### The program',
    ...programShown(r),
    '',
    ...sectionsAsked(),
  ].join('\n');
}

/** The turn after the tester's last report: the coder's revised program, to review again. */
function reviewAgain(r: Pick<TesterInput, 'program' | 'runs'>): string {
  return [
    'Task: act as the tester of a small team. The coder revised the program after your report. Review the new version',
    `the same way; check that your issues are fixed and nothing new broke. If nothing needs fixing, end with "${PASSED}".`,
    '',
    '### The revised program',
    ...programShown(r),
    '',
    ...sectionsAsked(),
  ].join('\n');
}

/**
 * Self-collaboration's tester: reads the program and writes a report of what it found (as the
 * paper describes, it executes nothing), ending with "Code Test Passed" when satisfied. With
 * --with-judge it is also shown the program's real sample runs.
 */
export const testerAgent: Agent<TesterInput, ReportValue> = {
  name: 'tester',
  answerTokens: SELFCOLLAB_TOKENS,
  title: 'Test report',
  pane: 'report',
  messages(input: TesterInput, ctx: AgentContext): ChatMessage[] {
    const rounds = [
      ...(input.earlier ?? []),
      { program: input.program, ...(input.runs ? { runs: input.runs } : {}), report: '' },
    ];
    const [first, ...later] = rounds;
    const turns = later.flatMap((r, i): ChatMessage[] => [
      { role: 'assistant', content: rounds[i]!.report },
      { role: 'user', content: reviewAgain(r) },
    ]);
    return [...stageMessages(ctx, firstReview(first!)), ...turns];
  },
  parse: (text) => parseModelReport(text),
  show: showReport,
  edit: (text) => parseReport(text),
  // As published: no "Code Test Passed", so the coder gets whatever the tester wrote.
  lenient: (text) => ({
    findings: [{ area: 'bugs', text: wholeText(text) }],
    passed: saysPassed(text),
    text: stripThink(text).trim(),
  }),
  decision: {
    question: 'did the code pass the review?',
    options: [
      { label: 'tests passed', set: (v) => ({ ...v, passed: true }) },
      { label: 'needs repair', set: (v) => ({ ...v, passed: false }) },
    ],
  },
};
