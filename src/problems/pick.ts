// Finding a problem in a set by what a person typed: its whole id or an alias (a saved problem's
// GROUP/NAME slug beside its judge's short id), the name after its group (`GROUP/NAME`), its title,
// a unique start of any of these, or its number in `simcoach problems`' list. Case does not
// matter (`cf1929a` is `cf1929A`), though a name typed exactly wins over one that differs only
// in case. When nothing fits, the nearest id is offered ("did you mean"), as for a mistyped command.
import { didYouMean } from '../terminal/suggest.js';
import type { Problem } from './types.js';

export type Picked = { ok: true; problem: Problem } | { ok: false; why: string; near?: string; many?: true };

/** Every name a problem answers to: its id, its aliases, and the last part of each after a `/`. */
const namesOf = (p: Problem): string[] => {
  const whole = [p.id, ...(p.aliases ?? [])];
  return [...new Set([...whole, ...whole.filter((n) => n.includes('/')).map((n) => n.split('/').pop()!)])];
};

/** The first problem named `ref` whole (its id, an alias, the end of either after a `/`, its title), as `same` compares. */
function named(set: Problem[], ref: string, same: (a: string, b: string) => boolean): Problem | undefined {
  return (
    set.find((x) => same(x.id, ref)) ??
    set.find((x) => x.aliases?.some((a) => same(a, ref))) ??
    set.find((x) =>
      [x.id, ...(x.aliases ?? [])].some(
        (n) =>
          n.length > ref.length && n[n.length - ref.length - 1] === '/' && same(n.slice(n.length - ref.length), ref),
      ),
    ) ??
    set.find((x) => same(x.title, ref))
  );
}

const folded = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The problem named by exactly this name, case aside (no number, no start of a name): a file's base name. */
export function problemNamed(set: Problem[], name: string): Problem | undefined {
  return named(set, name, (a, b) => a === b) ?? named(set, name, folded);
}

/** The problem `ref` names in `set` (in the list's order), or why none does. */
export function pickProblem(set: Problem[], ref: string): Picked {
  const exact = problemNamed(set, ref);
  if (exact) return { ok: true, problem: exact };
  if (/^\d+$/.test(ref)) {
    const n = Number(ref);
    if (n >= 1 && n <= set.length) return { ok: true, problem: set[n - 1]! };
  }
  const lower = ref.toLowerCase();
  const starts = set.filter((x) => namesOf(x).some((n) => n.toLowerCase().startsWith(lower)));
  if (starts.length === 1) return { ok: true, problem: starts[0]! };
  if (starts.length > 1 && ref.length > 0) {
    const some = starts
      .slice(0, 8)
      .map((x) => `'${x.id}'`)
      .join(', ');
    return {
      ok: false,
      many: true,
      why: `'${ref}' starts ${starts.length} problem ids (${some}${starts.length > 8 ? ', …' : ''}): type more of one`,
    };
  }
  const names = set.flatMap(namesOf);
  const near = didYouMean(ref, names);
  const full = near === undefined ? undefined : set.find((x) => namesOf(x).includes(near))?.id;
  return {
    ok: false,
    why: `no problem with id '${ref}'${full ? ` (did you mean '${full}'?)` : ''}`,
    ...(full ? { near: full } : {}),
  };
}
