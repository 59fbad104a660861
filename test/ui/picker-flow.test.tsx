// The flow is chosen in the picker, not only in the settings: ctrl-f goes round the flows (letters
// filter the list, so the key is a control key like ctrl-p and ctrl-o), the header says which,
// the key row offers it at 80 columns, and enter opens the problem in that flow.
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { Picker, nextFlow } from '../../src/screens/Picker.js';
import { KEYS, appSuite, settled } from './helpers.js';

const CTRL_F = '\x06';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const ui = appSuite();

describe('ctrl-f: the flow in the picker', () => {
  it('goes round the flows; enter opens the chosen problem in the chosen flow; the key row shows ctrl-f at 80 columns', async () => {
    const problems = [
      { ref: 'fixtures:sum-two', id: 'sum-two', title: 'Sum of two', group: 'fixtures' as const, tags: [] },
    ];
    let picked: [string, string | undefined] | undefined;
    const r = render(
      <Picker
        problems={problems}
        flows={['codesim', 'mapcoder', 'codetree']}
        flow="codesim"
        width={80}
        height={12}
        onPick={(ref, flow) => (picked = [ref, flow])}
        onQuit={() => {}}
        onSettings={() => {}}
        onPractice={() => {}}
      />,
    );
    await settled(r);
    expect(r.lastFrame()).toMatch(/Pick a problem 1 of 1 · flow codesim/);
    const keys = r.lastFrame()!.split('\n').at(-1)!;
    expect(keys).toContain('ctrl-f flow');
    expect(keys.length).toBeLessThanOrEqual(80);
    r.stdin.write(CTRL_F);
    await settled(r);
    expect(r.lastFrame()).toContain('flow mapcoder');
    // The filter did not take the key as a letter.
    expect(r.lastFrame()).not.toMatch(/filter: \S/);
    r.stdin.write(CTRL_F + CTRL_F);
    await settled(r);
    expect(r.lastFrame()).toContain('flow codesim');
    r.stdin.write(CTRL_F + KEYS.enter);
    await settled(r);
    expect(picked).toEqual(['fixtures:sum-two', 'mapcoder']);
    r.unmount();
  });

  it('nextFlow goes round and starts at the first for an unknown flow', () => {
    expect(nextFlow(['a', 'b'], 'b')).toBe('a');
    expect(nextFlow(['a', 'b'], 'x')).toBe('a');
    expect(nextFlow([], 'a')).toBeUndefined();
  });

  it('in the app: the session opened after ctrl-f runs the chosen flow (its status bar says so)', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, undefined);
    const picker = await app.until(/Pick a problem \d+ of \d+ · flow codesim/);
    expect(picker).toContain('ctrl-f flow');
    await app.press(CTRL_F);
    await app.until('flow mapcoder');
    await app.type('sum-tw');
    await app.press(KEYS.enter);
    const session = await app.until(/mapcoder[\s\S]*(your decision|Recall|Retriev)/i);
    expect(session).not.toContain('Pick a problem');
  });
});
