// A replay for a pipe or a file: the steps of a branch as plain text, one after another.
import { clock } from './format.js';
import { decisionText } from './markdown.js';
import { ENDING_TEXT, finalText, stepEnding, type BranchInfo, type Timeline } from './timeline.js';
import { branchLanguage, languageText } from './language.js';
import { callsText } from './format.js';

const rule = (title: string): string => `── ${title} ${'─'.repeat(Math.max(3, 72 - title.length))}`;

function indent(text: string): string {
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

function stepText(tl: Timeline, b: BranchInfo, i: number): string[] {
  const ref = b.steps[i]!;
  const v = tl.load(ref);
  const out = [rule(`step ${i + 1}/${b.steps.length} · ${ref.title} · ${clock(ref.t)}`)];
  const last = v.proposals[v.proposals.length - 1];
  for (const p of v.proposals.slice(0, -1)) {
    const first =
      (p.text || p.raw)
        .trim()
        .split('\n')
        .find((l) => l.trim() && !l.startsWith('#')) ?? '';
    out.push(
      `  an earlier answer (${first.slice(0, 60)}${first.length > 60 ? '…' : ''}) → ${decisionText(p.decision?.decision, p.decision?.by)}`,
    );
  }
  const body = last?.text || v.streamed;
  if (body) out.push(indent(body));
  if (last?.error || v.errors.length) out.push(`  error: ${last?.error ?? v.errors[v.errors.length - 1]!.message}`);
  const shown = finalText(v);
  if (last?.decision?.decision.kind === 'edit' && shown) {
    out.push(last.decision.by === 'person' ? '  your edit:' : '  edited to:', indent(indent(shown.text)));
  }
  for (const r of v.runs) {
    out.push(`  tests: ${r.result.verdict} ${r.result.passed}/${r.result.total}`);
    for (const t of r.result.tests)
      out.push(`    ${t.name}: ${t.verdict} ${t.timeMs} ms${t.detail ? ` — ${t.detail}` : ''}`);
  }
  const ending = stepEnding(v);
  if (ending) out.push(`  (${ENDING_TEXT[ending]})`);
  else if (last) out.push(`  → ${decisionText(last.decision?.decision, last.decision?.by)}`);
  for (const n of v.notes) out.push(`  ${n.text}`);
  return out;
}

/** The replay of one branch as text; the last branch unless told. */
export function replayText(tl: Timeline, branchId?: number): string {
  const h = tl.header;
  const b = branchId === undefined ? tl.lastBranch : tl.branch(branchId);
  // Steps first: loading them may add warnings (damaged lines) that belong in the heading.
  const steps = b.steps.flatMap((_, i) => stepText(tl, b, i));
  const out = [
    `session ${h.id} · ${h.problem.title || h.problem.id} · ${h.flow} · ${languageText(branchLanguage(tl, b.id))} · ${h.model}${h.label ? ` · ${h.label}` : ''}`,
  ];
  if (tl.branches.length > 1)
    out.push(
      `branch ${b.id} of ${tl.branches.length}${b.from !== undefined ? ` (went back from branch ${b.from} at step ${(b.atStep ?? 0) + 1})` : ''}`,
    );
  for (const w of tl.warnings) out.push(`note: ${w}`);
  for (const e of tl.sessionErrors) out.push(`error: ${e.message}`);
  out.push(...steps);
  const end = tl.end;
  out.push(
    rule('end'),
    end
      ? `${end.outcome.status}${end.outcome.samples ? ` (${end.outcome.samples.passed}/${end.outcome.samples.total} samples)` : ''} · ${callsText(end.calls, end.repairs)} · ${end.promptTokens} prompt / ${end.completionTokens} completion tokens`
      : 'the session did not finish (it was interrupted or is still running)',
  );
  return out.join('\n') + '\n';
}
