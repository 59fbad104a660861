// The closing summary of a session counts repair requests apart from the method's calls.
import { describe, expect, it } from 'vitest';
import { summaryOf } from '../../src/commands/shared/headless.js';
import type { SessionResult } from '../../src/engine/index.js';
import { callsText } from '../../src/session/format.js';

const result = (calls: number, repairs: number): SessionResult => ({
  status: 'solved',
  samples: { passed: 2, total: 2 },
  calls,
  repairs,
  promptTokens: 100,
  promptTokensEvaluated: 40,
  completionTokens: 20,
  branch: 0,
});

describe('calls in the summary', () => {
  it("names the method's calls and the repairs on top", () => {
    expect(callsText(8, 1)).toBe('7 calls + 1 repair');
    expect(callsText(9, 2)).toBe('7 calls + 2 repairs');
    expect(callsText(1, 0)).toBe('1 call');
    expect(callsText(3)).toBe('3 calls');
    expect(summaryOf(result(4, 1))).toContain('3 calls + 1 repair · prompt tokens 100 sent, 40 evaluated');
    expect(summaryOf(result(3, 0))).toMatch(/^3 calls · /m);
  });
});
