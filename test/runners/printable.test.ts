// Escape sequences from programs, compilers and received problem names never reach a terminal raw.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../../src/terminal/printable.js';
import { parseCompanion } from '../../src/problems/companion.js';
import { judge } from '../../src/runners/judge/judge.js';
import { cli, cliEnv } from '../cli/helpers.js';
import { isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

// Clear the screen, set the window title (OSC 0, BEL-terminated), a hyperlink (OSC 8, ST-terminated), a lone ESC and a bell.
const HOSTILE =
  '\u001b[2J\u001b[H\u001b]0;pwned\u0007\u001b]8;;http://evil.example\u001b\\link\u001b]8;;\u001b\\ \u001b\u0007boom';
const ESC_OR_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let restore: () => Promise<void>;
beforeAll(() => {
  restore = isolateCache();
});
afterAll(() => restore());

describe('printable', () => {
  it('removes CSI and OSC sequences and stray control characters, keeping the text, newlines and tabs', () => {
    expect(printable(`${HOSTILE}\n\tnext`)).toBe('link boom\n\tnext');
  });
});

describe('text from programs and senders', () => {
  it("a runtime error's detail and stderr carry no escape sequence", async () => {
    const src = `import sys\nsys.stderr.write(${JSON.stringify(HOSTILE)} + "\\n")\nsys.exit(3)\n`;
    const r = await judge({ lang: 'python', source: src }, [{ input: '', outputs: ['1'] }]);
    const t = r.tests[0]!;
    expect(t.verdict).toBe('RE');
    expect(t.detail).toBe('exit code 3: link boom');
    expect(t.stderr).toBe('link boom\n');
  });

  it("a compiler's message carries none, even when the source holds them", async () => {
    const r = await judge({ lang: 'cpp', source: `int main() { return x; } // ${HOSTILE}\n#error ${HOSTILE}\n` }, [
      { input: '', outputs: [''] },
    ]);
    expect(r.verdict).toBe('CE');
    expect(r.compile!.message).toContain('#error');
    expect(r.compile!.message).not.toMatch(ESC_OR_CONTROL);
  });

  it('a received problem name carries none', () => {
    const p = parseCompanion(
      JSON.stringify({ name: `${HOSTILE} A. Sum`, group: `\u001b]0;x\u0007Round 1`, tests: [] }),
    );
    expect(p.ok && p.value.name).toBe('link boom A. Sum');
    expect(p.ok && p.value.group).toBe('Round 1');
  });

  it('`simcoach test` prints the runtime error without them', async () => {
    const dir = tempDir('simcoach-printable-');
    writeFileSync(join(dir, 'p.json'), JSON.stringify({ name: 'P', tests: [{ input: '', output: '1' }] }));
    writeFileSync(join(dir, 'bad.py'), `import sys\nsys.stderr.write(${JSON.stringify(HOSTILE)})\nsys.exit(3)\n`);
    const r = await cli(['test', join(dir, 'bad.py'), '--problem', join(dir, 'p.json')], cliEnv({ NO_COLOR: '1' }));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('exit code 3: link boom');
    expect(r.stdout + r.stderr).not.toMatch(ESC_OR_CONTROL);
  });
});
