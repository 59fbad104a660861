// Multi-line text in a pane (MapCoder's algorithm, the practice hint's algorithm, the replay)
// wraps within its pane: a line break inside one segment used to be drawn as it is, moving the
// cursor under Ink and garbling the screen.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Rows, rowText, seg, wrapRow } from '../../src/components/rows.js';
import { proposalRows } from '../../src/components/panes/index.js';
import type { Proposal } from '../../src/engine/types.js';

const ALGORITHM =
  'Greedy by end time.\nSort the intervals by their right end, then take each interval that starts after the last one taken.\nO(n log n).';

describe('multi-line text in a pane', () => {
  it('a label and a multi-line value: one row per line, continuation under the value, each wrapped to the width', () => {
    const rows = wrapRow([seg('algorithm  ', { bold: true }), seg(ALGORITHM, { color: 'yellow' })], 40);
    const texts = rows.map(rowText);
    for (const t of texts) {
      expect(t).not.toContain('\n');
      expect(t.length).toBeLessThanOrEqual(40);
    }
    expect(texts[0]).toBe('algorithm  Greedy by end time.');
    expect(texts[1]).toBe('           Sort the intervals by their');
    expect(texts.at(-1)).toBe('           O(n log n).');
    // The value keeps its style on every line; the label stays on the first only.
    expect(rows[1]!.filter((s) => s.text.trim()).every((s) => s.color === 'yellow')).toBe(true);
  });

  it("MapCoder's retrieval pane, as the solve screen draws it at 50 columns, keeps every line inside the pane", () => {
    const p: Proposal = {
      step: 0,
      agent: 'retrieve',
      title: 'Recall',
      pane: 'retrieve',
      value: { exemplars: [], algorithm: ALGORITHM, tutorial: 'Exchange argument.' },
      text: '',
      raw: '',
    };
    const rows = proposalRows(p, { width: 50 }).flatMap((r) => wrapRow(r, 50));
    const frame = render(<Rows rows={rows} />).lastFrame()!;
    const lines = frame.split('\n');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(50);
    expect(lines).toContain('algorithm  Greedy by end time.');
    expect(lines.some((l) => l.startsWith('           O(n log n).'))).toBe(true);
    expect(frame).toContain('Exchange argument.');
  });
});
