// The picker's problems: the built-in set and the saved ones, listed with their marks, kept as
// the next start's first frame (src/terminal/firstFrame.ts), and opened whole (hidden and own tests read).
import { readPickerIndex, savePickerIndex } from '../terminal/firstFrame.js';
import type { Problem } from '../problems/types.js';
import type { ProblemEntry } from './controller.js';
import { dueIds, solvedIds } from './problemMarks.js';

export interface ProblemsService {
  /** The rows the picker showed last time, read at once from the first frame's index. */
  atHand(): ProblemEntry[] | undefined;
  list(): Promise<ProblemEntry[]>;
  /** A row's ref or a file path; rejects with a one-line message. */
  open(ref: string): Promise<Problem>;
}

/** `header()`: the picker header's tail, as the next start's first frame draws it. */
export function createProblemsService(header: () => string): ProblemsService {
  const entries = new Map<string, Problem>();
  let loading: Promise<ProblemEntry[]> | undefined;
  const load = async (): Promise<ProblemEntry[]> => {
    const [due, solved] = await Promise.all([dueIds(), solvedIds()]);
    const named = await namedProblems();
    const out = named.map(({ problem: p, ref, group }) => {
      const names = [p.id, ...(p.aliases ?? [])];
      entries.set(ref, p);
      return {
        ref,
        id: p.id,
        ...(p.aliases?.length ? { aliases: p.aliases } : {}),
        title: p.title,
        group,
        tags: p.tags,
        ...(p.difficulty ? { difficulty: p.difficulty } : {}),
        // A session keeps the name the problem had then: the slug before short ids, the short id since.
        ...(names.some((n) => due.has(n)) ? { due: true } : {}),
        ...(names.some((n) => solved.has(n)) ? { solved: true } : {}),
      };
    });
    savePickerIndex(out, header());
    return out;
  };
  return {
    atHand: () => readPickerIndex()?.problems,
    list() {
      loading = load();
      return loading;
    },
    async open(ref) {
      // A row of last time's list, picked before this time's has loaded: the load knows its problem.
      if (!entries.has(ref)) await loading?.catch(() => undefined);
      const known = entries.get(ref);
      // The person's own tests of a built-in join it here, as `loadProblem` joins them.
      if (known) {
        const [{ withPersonTests }, { withTestsRead }] = await Promise.all([
          import('../problems/personTests.js'),
          import('../problems/hidden.js'),
        ]);
        return withPersonTests(await withTestsRead(known));
      }
      const { loadProblem } = await import('../problems/index.js');
      return loadProblem(ref.replace(/^~(?=\/)/, process.env.HOME ?? '~'));
    },
  };
}

interface Named {
  problem: Problem;
  ref: string;
  group: ProblemEntry['group'];
}

/** The built-in and saved problems, named as `problems` names them (a known judge's short id, cf1917C). */
async function namedProblems(): Promise<Named[]> {
  const { loadDirectory } = await import('../problems/directory.js');
  const { fixturesDir } = await import('../problems/index.js');
  const { problemsDir } = await import('../system/paths.js');
  const { existsSync } = await import('node:fs');
  // The list shows statements; a problem's hidden tests are read when it is opened.
  const listed = { onSkip: () => {}, tests: false };
  const fixtures = await loadDirectory(fixturesDir(), listed).catch(() => []);
  const saved = existsSync(problemsDir()) ? await loadDirectory(problemsDir(), listed).catch(() => []) : [];
  const { withShortIds } = await import('../problems/shortId.js');
  return withShortIds([...fixtures, ...saved]).map((problem, i) => {
    const group: ProblemEntry['group'] = i < fixtures.length ? 'fixtures' : 'saved';
    // The ref keeps the name the file was loaded by: last time's index still opens its rows.
    const ref = `${group}:${(i < fixtures.length ? fixtures[i] : saved[i - fixtures.length])!.id}`;
    return { problem, ref, group };
  });
}
