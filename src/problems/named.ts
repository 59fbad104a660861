// The names a submission's tests go by where the problem gave them none ("sample 2", "test 7"):
// the judge's tables, the Submit step, practice's submission and `d` all name a test alike, so
// a failing test found in one is found again by name in another.
import type { TestCase } from './types.js';

export const namedTests = (ts: TestCase[], prefix: 'sample' | 'test'): TestCase[] =>
  ts.map((t, i) => ({ ...t, name: t.name ?? `${prefix} ${i + 1}` }));

/** A whole submission: the samples (or what stands as samples), then the hidden tests. */
export const submissionTests = (samples: TestCase[], hidden: TestCase[]): TestCase[] => [
  ...namedTests(samples, 'sample'),
  ...namedTests(hidden, 'test'),
];
