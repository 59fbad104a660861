// Several judges at once (`eval --jobs N`) share one queue of CPU slots: no more tests run together
// than the machine has cores, whatever `parallel` each judge asks for.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { cpuSlots } from '../../src/runners/judge/slots.js';

describe('cpu slots', () => {
  it('three judges of six parallel tests each never run more tests at once than there are cores', async () => {
    const tests = Array.from({ length: 6 }, (_, i) => ({ name: `t${i}`, input: `${i}`, outputs: [`${i}`] }));
    const active: number[] = [];
    const pending: number[] = [];
    const onResult = (): void => {
      active.push(cpuSlots.activeCount);
      pending.push(cpuSlots.pendingCount);
    };
    const runs = await Promise.all(
      [0, 1, 2].map(() => judge({ lang: 'python', source: 'print(input())\n' }, tests, { parallel: 6, onResult })),
    );
    expect(runs.map((r) => r.verdict)).toEqual(['AC', 'AC', 'AC']);
    expect(active).toHaveLength(18);
    expect(Math.max(...active)).toBeLessThanOrEqual(availableParallelism());
    // The others waited their turn in the one queue.
    expect(Math.max(...pending)).toBeGreaterThan(0);
    expect(cpuSlots.activeCount + cpuSlots.pendingCount).toBe(0);
  });
});
