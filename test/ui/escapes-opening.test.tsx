// A problem's title reaches the tutor's first frame ("opening …"), its side panel and the status
// bar. A title that did not come through a loader (a session's header, a Companion save written by
// another tool) may still hold escapes: none of them may reach the terminal as it is drawn.
import { describe, expect, it } from 'vitest';
import { loadProblem } from '../../src/problems/index.js';
import { SIM_FINE } from '../fakes/answers.js';
import { appSuite } from './helpers.js';

const OSC52 = '\u001b]52;c;ZWNobyBwd25lZA==\u0007';
const TITLE = '\u001b]0;owned\u001b\\';
const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;

const ui = appSuite();

describe('a title with escapes, drawn by the tutor', () => {
  it('the opening line, the side panel and the gate draw it without the OSC clipboard write, window title or bidi override', async () => {
    const server = await ui.model({ plan: PLAN, simulate: SIM_FINE });
    const problem = { ...(await loadProblem('sum-two')), title: `Sum ${OSC52}${TITLE}two\u202e` };
    const app = await ui.start(server, problem);
    await app.until(/▸ 1 Plan\s+your decision/);
    const drawn = app.all();
    // Ink's own output is escape sequences too (colour, cursor): what must never appear is ours.
    expect(drawn).toContain('opening Sum');
    expect(drawn).toMatch(/Sum\s*two/);
    expect(drawn).not.toContain('\u001b]52');
    expect(drawn).not.toContain('\u001b]0;');
    expect(drawn).not.toContain('\u202e');
  });
});
