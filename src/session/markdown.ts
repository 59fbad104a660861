// The report as markdown a person reads (or pastes into an issue or a blog post).
import type { Decision } from './steps.js';
import type { JudgeResult } from '../runners/build/types.js';
import type { Report, ReportStep } from './report.js';
import { callsText } from './format.js';
import { cutOf, wholeSize } from './cut.js';
import { resultLine } from './resultWord.js';

/** A code fence longer than any run of backticks inside the text, so nothing breaks out. */
export function fence(text: string, lang = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const f = '`'.repeat(Math.max(3, longest + 1));
  return `${f}${lang}\n${text.replace(/\n$/, '')}\n${f}`;
}

/**
 * A test's text in a fence; one the session keeps cut (a hidden test sent to the debugger, say)
 * as its head, with what was left out said under the fence, not inside it.
 */
export function testBlock(text: string): string[] {
  const kept = cutOf(text);
  if (!kept) return [fence(text)];
  return [
    fence(kept.head),
    '',
    `*… ${kept.more} bytes more (${wholeSize(kept)} in all) are not kept in the session; sha256 ${kept.sha256}…*`,
  ];
}

/** Who decided, as the journal's \`by\` says it. */
const WHO: Record<string, string> = {
  person: 'by you',
  auto: 'automatically',
  replay: 'on replay',
  'until-code': 'by your mode (approving until the code)',
  watch: 'by your mode (watching)',
};

export function decisionText(d: Decision | undefined, by: string | undefined): string {
  const who = WHO[by ?? ''] ?? 'on replay';
  switch (d?.kind) {
    case undefined:
      return 'no decision (the session ended here)';
    case 'approve':
      return d.lang
        ? `approved ${who}, to be judged as ${d.lang} (the session's language from here on)`
        : `approved ${who}`;
    case 'edit':
      return `edited ${who}`;
    case 'reject':
      if (d.swap) return `the recalled problem swapped for ${d.swap.ref} from the archive ${who}, and asked again`;
      return `rejected ${who}${d.note ? `: “${d.note}”` : ''}`;
    case 'back':
      return `went back to step ${d.to + 1} ${who}`;
    case 'stop':
      return `stopped ${who}`;
  }
}

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function runTable(r: JudgeResult): string[] {
  const out = [`Tests: **${r.verdict}**, ${r.passed}/${r.total} passed.`];
  if (r.compile && !r.compile.ok) out.push('', 'Compilation failed:', '', fence(r.compile.message));
  if (r.tests.length === 0) return out;
  out.push('', '| test | verdict | time | memory | detail |', '|---|---|---|---|---|');
  for (const t of r.tests) {
    out.push(
      `| ${cell(t.name)} | ${t.verdict} | ${t.timeMs} ms | ${(t.memoryKb / 1024).toFixed(1)} MB | ${cell(t.detail ?? '')} |`,
    );
  }
  return out;
}

function stepSection(s: ReportStep, n: number, lang: string): string[] {
  const out = [`### ${n}. ${s.title}${s.branch > 0 ? ` (branch ${s.branch})` : ''}`, ''];
  if (s.output) out.push(fence(s.output, s.pane === 'code' || s.pane === 'debug' ? lang : ''), '');
  if (s.error) out.push(`Error: ${s.error}`, '');
  if (s.edit !== undefined)
    out.push(s.decidedBy === 'person' ? '**Your edit:**' : '**Edited to:**', '', fence(s.edit), '');
  for (const run of s.runs) out.push(...runTable(run.result), '');
  const asked = s.attempts > 1 ? ` · asked ${s.attempts} times` : '';
  const tokens =
    s.calls > 0
      ? ` · ${s.calls} call${s.calls > 1 ? 's' : ''}, ${s.promptTokens} prompt / ${s.completionTokens} completion tokens`
      : '';
  if (s.pane !== 'tests' || s.decision)
    out.push(`*Decision: ${decisionText(s.decision, s.decidedBy)}${asked}${tokens}*`, '');
  if (s.waiting) out.push('*The session stopped here, waiting for your decision.*', '');
  else if (s.unfinished) out.push('*This step was still running when the session ended.*', '');
  return out;
}

/** The statement's own headings moved under the report's "Problem" heading. */
function demote(markdown: string): string {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
      return !inFence && /^#{1,4}\s/.test(line) ? `##${line}` : line;
    })
    .join('\n');
}

function problemSection(r: Report): string[] {
  const p = r.problem;
  const out = ['## Problem', '', demote(p.statement.trim()), ''];
  // A markdown statement holds its Input and Output sections already (the specs are read out of
  // them): said again only when the statement does not have them (a JSONL set keeps them apart).
  const told = (spec: string | undefined): spec is string =>
    spec !== undefined && spec.trim() !== '' && !p.statement.includes(spec.trim());
  if (told(p.inputSpec)) out.push('**Input.** ' + p.inputSpec.trim(), '');
  if (told(p.outputSpec)) out.push('**Output.** ' + p.outputSpec.trim(), '');
  p.samples.forEach((s, i) => {
    out.push(
      `Sample ${i + 1} input:`,
      '',
      ...testBlock(s.input),
      '',
      `Sample ${i + 1} output:`,
      '',
      ...testBlock(s.outputs[0] ?? ''),
      '',
    );
  });
  return out;
}

export function toMarkdown(r: Report): string {
  // Once submitted, the contest's words ("Accepted — 12/12 tests"), as the tutor's end line says it.
  const submitted =
    r.submit && (r.status === 'solved' || r.status === 'unsolved')
      ? resultLine({ status: r.status, submit: r.submit, ...(r.samples ? { samples: r.samples } : {}) })
      : undefined;
  const result = submitted ?? (r.samples ? `${r.status} (${r.samples.passed}/${r.samples.total} samples)` : r.status);
  const out = [
    `# ${r.problem.title || r.problem.id} — simcoach session ${r.id}`,
    '',
    `- Problem: \`${r.problem.id}\`${r.problem.source?.url ? ` (${r.problem.source.url})` : ''}`,
    `- Flow: ${r.flow} · model: ${r.model} (${r.backend}) · language: ${r.langs ? r.langs.join(' → ') : r.lang}`,
    `- Recorded: ${r.createdAt}${r.label ? ` · ${r.label}` : ''}`,
    `- Result: ${result}${r.reason ? ` — ${r.reason}` : ''}`,
    `- Model calls: ${callsText(r.calls, r.repairs)} · tokens: ${r.promptTokens} prompt (${r.promptTokensEvaluated} evaluated), ${r.completionTokens} completion`,
    '',
  ];
  if (r.branches > 1)
    out.push(
      `This session has ${r.branches} branches (the person went back, or sent a hidden test to the debugger); this report follows branch ${r.branch}, the one it ended on.`,
      '',
    );
  for (const w of r.warnings) out.push(`> Note: ${w}`, '');
  out.push(...problemSection(r), '## Steps', '');
  r.steps.forEach((s, i) => out.push(...stepSection(s, i + 1, s.lang)));
  if (r.finalCode) {
    const from = r.finalCode.from === 'outcome' ? '' : ` (${r.finalCode.from}; the session did not finish)`;
    out.push(`## Final code${from}`, '', fence(r.finalCode.source, r.finalCode.lang), '');
  }
  out.push('## Calls and tokens', '', '| step | calls | prompt | evaluated | completion |', '|---|---|---|---|---|');
  r.steps.forEach((s, i) => {
    if (s.calls > 0)
      out.push(
        `| ${i + 1}. ${cell(s.title)} | ${s.calls} | ${s.promptTokens} | ${s.promptTokensEvaluated} | ${s.completionTokens} |`,
      );
  });
  out.push(`| total | ${r.calls} | ${r.promptTokens} | ${r.promptTokensEvaluated} | ${r.completionTokens} |`, '');
  return out.join('\n');
}
