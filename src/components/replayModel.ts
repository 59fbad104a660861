// What the replay screen shows for one step at one beat, as rows built by the live app's own
// panes (src/components): the same plan, simulation, code and test-table panes a person saw.
// Plain functions, so they are tested without a terminal.
import { diffRows } from './Diff.js';
import { paneRows } from './panes/index.js';
import { blank, seg, textRows, type Row } from './rows.js';
import { textTailRows } from './StreamTail.js';
import { answerRows } from './answerText.js';
import type { Tone } from './theme.js';
import type { Proposal } from '../engine/types.js';
import { asEdited } from '../session/edited.js';
import { decisionText } from '../session/markdown.js';
import type { Beat } from '../session/pace.js';
import { ENDING_TEXT, stepEnding, type ProposalShown, type StepRef, type StepView } from '../session/timeline.js';
import type { KeyPress } from './burst.js';
import { programKey } from './currentProgram.js';

/** Everything shown at the last beat: the whole step. */
export const fullBeat = (v: StepView): Beat => ({
  at: 0,
  chunks: v.chunks.length,
  proposal: v.proposals.length > 0,
  decision: true,
  runs: v.runs.length,
});

/** A journal proposal in the shape the panes take. */
export function asProposal(ref: StepRef, p: ProposalShown): Proposal {
  return {
    step: ref.step,
    agent: p.agent,
    title: ref.title,
    pane: ref.pane,
    text: p.text,
    raw: p.raw,
    ...(p.value !== undefined ? { value: p.value } : {}),
    ...(p.error ? { error: p.error } : {}),
    ...(p.lenient ? { lenient: p.lenient } : {}),
    ...(p.meta ? { meta: p.meta } : {}),
  };
}

/**
 * The proposal a step shows: a failed answer the person decided (by their edit) shows what they
 * decided once the decision is revealed, not "could not be read"; the diff below still shows
 * the model's text beside theirs.
 */
function shownProposal(ref: StepRef, p: ProposalShown, decided: boolean): Proposal {
  const proposal = asProposal(ref, p);
  const d = p.decision;
  if (!decided || !(p.error || p.lenient) || d?.decision.kind !== 'edit') return proposal;
  return asEdited(proposal, d.decision.content, d.value);
}

export interface StepRowsOptions {
  width: number;
  /** Rows for streamed text while it plays (its tail is shown). */
  streamHeight: number;
  /** The code and plan before this step, for the panes' diffs. */
  previousCode?: string;
  previousPlan?: string;
}

/** Code a person typed inside a fence compares with the model's code without one. */
const unfence = (text: string): string => {
  const m = /^\s*(`{3,})[\w+-]*\n([\s\S]*?)\n\1\s*$/.exec(text);
  return m ? m[2]! : text;
};

function decisionRows(p: ProposalShown, width: number): Row[] {
  const d = p.decision!;
  const mine = d.by === 'person';
  const rows: Row[] = [];
  if (d.decision.kind === 'edit') {
    rows.push(blank(), [
      seg(mine ? '✎ your edit' : '✎ edited', { bold: true, color: 'cyan' }),
      seg('  (the model’s text → what the flow went on with)', { dim: true }),
    ]);
    rows.push(...diffRows(unfence(p.text), unfence(d.decision.content), { width }));
  }
  if (d.decision.kind === 'reject' && d.decision.note) {
    rows.push(
      blank(),
      [seg(mine ? 'your note: ' : 'note: ', { bold: true, color: 'cyan' })],
      ...textRows(d.decision.note, width, { color: 'cyan' }, '  '),
    );
  }
  rows.push(blank(), [
    seg(`→ ${decisionText(d.decision, d.by)}`, mine ? { bold: true, color: 'cyan' } : { dim: true }),
  ]);
  return rows;
}

/** The rows of a step as far as `beat` reveals it. */
export function stepRows(v: StepView, beat: Beat, o: StepRowsOptions): Row[] {
  const rows: Row[] = [];
  const last = v.proposals[v.proposals.length - 1];
  v.proposals.slice(0, -1).forEach((p, i) => {
    const d = p.decision;
    const mine = d?.by === 'person';
    rows.push([
      seg(`answer ${i + 1}: `, { dim: true }),
      seg(decisionText(d?.decision, d?.by), mine ? { color: 'cyan' } : { dim: true }),
    ]);
  });
  if (v.proposals.length > 1) rows.push([seg(`answer ${v.proposals.length}:`, { dim: true })]);
  if (beat.proposal && last) {
    rows.push(
      ...paneRows(
        { kind: 'proposal', proposal: shownProposal(v.ref, last, beat.decision) },
        {
          width: o.width,
          ...(o.previousCode ? { previousCode: o.previousCode } : {}),
          ...(o.previousPlan ? { previousPlan: o.previousPlan } : {}),
        },
      ),
    );
  } else {
    const text =
      v.chunks.length === 0
        ? v.streamed
        : v.chunks
            .slice(0, beat.chunks)
            .map((c) => c.text)
            .join('');
    // Fully shown, an unfinished step's text is shown whole; while playing, its tail follows.
    if (text) rows.push(...(beat.decision ? answerRows(text, o.width) : textTailRows(text, o.width, o.streamHeight)));
  }
  for (const r of v.runs.slice(0, beat.runs)) {
    if (rows.length) rows.push(blank());
    rows.push(...paneRows({ kind: 'run', result: r.result, title: v.ref.title }, { width: o.width }));
  }
  const ending = stepEnding(v);
  if (beat.decision && last?.decision) rows.push(...decisionRows(last, o.width));
  else if (beat.decision && ending) rows.push(blank(), [seg(ENDING_TEXT[ending], { color: 'yellow' })]);
  for (const e of beat.decision ? v.errors : [])
    rows.push([seg('error: ', { bold: true, color: 'red' }), seg(e.message)]);
  // The flow's notes (a fix kept or reverted) once the step is shown whole.
  const whole = beat.decision || (v.runs.length > 0 && beat.runs >= v.runs.length);
  for (const n of whole ? v.notes : [])
    rows.push([
      seg(
        n.text,
        n.text.startsWith('↶') ? { color: 'yellow' } : n.text.startsWith('✓') ? { color: 'green' } : { dim: true },
      ),
    ]);
  return rows;
}

/** One short mark per step for the timeline list. */
export function stepMark(ref: StepRef): { mark: string; tone: Tone | undefined } {
  if (ref.verdict) return { mark: ref.verdict, tone: ref.verdict === 'AC' ? 'green' : 'red' };
  if (ref.hasError) return { mark: '!', tone: 'red' };
  const d = ref.decision;
  if (!d) return { mark: ref.open ? '…' : ' ', tone: 'yellow' };
  const marks = { approve: '✓', edit: '✎', reject: '✗', back: '↩', stop: '■' } as const;
  return { mark: marks[d.decision.kind], tone: d.by === 'person' ? 'cyan' : undefined };
}

/** `w` / `y` in the replay: only while a step is viewed (the jump and branch lists read other keys) and it has a program. */
export function replayProgramKey(
  mode: 'view' | 'jump' | 'branch',
  k: KeyPress,
  hasProgram: boolean,
): 'write' | 'copy' | undefined {
  return mode === 'view' ? programKey(k, hasProgram) : undefined;
}
