// The first step of `check`: the person's program, not a model's. No model call: the step
// proposes what the person brought (nothing yet in the tutor, where `o` opens a file and `E`
// writes one in $EDITOR), and their edit is the program. The journal records it as theirs, so
// a replay, a resume or a "back" serves it like any answer.
import type { Agent } from '../../engine/types.js';
import type { Program } from '../../runners/build/types.js';
import { programForward } from '../shared/forward.js';
import { programFromEdit } from '../shared/edit.js';

export type YoursInput = Record<string, never>;

export const yoursAgent: Agent<YoursInput, Program> = {
  name: 'program',
  title: 'Your program',
  pane: 'yours',
  messages: () => [],
  compute: (_input, ctx) => ({ lang: ctx.lang, source: '' }),
  parse: (text, _input, ctx) => programFromEdit(text, ctx),
  show: (v) => v.source,
  edit: (text, _previous, ctx) => programFromEdit(text, ctx),
  forward: programForward,
};
