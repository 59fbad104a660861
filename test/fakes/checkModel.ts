// A scripted model for "check my code": it tells the stage by its task line and answers as a
// model that read the wrong-by-one range-sums program (fixtures/problems/_check) would.
import { startFakeOllama, type FakeReply, type FakeServer, type OllamaChatBody } from './ollama.js';

export const WRONG_BY_ONE = 'fixtures/problems/_check/range-sums-wrong.py';
export const RANGE_SUMS = 'fixtures/problems/range-sums.md';

export const EXPLAIN = [
  '## Simulation',
  'line 1: n = 5, q = 3',
  'line 2: a = [1, 2, 3, 4, 5]',
  'line 5: prefix = [0, 1, 3, 6, 10, 15]',
  'line 7: l = 1, r = 5',
  'line 8: prints prefix[5] - prefix[1] = 15 - 1 = 14, but the answer is 15',
  '',
  '## Wrong line',
  '8: print(prefix[r] - prefix[l])',
  '',
  '## Verdict',
  'implementation',
  '',
  '## Explanation',
  'Line 8 subtracts prefix[l], which leaves a[l] itself out of the sum. The sum of a[l..r] is prefix[r] - prefix[l - 1]; prefix sums are the right idea.',
].join('\n');

// Reads the input at once: the full-size hidden test has 2·10^5 questions, which line-by-line input()
// and print() take seconds of a loaded machine's wall time over.
export const FIXED =
  'import sys\ndata = sys.stdin.buffer.read().split()\nn, q = int(data[0]), int(data[1])\nprefix = [0] * (n + 1)\nfor i in range(n):\n    prefix[i + 1] = prefix[i] + int(data[2 + i])\nout = []\nfor k in range(q):\n    l, r = int(data[2 + n + 2 * k]), int(data[3 + n + 2 * k])\n    out.append(prefix[r] - prefix[l - 1])\nprint("\\n".join(map(str, out)))\n';

export const FIX = `## Changes\nLine 8: subtract prefix[l - 1].\n\n## Code\n\`\`\`python\n${FIXED}\`\`\`\n`;

export const REVIEW =
  '## Complexity\nO(n + q) time, O(n) memory.\n\n## Against the limits\nfits: about 4·10^5 steps against 2 s.\n\n## Notes\nReading 2·10^5 lines with input() is slowish; sys.stdin is faster.';

export function checkStage(body: OllamaChatBody): string {
  const task = body.messages[2]?.content ?? '';
  if (task.includes('Explain the failure')) return 'explain';
  if (task.includes('asked for a fix')) return 'fix';
  if (task.includes('Review its complexity')) return 'review';
  return '?';
}

/** The model the tutor's start-up probe finds installed (headless runs do not ask). */
export const CHECK_MODEL = 'fake-coder:7b';

export function startCheckModel(
  over: (stage: string, nth: number) => FakeReply | undefined = () => undefined,
): Promise<FakeServer> {
  const seen = new Map<string, number>();
  return startFakeOllama({
    models: [{ name: CHECK_MODEL }, { name: 'qwen2.5-coder:7b' }],
    chat: (body) => {
      const stage = checkStage(body);
      const nth = seen.get(stage) ?? 0;
      seen.set(stage, nth + 1);
      const o = over(stage, nth);
      if (o) return o;
      return {
        text:
          stage === 'explain'
            ? EXPLAIN
            : stage === 'fix'
              ? FIX
              : stage === 'review'
                ? REVIEW
                : `(no scripted answer for ${stage})`,
      };
    },
  });
}
