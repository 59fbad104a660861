import { describe, expect, it } from 'vitest';
import { workingState } from '../../src/components/workingState.js';

describe('the state beside a step that runs programs', () => {
  it('a stress test says which round runs, not "waiting for the model"', () => {
    expect(workingState('stress', [{ label: 'stress', value: 0, max: 100 }])).toBe('running round 1 of 100');
    expect(workingState('stress', [{ label: 'stress', value: 41, max: 100 }])).toBe('running round 42 of 100');
    expect(workingState('stress', [{ label: 'stress', value: 100, max: 100 }])).toBe('running round 100 of 100');
    expect(workingState('stress', [])).toBe('running the programs');
  });

  it("a model's step is left to the usual words", () => {
    expect(workingState('plan', [{ label: 'stress', value: 3, max: 100 }])).toBeUndefined();
  });
});
