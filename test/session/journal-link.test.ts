// The journal is written through the one descriptor it opened, never through a name planted
// where the session file was (issue 47): a resume opened it with 'a', which follows a link, so a
// link put in the sessions folder made the tutor append to whatever file it named (as root: any).
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/system/errors.js';
import { sessionsDir } from '../../src/system/paths.js';
import { readJournal } from '../../src/session/reader.js';
import { createJournal, openJournal } from '../../src/session/journal.js';
import type { Problem } from '../../src/problems/types.js';
import { unprivilegedAccount } from '../helpers/unprivileged.js';
import { tempDir } from '../helpers/tempDir.js';

const problem: Problem = {
  id: 'p',
  title: 'P',
  statement: 'Print 1.',
  samples: [{ input: '', outputs: ['1'] }],
  tests: [],
  compare: { mode: 'tokens' },
  kind: { type: 'stdin' },
  tags: [],
};
const VICTIM = 'root:x:0:0:root:/root:/bin/bash\n';

let dir: string;
beforeAll(() => {
  dir = tempDir('simcoach-journal-link-');
});

/** A session written and closed, as one that is resumed later. */
function session(): { file: string; header: Parameters<typeof openJournal>[1] } {
  const j = createJournal({
    problem,
    flow: 'codesim',
    backend: 'ollama',
    model: 'm',
    lang: 'python',
    settings: {},
    dir,
  });
  j.append({ type: 'note', branch: 0, step: 0, text: 'first' });
  j.close();
  return { file: j.file, header: readJournal(j.file).header };
}

describe('resuming a session file', () => {
  it('refuses a link planted in its place with one line, and the file it names is left as it was', () => {
    const { file, header } = session();
    const victim = join(dir, 'passwd');
    writeFileSync(victim, VICTIM);
    renameSync(file, `${file}.moved`);
    symlinkSync(victim, file);
    let thrown: unknown;
    try {
      openJournal(file, header, 10).append({ type: 'note', branch: 0, step: 0, text: 'planted' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(UserError);
    expect((thrown as Error).message).toBe(`not writing the session file ${file}: it is a link`);
    expect(readFileSync(victim, 'utf8')).toBe(VICTIM);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
  });

  it.runIf(process.getuid?.() === 0)('as root, refuses a session file another user owns', () => {
    const { file, header } = session();
    const a = unprivilegedAccount()!;
    chownSync(file, a.uid, a.gid);
    expect(() => openJournal(file, header, 10)).toThrow(
      `not writing the session file ${file}: it is owned by uid ${a.uid}, not by you`,
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'as root, writes no session into a data dir another user made after it was chosen (in a sticky /tmp)',
    () => {
      const top = join(dir, 'sticky');
      mkdirSync(top);
      chmodSync(top, 0o1777);
      const saved = process.env.XDG_DATA_HOME;
      process.env.XDG_DATA_HOME = join(top, 'data');
      try {
        // Chosen while it does not exist: nothing of it is anyone's yet.
        const sessions = sessionsDir();
        const a = unprivilegedAccount()!;
        mkdirSync(join(top, 'data', 'simcoach'), { recursive: true });
        for (const d of ['data', 'data/simcoach']) chownSync(join(top, d), a.uid, a.gid);
        expect(() =>
          createJournal({ problem, flow: 'codesim', backend: 'ollama', model: 'm', lang: 'python', settings: {} }),
        ).toThrow(
          `not writing the session into ${sessions}: ${join(top, 'data')} is owned by uid ${a.uid}, not by root`,
        );
      } finally {
        if (saved === undefined) delete process.env.XDG_DATA_HOME;
        else process.env.XDG_DATA_HOME = saved;
      }
    },
  );

  it('appends to its own file through the same descriptor, after a newline when the last line was cut', () => {
    const { file, header } = session();
    writeFileSync(file, readFileSync(file, 'utf8') + '{"type":"no', { flag: 'w' });
    const k = openJournal(file, header, 10);
    k.append({ type: 'note', branch: 0, step: 0, text: 'second' });
    k.close();
    const lines = readFileSync(file, 'utf8').split('\n');
    expect(lines.at(-3)).toBe('{"type":"no');
    expect(JSON.parse(lines.at(-2)!)).toMatchObject({ type: 'note', branch: 0, step: 0, text: 'second' });
  });
});
