// What the replay screen shows for one step at one beat, as plain data: the screen only lays
// it out. Kept apart from React so it is tested without a terminal.
import { decisionText } from '../session/markdown.js';
import type { Beat } from '../session/pace.js';
import { finalText, type StepView } from '../session/timeline.js';
import type { JudgeResult } from '../runners/types.js';

export type Tone = 'normal' | 'dim' | 'person' | 'good' | 'bad' | 'warn' | 'heading';

export interface Block {
  kind: 'text' | 'code' | 'edit' | 'tests' | 'decision' | 'error' | 'streaming';
  title?: string;
  text: string;
  tone: Tone;
  lang?: string;
  /** The model's text an edit replaced (for a diff). */
  before?: string;
  result?: JudgeResult;
}

/** Everything shown at the last beat: the whole step. */
export const fullBeat = (v: StepView): Beat => ({
  at: 0,
  chunks: v.chunks.length,
  proposal: v.proposals.length > 0,
  decision: true,
  runs: v.runs.length,
});

const codePane = (pane: string): boolean => pane === 'code' || pane === 'debug';

/** The blocks of a step as far as `beat` reveals it. */
export function stepBlocks(v: StepView, beat: Beat, lang: string): Block[] {
  const out: Block[] = [];
  const last = v.proposals[v.proposals.length - 1];
  if (v.proposals.length > 1) out.push({ kind: 'text', text: `asked ${v.proposals.length} times; showing the last answer`, tone: 'dim' });
  if (beat.proposal && last) {
    const body = last.text || last.raw;
    out.push(codePane(v.ref.pane) ? { kind: 'code', text: body, tone: 'normal', lang } : { kind: 'text', text: body, tone: 'normal' });
    if (last.error) out.push({ kind: 'error', text: last.error, tone: 'bad' });
  } else if (beat.chunks > 0 || v.chunks.length === 0) {
    const text = v.chunks.length === 0 ? v.streamed : v.chunks.slice(0, beat.chunks).map((c) => c.text).join('');
    if (text) out.push({ kind: 'streaming', text, tone: 'normal' });
  }
  for (const r of v.runs.slice(0, beat.runs)) out.push({ kind: 'tests', text: `${r.result.verdict} ${r.result.passed}/${r.result.total}`, tone: r.result.verdict === 'AC' ? 'good' : 'bad', result: r.result });
  if (beat.decision && last?.decision) {
    const d = last.decision;
    const shown = finalText(v);
    if (d.decision.kind === 'edit' && shown) {
      out.push({ kind: 'edit', title: d.by === 'person' ? 'your edit' : 'edited', text: shown.text, before: last.text, tone: 'person' });
    }
    out.push({ kind: 'decision', text: decisionText(d.decision, d.by), tone: d.by === 'person' ? 'person' : 'dim' });
  } else if (beat.decision && v.ref.open) {
    out.push({ kind: 'decision', text: 'the session ended during this step', tone: 'warn' });
  }
  for (const e of beat.decision ? v.errors : []) out.push({ kind: 'error', text: e.message, tone: 'bad' });
  return out;
}

/** One short mark per step for the timeline list. */
export function stepMark(ref: StepView['ref']): { mark: string; tone: Tone } {
  if (ref.verdict) return { mark: ref.verdict, tone: ref.verdict === 'AC' ? 'good' : 'bad' };
  if (ref.hasError) return { mark: '!', tone: 'bad' };
  const d = ref.decision;
  if (!d) return { mark: ref.open ? '…' : ' ', tone: 'warn' };
  const marks = { approve: '✓', edit: '✎', reject: '✗', back: '↩', stop: '■' } as const;
  return { mark: marks[d.decision.kind], tone: d.by === 'person' ? 'person' : 'dim' };
}
