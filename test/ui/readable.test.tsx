// The answer as a person reads it while it streams (the partial-JSON decoder and the light
// markdown), and the measuring and wrapping every pane is built on.
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnswerText, answerRows, keyTitle, styleLine } from '../../src/components/answerText.js';
import { cells, cut, rowText, seg, textRows, wrapLine, wrapRow } from '../../src/components/rows.js';
import { StreamFeed, StreamTail, tailRows } from '../../src/components/StreamTail.js';
import { setColor } from '../../src/components/theme.js';
import { proposalRows } from '../../src/components/panes/index.js';

beforeEach(() => setColor(false));
afterEach(() => setColor(undefined));

/** The decoded text of an answer pushed in pieces of `size` characters. */
function decode(raw: string, size: number): string[] {
  const a = new AnswerText();
  for (let i = 0; i < raw.length; i += size) a.push(raw.slice(i, i + size));
  return [...a.lines(), a.partial()].map((l) => l.text);
}

const PLAN_JSON = JSON.stringify({
  understanding: 'Sum two numbers.\nBoth fit in 64 bits.',
  plan: '1. read a and b\n2. print a+b',
  confidence: 90,
  steps: ['read', 'add "them"'],
});

describe('AnswerText: a JSON answer decoded as it arrives', () => {
  it('shows string values without quotes, braces or \\n escapes, each key a heading, whatever the chunking', () => {
    const want = [
      'Understanding',
      'Sum two numbers.',
      'Both fit in 64 bits.',
      'Plan',
      '1. read a and b',
      '2. print a+b',
      'Confidence',
      '90',
      'Steps',
      '• read',
      '• add "them"',
      '',
    ];
    for (const size of [1, 2, 3, 7, 64, 10_000]) expect(decode(PLAN_JSON, size), `chunks of ${size}`).toEqual(want);
  });

  it('shows a string value while it is still being written, and never shows a key half-written', () => {
    const a = new AnswerText();
    a.push('{"plan": "1. read\\n2. so');
    expect(a.lines().map((l) => l.text)).toEqual(['Plan', '1. read']);
    expect(a.partial().text).toBe('2. so');
    a.push('rt", "time_compl');
    expect(a.lines().map((l) => l.text)).toEqual(['Plan', '1. read', '2. sort']);
    expect(a.partial().text).toBe('');
    a.push('exity": "O(n log n)"}');
    expect(
      a
        .lines()
        .map((l) => l.text)
        .slice(3),
    ).toEqual(['Time complexity', 'O(n log n)']);
  });

  it('decodes escapes split across chunks: \\u00e9, surrogate pairs, an escaped quote', () => {
    const raw = JSON.stringify({ note: 'café 🎉 "quoted" tab\there' });
    for (const size of [1, 2, 5])
      expect(decode(raw, size).slice(0, 2), `chunks of ${size}`).toEqual(['Note', 'café 🎉 "quoted" tab    here']);
  });

  it('sees through a ```json fence, and reads on as text after the object or when the JSON breaks', () => {
    expect(decode('```json\n{"plan": "a\\nb"}\n```\nDone.', 3)).toEqual(['Plan', 'a', 'b', 'Done.']);
    const broken = decode('{"plan": "ok"  oops not json', 4);
    expect(broken.slice(0, 2)).toEqual(['Plan', 'ok']);
    expect(broken.join('\n')).toContain('oops not json');
  });

  it('passes free text through a line at a time (a heading as its text)', () => {
    expect(decode('## Plan\nread a, b\n```cpp\nint main() {}\n```\n', 5)).toEqual([
      'Plan',
      'read a, b',
      '```cpp',
      'int main() {}',
      '```',
      '',
    ]);
  });

  it('turns keys into headings', () => {
    expect(keyTitle('time_complexity')).toBe('Time complexity');
    expect(keyTitle('aiTests')).toBe('Ai tests');
  });
});

describe('light markdown', () => {
  it('draws headings bold without their hashes, fences as a rule with the language, code under a gutter', () => {
    expect(styleLine('## The plan', undefined)).toEqual({ kind: 'heading', text: 'The plan' });
    expect(styleLine('```cpp', undefined)).toEqual({ kind: 'fence', text: '```cpp', lang: 'cpp' });
    expect(styleLine('# not a heading', 'cpp')).toEqual({ kind: 'code', text: '# not a heading' });
    expect(styleLine('- **fast** path', undefined)).toEqual({ kind: 'text', text: '• fast path' });
    const rows = answerRows('## Plan\nread\n```py\nprint(1)\n```', 40);
    expect(rows.map(rowText)).toEqual(['Plan', 'read', '── py ', '│ print(1)', '──']);
    expect(rows[0]![0]).toMatchObject({ bold: true });
  });

  it("a cancelled answer's partial JSON shows decoded in its pane", () => {
    const raw = '{"understanding": "two numbers\\nadd them", "plan": "1. read\\n2. pri';
    const rows = proposalRows(
      {
        step: 0,
        agent: 'plan',
        title: 'Plan',
        pane: 'plan',
        value: undefined,
        text: '',
        raw,
        cancelled: true,
        error: 'cancelled',
      },
      { width: 60 },
    ).map(rowText);
    expect(rows).toContain('  add them');
    expect(rows).toContain('  2. pri');
    expect(rows.join('\n')).not.toMatch(/\\n|[{}"]/);
  });
});

describe('StreamTail', () => {
  it('feeds only what is new: the view may keep just the end of the text', () => {
    const feed = new StreamFeed();
    const full = JSON.stringify({ plan: Array.from({ length: 200 }, (_, i) => `step ${i}`).join('\n') });
    // The view drops the front of a long text; `received` still counts every character.
    let shown = '';
    for (let i = 0; i < full.length; i += 50) {
      shown = (shown + full.slice(i, i + 50)).slice(-300);
      feed.update('s1', shown, Math.min(full.length, i + 50));
    }
    const rows = tailRows(feed.update('s1', shown, full.length), 40, 3).map(rowText);
    expect(rows).toEqual(['step 197', 'step 198', 'step 199']);
    // A new request starts afresh.
    expect(tailRows(feed.update('s2', '{"plan": "x', 11), 40, 3).map(rowText)).toEqual(['Plan', 'x']);
  });

  it('renders a streaming JSON answer as text, exactly its height, and grows with a short one', () => {
    const f = render(<StreamTail text={'{"plan": "1. read\\n2. add'} width={40} height={6} />).lastFrame()!;
    expect(f.split('\n')).toHaveLength(6);
    expect(f).toContain('2. add');
    expect(f).not.toContain('"');
    const g = render(<StreamTail text={'## Plan\nread'} width={40} height={6} grow />).lastFrame()!;
    expect(g.split('\n')).toHaveLength(3);
  });

  it('costs the same per frame whatever the length: a minified answer is wrapped from its end only', () => {
    const a = new AnswerText();
    a.push(JSON.stringify({ plan: 'word '.repeat(50_000) }).slice(0, -2));
    const rows = tailRows(a, 80, 10);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => cells(rowText(r)) <= 80)).toBe(true);
  });
});

describe('measuring and wrapping (string-width, slice-ansi, wrap-ansi)', () => {
  it('measures wide, combining and zero-width characters as a terminal draws them', () => {
    const table: [string, number][] = [
      ['abc', 3],
      ['漢字ab', 6],
      ['한국어', 6],
      ['ｆｕｌｌ', 8],
      ['e\u0301', 1], // e + combining acute
      ['n\u0303o\u0308', 2],
      ['👍', 2],
      ['👍🏽', 2], // with a skin tone: one glyph
      ['👨‍👩‍👧', 2], // a ZWJ family: one glyph
      ['🇫🇷', 2],
      ['a\u200bb', 2],
      ['≤ 10⁵', 5],
      ['', 0],
    ];
    for (const [s, w] of table) expect(cells(s), JSON.stringify(s)).toBe(w);
  });

  it('cuts to a width without splitting a wide character or a grapheme', () => {
    expect(cut('a漢字', 2)).toBe('a');
    expect(cut('a漢字', 3)).toBe('a漢');
    expect(cut('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301e\u0301');
    expect(cut('👨‍👩‍👧ab', 3)).toBe('👨‍👩‍👧a');
    expect(cut('abc', 0)).toBe('');
  });

  it('wraps at words and breaks long words, ASCII and not, no row wider than the width', () => {
    expect(wrapLine('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapLine('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(wrapLine('漢字漢字 漢字漢字', 9)).toEqual(['漢字漢字', '漢字漢字']);
    expect(wrapLine('café crème brûlée', 11)).toEqual(['café crème', 'brûlée']);
    for (const line of [
      'the 👍🏽 emoji 👨‍👩‍👧 and 漢字 mixed in a longer line of text',
      'a'.repeat(7) + ' ' + '字'.repeat(9),
    ]) {
      for (const w of [5, 8, 13])
        expect(
          wrapLine(line, w).every((l) => cells(l) <= w),
          `${line} at ${w}`,
        ).toBe(true);
    }
  });

  it('wraps a styled row keeping each piece its style', () => {
    const rows = wrapRow([seg('verdict: ', { bold: true }), seg('wrong answer on test 3 of 10', { color: 'red' })], 20);
    expect(rows.map(rowText)).toEqual(['verdict: wrong', 'answer on test 3 of', '10']);
    expect(rows[0]).toEqual([seg('verdict: ', { bold: true }), seg('wrong', { color: 'red' })]);
    expect(rows[1]).toEqual([seg('answer on test 3 of', { color: 'red' })]);
    expect(textRows('  indented text that wraps here', 12, {}, '> ').map(rowText)).toEqual([
      '>   indented',
      '> text that',
      '> wraps here',
    ]);
  });
});

describe('two columns from 120 columns on', () => {
  it('splits at 120 and more, one column below; the side shows the plan once there is one, else the problem', async () => {
    const { columnWidths, sideRows, Columns } = await import('../../src/screens/solve/Columns.js');
    const { fixture } = await import('../agents/problems.js');
    expect(columnWidths(119)).toBeUndefined();
    const w = columnWidths(160)!;
    expect(w.main + w.side + 3).toBe(160);
    const problem = await fixture('sum-two');
    expect(rowText(sideRows({ problem, planStep: false, width: w.side, height: 10 })[0]!)).toBe('The problem');
    const side = sideRows({ problem, plan: '## Plan\n1. read', planStep: false, width: w.side, height: 10 });
    expect(side.map(rowText)).toEqual(['The plan', 'Plan', '1. read']);
    const f = render(
      <Columns main={<StreamTail text="step text" width={w.main} height={3} />} side={side} widths={w} height={3} />,
    ).lastFrame()!;
    expect(f.split('\n')[0]).toMatch(/^step text\s+│ The plan$/);
  });
});
