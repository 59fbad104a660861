// The part of a stage's answer that the next stage receives — a plan, a program — which is
// what a person edits with `e`. The rest of the answer (the restatement, the recalled problem,
// the explanation of a fix) goes nowhere, so an edit there would be lost without a word.
import { AnswerFormatError, type Forward } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { programFromEdit } from './edit.js';

/** A planning stage's `plan`, taken as the person wrote it. */
export function planForward<V extends { plan: string }>(): Forward<V> {
  return {
    label: 'the plan',
    get: (v) => v.plan,
    set(v, text) {
      const plan = text.trim();
      if (plan === '') throw new AnswerFormatError('the plan is empty');
      return { ...v, plan };
    },
  };
}

/** A coder's program. */
export const programForward: Forward<Program> = {
  label: 'the program',
  get: (v) => v.source,
  set: (_v, text, ctx) => programFromEdit(text, ctx),
};

/** A debugger's fixed program. */
export function fixForward<V extends { program: Program }>(): Forward<V> {
  return {
    label: 'the fixed program',
    get: (v) => v.program.source,
    set: (v, text, ctx) => ({ ...v, program: programFromEdit(text, ctx) }),
  };
}
