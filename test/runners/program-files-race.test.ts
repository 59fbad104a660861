// The solution's own folder swapped for a link while root reads it (issue 47): a user who
// exchanges their folder with a link to a folder only root may read must never get root to
// bring a file from there. A racer (the unprivileged account when we are root) swaps the folder
// back and forth as fast as it can (400 reads: the old realpath-then-open brought the secret in
// about 1 of 10); every one of a bounded number of reads either brings the
// user's own header or is refused with one line, never the secret.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programFiles, ProgramFileError } from '../../src/runners/build/programFiles.js';
import { unprivilegedAccount } from '../helpers/unprivileged.js';
import { tempDir } from '../helpers/tempDir.js';

const root = process.getuid?.() === 0;
const RUNS = 400;
const SOURCE = '#include "own.h"\nint main() {}\n';
// Swaps `sol` (a folder) with a link to `secret` and back, forever: rename, link, unlink, rename.
const RACER = `
const fs = require('node:fs');
process.chdir(process.argv[1]);
process.stdout.write('ready\\n');
for (;;) { fs.renameSync('sol', 'sol.real'); fs.symlinkSync(process.argv[2], 'sol'); fs.unlinkSync('sol'); fs.renameSync('sol.real', 'sol'); }
`;

let top: string;
let racer: ChildProcess | undefined;

beforeAll(async () => {
  if (!root) return;
  top = tempDir('simcoach-race-');
  chmodSync(top, 0o755);
  const user = join(top, 'user');
  const secret = join(top, 'secret');
  mkdirSync(join(user, 'sol'), { recursive: true });
  mkdirSync(secret, { mode: 0o700 });
  writeFileSync(join(user, 'sol', 'main.cpp'), SOURCE);
  writeFileSync(join(user, 'sol', 'own.h'), "// the user's own\n");
  // The same names in the secret folder: the include would find them there.
  writeFileSync(join(secret, 'main.cpp'), SOURCE, { mode: 0o600 });
  writeFileSync(join(secret, 'own.h'), 'TOP SECRET\n', { mode: 0o600 });
  const a = unprivilegedAccount();
  if (a)
    for (const p of [user, join(user, 'sol'), join(user, 'sol', 'main.cpp'), join(user, 'sol', 'own.h')])
      chownSync(p, a.uid, a.gid);
  const js = [process.execPath, '-e', RACER, user, secret];
  const argv = a ? ['setpriv', `--reuid=${a.uid}`, `--regid=${a.gid}`, '--init-groups', '--', ...js] : js;
  racer = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    racer!.stdout!.once('data', () => resolve());
    racer!.once('exit', (code) => reject(new Error(`the racer ended (${code})`)));
  });
});

afterAll(() => {
  racer?.kill('SIGKILL');
});

// As a user the link is their own, and so is what it leads to: theirs to bring.
describe.runIf(root)('the program folder swapped for a link while it is read', () => {
  it(`never brings a file from the folder the link leads to (${RUNS} reads against a racer)`, async () => {
    const file = join(top, 'user', 'sol', 'main.cpp');
    const outcomes = { own: 0, refused: 0, secret: 0 };
    for (let i = 0; i < RUNS; i++) {
      try {
        const files = await programFiles(file, 'cpp', SOURCE);
        if (files['own.h']?.includes('SECRET')) outcomes.secret++;
        else outcomes.own++;
      } catch (err) {
        // A refusal is one line naming what changed; anything else is the test's failure.
        if (!(err instanceof ProgramFileError) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        expect(String((err as Error).message)).not.toMatch(/\n/);
        outcomes.refused++;
      }
    }
    expect(outcomes.secret, JSON.stringify(outcomes)).toBe(0);
    expect(outcomes.own + outcomes.refused).toBe(RUNS);
  }, 120_000);
});
