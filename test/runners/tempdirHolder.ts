// A simcoach's temp dirs as a process of its own (bundled by tempdirs-pidns.test.ts): it makes a
// run dir with the real code, prints its path, and holds it until its stdin ends.
import { makeTempDir } from '../../src/runners/sandbox/tempdirs.js';

const dir = await makeTempDir('run');
process.stdout.write(`${dir}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
