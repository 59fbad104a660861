// Scripted answers in the methods' own form (free text under headings), the form the default
// `answers: sections` asks for, for the sum-two fixture. Tests about JSON-schema mode write
// their JSON beside them.

/** A CodeSIM simulation answer under its headings. */
export const simulation = (o: {
  input?: string;
  trace: string;
  predicted: string;
  verdict: string;
  critique?: string;
}): string =>
  `## Input\n${o.input ?? '1 2'}\n\n## Trace\n${o.trace}\n\n## Predicted output\n${o.predicted}\n\n## Verdict\n${o.verdict}\n\n## Critique\n${o.critique ?? ''}\n`;

/** sum-two's first sample run through a plan that adds: the plan is fine. */
export const SIM_FINE = simulation({ trace: 'a=1, b=2, a+b=3', predicted: '3', verdict: 'plan-fine' });
/** The same through a plan that subtracts: it needs a change. */
export const SIM_CHANGE = simulation({
  trace: 'a=1, b=2, a-b=-1',
  predicted: '-1',
  verdict: 'needs-change',
  critique: 'it subtracts; it must add',
});
