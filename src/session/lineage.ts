// Branch lineage, once: which record of each step a branch's traversal saw. The engine serves a
// back or a resume with it (engine/records.ts) and the replay's timeline lists a branch's steps
// with it (timeline.ts), so what replay shows is what the engine re-drove.

/** Where a branch left its parent: the person went back to `atStep` of branch `from`. */
export interface Fork {
  from: number;
  atStep: number;
}

/**
 * A branch's steps as its traversal saw them: the parent's steps before the fork point (and the
 * grandparent's before that), then its own; a later record of a step replaces an earlier one.
 * `own(b)` gives branch b's own records in file order as [step, record] pairs.
 */
export function lineage<R>(
  branch: number,
  forks: ReadonlyMap<number, Fork>,
  own: (branch: number) => Iterable<readonly [number, R]>,
  seen: ReadonlySet<number> = new Set(),
): Map<number, R> {
  const out = new Map<number, R>();
  const fork = forks.get(branch);
  // A damaged file could name a cycle of forks; each branch is walked once.
  if (fork && fork.from !== branch && !seen.has(fork.from)) {
    const parent = lineage(fork.from, forks, own, new Set([...seen, branch]));
    for (const [step, r] of parent) if (step < fork.atStep) out.set(step, r);
  }
  for (const [step, r] of own(branch)) out.set(step, r);
  return out;
}

/**
 * The tests a branch has as samples beyond the problem's own: each hidden test sent to the
 * debugger (a fork's `sample`) on the way from branch 0 to it, oldest first. A branch forked
 * from one with an added sample keeps it: the person chose to hold the program to that test.
 */
export function addedSamples<T>(
  branch: number,
  forks: ReadonlyMap<number, Fork & { sample?: T }>,
  seen: ReadonlySet<number> = new Set(),
): T[] {
  const fork = forks.get(branch);
  if (!fork || fork.from === branch || seen.has(fork.from)) return fork?.sample !== undefined ? [fork.sample] : [];
  const before = addedSamples(fork.from, forks, new Set([...seen, branch]));
  return fork.sample !== undefined ? [...before, fork.sample] : before;
}
