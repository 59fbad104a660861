// The precompiled <bits/stdc++.h>: the first program that includes it starts its build in the
// background (into the trusted build cache, never the sandbox's places); once it is there, a
// compile in the sandbox reads the .gch instead of the header. g++ -H says which it read.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge } from '../../src/runners/judge/judge.js';
import { pchBuild, pchDir, precompiledHeader } from '../../src/runners/build/pch.js';
import { chooseForThisRun, toolchainOf } from '../../src/runners/languages/toolchains.js';
import { isolateCache } from './helpers.js';
import { tempDir } from '../helpers/tempDir.js';

const program = (n: number) =>
  `#include <bits/stdc++.h>\nint main() { std::vector<int> v{${n}}; std::cout << v[0] << "\\n"; }\n`;

describe('a precompiled bits/stdc++.h', () => {
  let restore: () => Promise<void>;
  beforeAll(() => {
    restore = isolateCache();
    // -H lists every header the compiler read: "! path.gch" when it used a precompiled one.
    chooseForThisRun('cpp', { flags: '-O2 -pipe -H' });
  });
  afterAll(async () => {
    chooseForThisRun('cpp', {});
    await restore();
  });

  it('is built in the background the first time, then every compile that includes the header reads it', async () => {
    const chain = await toolchainOf('cpp');
    if (!chain.ok) throw new Error(chain.error);
    const dir = pchDir(chain.toolchain);
    const first = await judge({ lang: 'cpp', source: program(1) }, [{ input: '', outputs: ['1'] }]);
    expect(first.verdict, first.compile?.message).toBe('AC');
    expect(first.compile?.message).not.toContain('.gch');
    // Its build runs apart from the judge: wait for its process to end, however long that takes.
    const gch = join(dir, 'bits', 'stdc++.h.gch');
    const build = pchBuild(dir);
    expect(build).not.toBeNull();
    await build;
    expect(existsSync(gch)).toBe(true);
    const second = await judge({ lang: 'cpp', source: program(2) }, [{ input: '', outputs: ['2'] }]);
    expect(second.verdict, second.compile?.message).toBe('AC');
    expect(second.compile?.message).toContain(`! ${gch}`);
  }, 240_000);

  it("a test cache's clean-up waits for a header build still running there (#47: ENOTEMPTY)", async () => {
    const cleanup = isolateCache();
    const chain = await toolchainOf('cpp');
    if (!chain.ok) throw new Error(chain.error);
    // The clean-up is what is under test, not the compiler: a stand-in that runs until the test
    // lets it go (a file appears at $0), then writes the .gch where g++ would ($5 of "-x c++-header
    // HEADER -o GCH"), is a build still running when the clean-up starts, as g++ on the real header
    // was (~13 s of CPU, spent only to wait). No clock decides the order: the test does.
    const gate = tempDir('simcoach-pch-gate-');
    const go = join(gate, 'go');
    const script = 'until [ -e "$0" ]; do sleep 0.02; done; : > "$5"';
    const slowCompiler = { ...chain.toolchain, tool: '/bin/sh', flags: ['-c', script, go] };
    try {
      const dir = pchDir(slowCompiler);
      expect(await precompiledHeader(slowCompiler)).toBeNull();
      const build = pchBuild(dir);
      expect(build).not.toBeNull();
      let ended = false;
      void build!.then(() => (ended = true));
      const cleaning = cleanup();
      expect(ended).toBe(false);
      writeFileSync(go, '');
      await cleaning;
      expect(ended).toBe(true);
      expect(existsSync(dir)).toBe(false);
    } finally {
      writeFileSync(go, '');
      rmSync(gate, { recursive: true, force: true });
    }
  }, 240_000);
});
