// Finding a problem in a set by what a person typed: its whole id, the name after its group
// (`GROUP/NAME`), its title, a unique start of its id, or its number in `simcoach problems`' list.
// When nothing fits, the nearest id is offered ("did you mean"), as for a mistyped command.
import { didYouMean } from '../suggest.js';
import type { Problem } from './types.js';

export type Picked = { ok: true; problem: Problem } | { ok: false; why: string; near?: string; many?: true };

/** The problem `ref` names in `set` (in the list's order), or why none does. */
export function pickProblem(set: Problem[], ref: string): Picked {
  const exact = set.find((x) => x.id === ref) ?? set.find((x) => x.id.endsWith(`/${ref}`)) ?? set.find((x) => x.title === ref);
  if (exact) return { ok: true, problem: exact };
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    if (n >= 1 && n <= set.length) return { ok: true, problem: set[n - 1]! };
  }
  const starts = set.filter((x) => x.id.startsWith(ref) || x.id.split('/').pop()!.startsWith(ref));
  if (starts.length === 1) return { ok: true, problem: starts[0]! };
  if (starts.length > 1 && ref.length > 0) {
    const some = starts.slice(0, 4).map((x) => `'${x.id}'`).join(', ');
    return { ok: false, many: true, why: `'${ref}' starts ${starts.length} problem ids (${some}${starts.length > 4 ? ', …' : ''}): type more of one` };
  }
  const near = didYouMean(ref, set.map((x) => x.id)) ?? didYouMean(ref, set.map((x) => x.id.split('/').pop()!));
  const full = near === undefined ? undefined : set.find((x) => x.id === near || x.id.endsWith(`/${near}`))?.id;
  return { ok: false, why: `no problem with id '${ref}'${full ? ` (did you mean '${full}'?)` : ''}`, ...(full ? { near: full } : {}) };
}
