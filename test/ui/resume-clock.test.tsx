// The status bar's clock of a resumed session goes on from the time its journal already holds
// (40 minutes of work here), not from 0:00; the time between the two sittings is not counted.
import { describe, expect, it } from 'vitest';
import { createJournal } from '../../src/session/journal.js';
import { appSuite } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const PLAN = `## Understanding\nAdd two integers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const ui = appSuite();

/** A session that stopped on a model-server failure after 40 minutes of work, two days ago. */
function journalOf40Minutes(): string {
  const twoDaysAgo = Date.now() - 2 * 24 * 3600_000;
  const j = createJournal({
    problem: ui.sumTwo,
    flow: 'codesim',
    backend: 'ollama',
    model: 'fake-coder:7b',
    lang: 'python',
    settings: {},
    dir: tempDir('simcoach-resume-clock-'),
    clock: () => twoDaysAgo,
  });
  j.append({
    type: 'error',
    branch: 0,
    t: 40 * 60_000,
    message: 'the model server stopped answering',
    code: 'server-down',
  });
  j.close();
  return j.file;
}

describe('elapsed time survives a resume', () => {
  it('the resumed session shows 40 minutes and more, where a new one starts at 0:0x', async () => {
    const file = journalOf40Minutes();
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, ui.sumTwo, { resume: { file, problem: ui.sumTwo } });
    const gate = await app.until(/your decision/);
    expect(gate).toMatch(/\b4\d:\d\d\b/);
    expect(gate).not.toMatch(/\b0:\d\d\b/);

    const fresh = await ui.start(server, ui.sumTwo);
    expect(await fresh.until(/your decision/)).toMatch(/\b0:\d\d\b/);
  });
});
