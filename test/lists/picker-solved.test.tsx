// The picker marks a solved problem ✓, as `simcoach problems` does, its id column still aligned.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Picker } from '../../src/screens/Picker.js';
import type { ProblemEntry } from '../../src/app/controller.js';

const problems: ProblemEntry[] = [
  { ref: 'fixtures:sum-two', id: 'sum-two', title: 'Sum of Two', group: 'fixtures', tags: [], solved: true },
  { ref: 'fixtures:knapsack', id: 'knapsack', title: 'Backpack', group: 'fixtures', tags: [] },
];

describe('picker', () => {
  it('shows ✓ beside a solved problem and nothing beside the others', () => {
    const r = render(
      <Picker problems={problems} width={80} height={12} onPick={() => {}} onQuit={() => {}} onSettings={() => {}} />,
    );
    const lines = r.lastFrame()!.split('\n');
    const sum = lines.find((l) => l.includes('sum-two'))!;
    const knap = lines.find((l) => l.includes('knapsack'))!;
    expect(sum).toMatch(/^› ✓ sum-two\s+Sum of Two/);
    expect(knap).toMatch(/^ {4}knapsack\s+Backpack/);
    expect(sum.indexOf('sum-two')).toBe(knap.indexOf('knapsack'));
    r.unmount();
  });
});
