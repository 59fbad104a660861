// The solve screen's keys as data (no terminal), the burst splitter that feeds every screen, and
// the editor, note and picker taking a burst whole in a rendered Ink tree.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { splitBurst } from '../../src/components/burst.js';
import { Editor, LineInput } from '../../src/components/Editor.js';
import { numberDecision, solveKey, solveKeys, type SolveKeyView } from '../../src/components/solveKeys.js';
import { Picker } from '../../src/screens/Picker.js';
import { KEYS, settled } from './helpers.js';

const gate: SolveKeyView = {
  streaming: false,
  proposal: { pane: 'plan', cancelled: false, failed: false },
  ended: false,
  backendError: false,
  canAnother: true,
  earlier: 3,
  backPick: 0,
  offset: 0,
  rows: 40,
  body: 10,
  sinceCancel: Number.POSITIVE_INFINITY,
};
const k = (input: string, flags: Record<string, boolean> = {}) => ({ input, ...flags });

describe('splitBurst', () => {
  it('gives one key per backspace, enter and control key of a burst; a single key as Ink named it', () => {
    expect(splitBurst('\x7f\x7f\x7f', {})).toEqual([
      { input: '', backspace: true },
      { input: '', backspace: true },
      { input: '', backspace: true },
    ]);
    expect(splitBurst('', { delete: true })).toEqual([{ input: '', delete: true }]);
    expect(splitBurst('ab\x13', {})).toEqual([{ input: 'ab' }, { input: 's', ctrl: true }]);
    expect(splitBurst('ab', {}, 'chars')).toEqual([{ input: 'a' }, { input: 'b' }]);
    expect(splitBurst('sum\r', {})).toEqual([{ input: 'sum' }, { input: '', return: true }]);
  });

  it('keeps a paste whole, its line breaks inside the text', () => {
    expect(splitBurst('for x in a:\r\n    print(x)\n', {})).toEqual([
      { input: 'for x in a:\n    print(x)' },
      { input: '', return: true },
    ]);
    expect(splitBurst('a\tb', {})).toEqual([{ input: 'a' }, { input: '', tab: true }, { input: 'b' }]);
  });
});

describe('solveKey', () => {
  it('at a gate: a approves, e edits, E opens the editor, r asks for a note, b picks the last earlier step', () => {
    expect(solveKey('main', gate, k('a'))).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    expect(solveKey('main', gate, k('e'))).toEqual({ kind: 'mode', mode: 'edit' });
    expect(solveKey('main', gate, k('E'))).toEqual({ kind: 'external-edit' });
    expect(solveKey('main', gate, k('r'))).toEqual({ kind: 'mode', mode: 'note' });
    expect(solveKey('main', gate, k('b'))).toEqual({ kind: 'pick', index: 2 });
    expect(solveKey('main', { ...gate, earlier: 0 }, k('b'))).toMatchObject({ kind: 'notice' });
    expect(solveKey('main', gate, k('q'))).toEqual({ kind: 'quit' });
    expect(solveKey('main', gate, k('?'))).toEqual({ kind: 'mode', mode: 'help' });
  });

  it('a failed proposal cannot be approved but is never a dead end: e / E edit its answer, a digit decides it; a cancelled one is asked again', () => {
    const failed = { ...gate, proposal: { pane: 'code' as const, cancelled: false, failed: true } };
    expect(solveKey('main', failed, k('a'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('e edits it'),
    });
    expect(solveKey('main', failed, k('e'))).toEqual({ kind: 'mode', mode: 'edit' });
    expect(solveKey('main', failed, k('E'))).toEqual({ kind: 'external-edit' });
    expect(solveKey('main', failed, k('r'))).toEqual({ kind: 'mode', mode: 'note' });
    // A code step has no decision of its own: a digit says so rather than doing nothing.
    expect(solveKey('main', failed, k('1'))).toMatchObject({ kind: 'notice' });
    const decide = {
      question: 'is the plan fine?',
      options: [
        { label: 'plan fine', text: 'TEXT FINE' },
        { label: 'needs change', text: 'TEXT CHANGE' },
      ],
    };
    const verdict = { ...gate, proposal: { pane: 'simulate' as const, cancelled: false, failed: true, decide } };
    expect(solveKey('main', verdict, k('a'))).toMatchObject({ text: expect.stringContaining('1-2 decide yourself') });
    expect(solveKey('main', verdict, k('1'))).toEqual({
      kind: 'decide',
      decision: { kind: 'edit', content: 'TEXT FINE' },
    });
    expect(solveKey('main', verdict, k('2'))).toEqual({
      kind: 'decide',
      decision: { kind: 'edit', content: 'TEXT CHANGE' },
    });
    expect(solveKey('main', verdict, k('3'))).toEqual({ kind: 'none' });
    const number = {
      question: 'how likely?',
      options: [],
      number: { label: 'confidence 0..100', min: 0, max: 100, before: '## Confidence\n', after: '\n' },
    };
    const conf = { ...gate, proposal: { pane: 'confidence' as const, cancelled: false, failed: true, decide: number } };
    // A number alone: the digit typed is its first digit ("80" needs no key first).
    expect(solveKey('main', conf, k('8'))).toEqual({ kind: 'mode', mode: 'number', carry: '8' });
    expect(solveKey('main', conf, k('0'))).toEqual({ kind: 'mode', mode: 'number', carry: '0' });
    // Read leniently, the decision is still the person's to change.
    const lenientConf = {
      ...gate,
      proposal: { pane: 'confidence' as const, cancelled: false, failed: false, lenient: true, decide: number },
    };
    expect(solveKey('main', lenientConf, k('7'))).toEqual({ kind: 'mode', mode: 'number', carry: '7' });
    expect(solveKey('main', lenientConf, k('a'))).toEqual({ kind: 'decide', decision: { kind: 'approve' } });
    expect(numberDecision(number, '85%')).toEqual({
      kind: 'decide',
      decision: { kind: 'edit', content: '## Confidence\n85\n' },
    });
    expect(numberDecision(number, '185')).toMatchObject({ kind: 'notice' });
    expect(numberDecision(number, 'high')).toMatchObject({ kind: 'notice' });
    const cancelled = { ...gate, proposal: { pane: 'code' as const, cancelled: true, failed: true } };
    expect(solveKey('main', cancelled, k('R'))).toEqual({ kind: 'decide', decision: { kind: 'reject' } });
    expect(solveKey('main', cancelled, k('a'))).toMatchObject({
      kind: 'notice',
      text: expect.stringContaining('cancelled'),
    });
    expect(solveKey('main', cancelled, k('e'))).toEqual({ kind: 'none' });
  });

  it('scrolls within the pane and toggles recalled examples only on a retrieval pane', () => {
    expect(solveKey('main', gate, k('', { downArrow: true }))).toEqual({ kind: 'scroll', offset: 1 });
    expect(solveKey('main', gate, k('G'))).toEqual({ kind: 'scroll', offset: 30 });
    expect(solveKey('main', { ...gate, offset: 5 }, k('', { pageUp: true }))).toEqual({ kind: 'scroll', offset: 0 });
    expect(solveKey('main', gate, k('2'))).toEqual({ kind: 'none' });
    expect(
      solveKey('main', { ...gate, proposal: { pane: 'retrieve', cancelled: false, failed: false } }, k('2')),
    ).toEqual({ kind: 'toggle-example', index: 1 });
  });

  it('x at a retrieval opens the swap; a digit swaps the open problem for that archived one, as an edit', () => {
    const swaps = [
      ['one for A', 'one for B'],
      ['two for A', 'two for B'],
    ];
    const at = { ...gate, proposal: { pane: 'retrieve' as const, cancelled: false, failed: false, swaps } };
    expect(solveKey('main', at, k('x'))).toEqual({ kind: 'mode', mode: 'swap' });
    expect(solveKey('swap', at, k('2'))).toEqual({ kind: 'decide', decision: { kind: 'edit', content: 'one for B' } });
    expect(solveKey('swap', { ...at, swapSlot: 1 }, k('1'))).toEqual({
      kind: 'decide',
      decision: { kind: 'edit', content: 'two for A' },
    });
    expect(solveKey('swap', at, k('3'))).toEqual({ kind: 'none' });
    expect(solveKey('swap', at, k('', { escape: true }))).toEqual({ kind: 'mode', mode: 'main' });
    // Nothing to swap in, or nothing recalled from an archive: x says so, or is no key at all.
    expect(
      solveKey(
        'main',
        { ...gate, proposal: { pane: 'retrieve', cancelled: false, failed: false, swapRefs: [] } },
        k('x'),
      ),
    ).toEqual({ kind: 'notice', text: 'nothing else in your archive to swap in' });
    expect(
      solveKey('main', { ...gate, proposal: { pane: 'retrieve', cancelled: false, failed: false } }, k('x')),
    ).toEqual({ kind: 'none' });
    expect(
      solveKey('main', { ...gate, proposal: { pane: 'retrieve', cancelled: false, failed: true, swaps } }, k('x')),
    ).toEqual({ kind: 'none' });
    // The digits typed after x in one burst pick the archived problem.
    expect(solveKeys('main', at, [k('x'), k('1')])).toEqual([
      { kind: 'mode', mode: 'swap' },
      { kind: 'decide', decision: { kind: 'edit', content: 'one for A' } },
    ]);
  });

  it('x at a plan made from its recalled problem: a digit asks the step again with that archived problem (a reject carrying the swap)', () => {
    const at = {
      ...gate,
      proposal: { pane: 'plan' as const, cancelled: false, failed: false, swapRefs: ['lis', 'sets.jsonl:7'] },
    };
    expect(solveKey('main', at, k('x'))).toEqual({ kind: 'mode', mode: 'swap' });
    expect(solveKey('swap', at, k('2'))).toEqual({
      kind: 'decide',
      decision: { kind: 'reject', swap: { slot: 0, ref: 'sets.jsonl:7' } },
    });
    expect(solveKey('swap', at, k('3'))).toEqual({ kind: 'none' });
    expect(solveKey('swap', at, k('x'))).toEqual({ kind: 'mode', mode: 'main' });
    expect(solveKey('main', { ...at, proposal: { ...at.proposal, cancelled: true } }, k('x'))).toEqual({
      kind: 'none',
    });
    expect(solveKeys('main', at, [k('x'), k('1')])).toEqual([
      { kind: 'mode', mode: 'swap' },
      { kind: 'decide', decision: { kind: 'reject', swap: { slot: 0, ref: 'lis' } } },
    ]);
  });

  it('ctrl-c cancels a streaming answer once, and quits when pressed again within the window or when nothing streams', () => {
    const streaming = { ...gate, proposal: undefined, streaming: true } as SolveKeyView;
    expect(solveKey('main', streaming, k('c', { ctrl: true }))).toEqual({ kind: 'cancel-answer' });
    expect(solveKey('main', { ...streaming, sinceCancel: 500 }, k('c', { ctrl: true }))).toEqual({ kind: 'quit' });
    expect(solveKey('main', gate, k('c', { ctrl: true }))).toEqual({ kind: 'quit' });
    // The editor and the note have their own keys: only ctrl-c reaches the screen there.
    expect(solveKey('edit', gate, k('a'))).toEqual({ kind: 'none' });
    expect(solveKey('note', gate, k('q'))).toEqual({ kind: 'none' });
    expect(solveKey('main', streaming, k('s'))).toEqual({ kind: 'none' });
    expect(solveKey('main', streaming, k('a'))).toEqual({ kind: 'none' });
  });

  it('in the back picker: arrows choose within the list, enter goes back, esc returns', () => {
    const back = { ...gate, backPick: 2 };
    expect(solveKey('back', back, k('', { upArrow: true }))).toEqual({ kind: 'pick', index: 1 });
    expect(solveKey('back', back, k('', { downArrow: true }))).toEqual({ kind: 'pick', index: 2 });
    expect(solveKey('back', back, k('', { return: true }))).toEqual({ kind: 'back-to', index: 2 });
    expect(solveKey('back', back, k('', { escape: true }))).toEqual({ kind: 'mode', mode: 'main' });
    expect(solveKey('back', back, k('a'))).toEqual({ kind: 'none' });
  });

  it('at the end: n starts another problem when there is a picker, R retries after a server failure', () => {
    const ended = { ...gate, proposal: undefined, ended: true } as SolveKeyView;
    expect(solveKey('main', ended, k('n'))).toEqual({ kind: 'another' });
    expect(solveKey('main', { ...ended, canAnother: false }, k('n'))).toEqual({ kind: 'none' });
    expect(solveKey('main', ended, k('a'))).toEqual({ kind: 'none' });
    expect(solveKey('main', { ...ended, backendError: true }, k('R'))).toEqual({ kind: 'retry' });
  });
});

describe('solveKeys over a burst', () => {
  it('every key of a burst acts, each seeing the mode the last one left', () => {
    const keys = splitBurst('b\x1b', {}, 'chars');
    expect(keys).toHaveLength(1); // Ink splits an escape off; the picker's ↑↑⏎ arrive one by one
    expect(
      solveKeys('main', gate, [k('b'), k('', { upArrow: true }), k('', { upArrow: true }), k('', { return: true })]),
    ).toEqual([
      { kind: 'pick', index: 2 },
      { kind: 'pick', index: 1 },
      { kind: 'pick', index: 0 },
      { kind: 'back-to', index: 0 },
    ]);
    expect(solveKeys('main', gate, splitBurst('jjj', {}, 'chars'))).toEqual(
      [1, 2, 3].map((offset) => ({ kind: 'scroll', offset })),
    );
  });

  it('a decision ends the burst: "aa" approves one step, never the next', () => {
    expect(solveKeys('main', gate, splitBurst('aa', {}, 'chars'))).toEqual([
      { kind: 'decide', decision: { kind: 'approve' } },
    ]);
  });

  it('the keys after r are the note typed ahead; an enter among them rejects with it', () => {
    expect(solveKeys('main', gate, splitBurst('rtoo slow', {}, 'chars'))).toEqual([
      { kind: 'mode', mode: 'note', carry: 'too slow' },
    ]);
    expect(solveKeys('main', gate, splitBurst('rO(n^2)\x7f\x7f\x7f\x7fn)\r', {}, 'chars'))).toEqual([
      { kind: 'decide', decision: { kind: 'reject', note: 'O(n)' } },
    ]);
  });
});

describe('bursts in a rendered tree', () => {
  it('three backspaces in one read delete three characters in the editor; a paste arrives whole', async () => {
    let saved = '';
    const r = render(<Editor initial="abcdef" width={40} height={6} onSave={(t) => (saved = t)} onCancel={() => {}} />);
    await settled(r);
    r.stdin.write(KEYS.end);
    await settled(r);
    r.stdin.write('\x7f\x7f\x7f');
    await settled(r);
    r.stdin.write('XY\r\nZ');
    await settled(r);
    r.stdin.write(KEYS.ctrlS);
    await settled(r);
    expect(saved).toBe('abcXY\nZ');
    r.unmount();
  });

  it('the note input takes a pasted line whole and a burst of backspaces', async () => {
    let note: string | undefined;
    const r = render(<LineInput label="what is wrong:" width={60} onSubmit={(v) => (note = v)} onCancel={() => {}} />);
    await settled(r);
    r.stdin.write('off by onexx');
    await settled(r);
    r.stdin.write('\x7f\x7f');
    await settled(r);
    expect(r.lastFrame()).toContain('off by one');
    r.stdin.write(KEYS.enter);
    await settled(r);
    expect(note).toBe('off by one');
    r.unmount();
  });

  it('the picker filter takes a paste whole and "sum⏎" typed ahead opens the match', async () => {
    let picked: string | undefined;
    const problems = [
      { ref: 'fixtures:sum-two', id: 'sum-two', title: 'Sum of two', group: 'fixtures' as const, tags: [] },
      { ref: 'fixtures:lis', id: 'lis', title: 'Longest increasing subsequence', group: 'fixtures' as const, tags: [] },
    ];
    const r = render(
      <Picker
        problems={problems}
        width={80}
        height={20}
        onPick={(ref) => (picked = ref)}
        onQuit={() => {}}
        onSettings={() => {}}
      />,
    );
    await settled(r);
    r.stdin.write('increasingxx');
    await settled(r);
    r.stdin.write('\x7f\x7f');
    await settled(r);
    expect(r.lastFrame()).toContain('Longest increasing');
    expect(r.lastFrame()).not.toContain('Sum of two');
    r.stdin.write('\x7f'.repeat(10) + 'longest\r');
    await settled(r);
    expect(picked).toBe('fixtures:lis');
    r.unmount();
  });
});
