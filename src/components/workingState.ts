// The word beside a step's title while it works without the model: the stress loop runs programs,
// so "waiting for the model" would be wrong there; it says which round of how many is running.

/** The state of a step that runs programs rather than the model, or undefined for a model's step. */
export function workingState(
  agent: string,
  counters: readonly { label: string; value: number; max: number }[] | undefined,
): string | undefined {
  if (agent !== 'stress') return undefined;
  const round = counters?.find((c) => c.label === 'stress');
  return round ? `running round ${Math.min(round.value + 1, round.max)} of ${round.max}` : 'running the programs';
}
