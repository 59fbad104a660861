// Which python3 the judge runs: an interpreter binary on PATH is named as found, without starting
// it (a start of Python in every CLI run); a script in front of one (a pyenv shim) is asked.
import { chmodSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pythonExecutable } from '../../src/runners/languages/langs.js';
import { withEnv } from '../helpers/env.js';
import { tempDir } from '../helpers/tempDir.js';

/** A folder holding only `python3`, made by `put`, and pythonExecutable() with PATH set to it. */
async function withPython(put: (file: string) => void): Promise<{ dir: string; found: string }> {
  const dir = tempDir('simcoach-py-');
  put(join(dir, 'python3'));
  return { dir, found: await withEnv({ PATH: dir }, () => pythonExecutable()) };
}

describe('pythonExecutable', () => {
  it('names a binary on PATH as found, through its link, without running it', async () => {
    // Any start of that Python imports sitecustomize from PYTHONPATH, which leaves a mark.
    const hooks = tempDir('simcoach-pyhook-');
    const mark = join(hooks, 'started');
    writeFileSync(join(hooks, 'sitecustomize.py'), `open(${JSON.stringify(mark)}, "w").close()\n`);
    const { dir, found } = await withEnv({ PYTHONPATH: hooks }, () =>
      withPython((f) => symlinkSync('/usr/bin/python3', f)),
    );
    expect(found).toBe(join(dir, 'python3'));
    expect(existsSync(mark)).toBe(false);
  });

  it('asks a script in front of the interpreter (a pyenv shim) which binary it runs', async () => {
    const { found } = await withPython((f) => {
      writeFileSync(f, '#!/bin/sh\nexec /usr/bin/python3 "$@"\n');
      chmodSync(f, 0o755);
    });
    expect(found).toBe('/usr/bin/python3');
  });
});
