// Colour for Ink elements. Ink's own colour detection does not read NO_COLOR, so every
// component asks here: with NO_COLOR set (or TERM=dumb) no colour reaches the screen, and
// emphasis falls back to bold/inverse, which NO_COLOR allows.
export type Tone = 'red' | 'green' | 'yellow' | 'cyan' | 'blue' | 'magenta' | 'gray' | 'white';

let override: boolean | undefined;

export function colorOn(): boolean {
  if (override !== undefined) return override;
  const no = process.env.NO_COLOR;
  return !(no !== undefined && no !== '') && process.env.TERM !== 'dumb';
}

/** Tests force colour on or off without touching the environment; undefined restores it. */
export function setColor(on: boolean | undefined): void {
  override = on;
}

/** The colour to pass to <Text color>, or undefined when colour is off. */
export const tone = (t: Tone | undefined): Tone | undefined => (t && colorOn() ? t : undefined);

import type { Verdict } from '../runners/build/types.js';

export const verdictTone = (v: Verdict | string): Tone =>
  v === 'AC' ? 'green' : v === 'WA' ? 'red' : v === 'CE' ? 'magenta' : 'yellow';
