// Playing a step at its recorded pace: when each streamed piece, the proposal, the decision and
// the test runs appeared, relative to the step's start, scaled by the speed. Long pauses (a
// person reading for minutes before approving) are shortened so playback stays watchable.

import type { StepView } from './timeline.js';

export interface Beat {
  /** Milliseconds after the step starts playing. */
  at: number;
  /** How many streamed pieces are visible from this beat on. */
  chunks: number;
  proposal: boolean;
  decision: boolean;
  runs: number;
}

export interface PaceOptions {
  speed: number;
  /** The longest wait between two beats, after scaling. */
  maxGapMs?: number;
  /** Beats closer together than this are merged (one render each). */
  minGapMs?: number;
}

type Moment = { t: number; apply: (b: Beat) => void };

function moments(v: StepView): Moment[] {
  const out: Moment[] = v.chunks.map((c, i) => ({ t: c.t, apply: (b: Beat) => void (b.chunks = i + 1) }));
  const p = v.proposals[v.proposals.length - 1];
  if (p) {
    out.push({ t: p.t, apply: (b) => void (b.proposal = true) });
    if (p.decision) out.push({ t: p.decision.t, apply: (b) => void (b.decision = true) });
  }
  v.runs.forEach((r, i) => out.push({ t: r.t, apply: (b) => void (b.runs = i + 1) }));
  return out.sort((a, b) => a.t - b.t);
}

/** The beats of one step, from nothing shown to everything shown. */
export function beats(v: StepView, o: PaceOptions): Beat[] {
  const speed = o.speed > 0 ? o.speed : 1;
  const maxGap = o.maxGapMs ?? 1500;
  const minGap = o.minGapMs ?? 30;
  const state: Beat = { at: 0, chunks: 0, proposal: false, decision: false, runs: 0 };
  const out: Beat[] = [{ ...state }];
  let lastT = v.ref.t;
  for (const m of moments(v)) {
    const gap = Math.min(maxGap, Math.max(0, m.t - lastT) / speed);
    lastT = Math.max(lastT, m.t);
    m.apply(state);
    const prev = out[out.length - 1]!;
    const at = prev.at + gap;
    if (at - prev.at < minGap && out.length > 1) Object.assign(prev, { ...state, at: prev.at });
    else out.push({ ...state, at });
  }
  return out;
}

/** The pause before the next step starts, at the recorded pace. */
export function gapToNext(v: StepView, nextT: number | undefined, o: PaceOptions): number {
  if (nextT === undefined) return 0;
  const speed = o.speed > 0 ? o.speed : 1;
  return Math.min(o.maxGapMs ?? 1500, Math.max(0, nextT - v.tEnd) / speed);
}
