// The picker's marks from the person's sessions: which problems are due for review today, and
// which they solved. A damaged sessions folder only loses the marks.

/** The problems a session got accepted on, or solved in practice. */
export async function solvedIds(): Promise<Set<string>> {
  try {
    const { problemMarks } = await import('../session/index.js');
    const { bestByProblem, practiceResults } = await import('../session/practice.js');
    const marks = await problemMarks();
    const practised = bestByProblem(await practiceResults());
    return new Set([
      ...[...marks].filter(([, m]) => m === 'accepted').map(([id]) => id),
      ...[...practised].filter(([, m]) => m.solved).map(([id]) => id),
    ]);
  } catch {
    return new Set();
  }
}

/** The problems due for review today. */
export async function dueIds(): Promise<Set<string>> {
  try {
    const { countedResults } = await import('../session/practice.js');
    const { dueBy, reviewCards } = await import('../session/review.js');
    return new Set(dueBy(reviewCards(await countedResults()), new Date()).map((c) => c.problem.id));
  } catch {
    return new Set();
  }
}
