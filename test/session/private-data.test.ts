// Sessions are the person's alone (issue 33): a data dir an earlier version made 0755 is
// tightened to 0700 on first use, as the sessions dir under it; each session file is 0600.
import { chmodSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createJournal } from '../../src/session/journal.js';
import { loadStatement } from '../../src/problems/markdown.js';
import { tempDir } from '../helpers/tempDir.js';

const saved = process.env.XDG_DATA_HOME;
const home = tempDir('simcoach-data-');
afterEach(() => {
  process.env.XDG_DATA_HOME = saved;
  rmSync(home, { recursive: true, force: true });
});

it('tightens a 0755 data dir and sessions dir to 0700, the session file 0600', async () => {
  process.env.XDG_DATA_HOME = home;
  const data = join(home, 'simcoach');
  mkdirSync(join(data, 'sessions'), { recursive: true });
  chmodSync(data, 0o755);
  chmodSync(join(data, 'sessions'), 0o755);
  const j = createJournal({
    problem: await loadStatement('fixtures/problems/brackets.md'),
    flow: 'codesim',
    backend: 'ollama',
    model: 'm',
    lang: 'python',
    settings: {},
  });
  expect(statSync(data).mode & 0o777).toBe(0o700);
  expect(statSync(join(data, 'sessions')).mode & 0o777).toBe(0o700);
  expect(statSync(j.file).mode & 0o777).toBe(0o600);
  j.close();
});
