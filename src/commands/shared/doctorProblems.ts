// `doctor`'s look at the problems simcoach knows (built-in and saved): an interactor that writes
// its output file (testlib's `tout`) on a problem with no checker passes a wrong answer it cannot
// tell from a right one — the same static warning `problems` prints, found before anything runs.
import type { Check } from './doctorTrust.js';

export async function interactorChecks(): Promise<Check[]> {
  const { loadDefaultSet } = await import('../../problems/index.js');
  const set = await loadDefaultSet({ tests: false }).catch(() => []);
  const unchecked = set.filter((p) => (p.warnings ?? []).some((w) => w.includes('(tout)')));
  if (unchecked.length === 0)
    return [{ name: 'interactors', ok: true, detail: 'no interactor writes tout without a checker', needed: false }];
  return [
    {
      name: 'interactors',
      ok: false,
      detail: `${unchecked.map((p) => p.id).join(', ')}: the interactor writes its output file (tout) but the problem has no checker, so a wrong answer the interactor accepts passes`,
      fix: 'add `checker: FILE` to the problem (Polygon requires the pair); `simcoach problems` names the interactor',
      needed: false,
    },
  ];
}
