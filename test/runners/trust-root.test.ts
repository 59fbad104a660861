// Root trusts only root (issue 33): root run with a user's HOME (sudo -E) must not run the launcher
// or the compiled program that user planted in the cache there; a cache in a place others may
// write is not used by anyone; caches are 0700. Each plant writes a marker when it runs.
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distrust, distrustFile } from '../../src/system/trust.js';
import { cli, place, unprivilegedAccount, type Place } from '../helpers/unprivileged.js';
import { testGroup, type TestGroup } from '../helpers/groups.js';
import { xdgDirs } from '../helpers/home.js';
import { tempDir } from '../helpers/tempDir.js';

const root = process.getuid?.() === 0;
const SUM = '---\ntitle: Sum\ntime_limit: 10s\n---\n# Sum\n\n```input\n1 2\n```\n\n```output\n3\n```\n';
// Wrong on purpose: a planted "build" that prints 3 would forge an AC.
const WRONG =
  '#include <cstdio>\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", a + b + 1); }\n';
const verdictOf = (stdout: string): string => (JSON.parse(stdout) as { verdict: string }).verdict;

/** A shell script standing in for a binary: it says who ran it in `marker`, then prints 3. */
const plant = (path: string, marker: string, owner?: { uid: number; gid: number }, mode = 0o755): void => {
  rmSync(path, { force: true });
  writeFileSync(path, `#!/bin/sh\nid -u > ${marker}\necho 3\n`);
  chmodSync(path, mode);
  if (owner) chownSync(path, owner.uid, owner.gid);
};

describe('the trust check itself', () => {
  const dir = tempDir('simcoach-trust-');

  it('trusts our own private chain, refuses a loose dir, a link at the end and a loose file', () => {
    writeFileSync(join(dir, 'ok'), 'x', { mode: 0o644 });
    expect(distrustFile(join(dir, 'ok'))).toBeNull();
    symlinkSync(join(dir, 'ok'), join(dir, 'link'));
    expect(distrustFile(join(dir, 'link'))).toMatch(/is a link/);
    writeFileSync(join(dir, 'loose'), 'x');
    chmodSync(join(dir, 'loose'), 0o666);
    expect(distrustFile(join(dir, 'loose'))).toMatch(/writable by others/);
    mkdirSync(join(dir, 'open'));
    chmodSync(join(dir, 'open'), 0o777);
    expect(distrust(join(dir, 'open', 'anything'))).toMatch(/open is writable/);
    // /tmp is 1777: sticky, so others cannot rename what is ours in it.
    expect(distrust(join(dir, 'missing', 'deeper'))).toBeNull();
  });

  it.runIf(root)("refuses another user's directory and a link that user owns", () => {
    const a = unprivilegedAccount()!;
    mkdirSync(join(dir, 'theirs'));
    chownSync(join(dir, 'theirs'), a.uid, a.gid);
    expect(distrust(join(dir, 'theirs', 'cache'))).toMatch(new RegExp(`owned by uid ${a.uid}`));
    symlinkSync(dir, join(dir, 'their-link'));
    lchownSync(join(dir, 'their-link'), a.uid, a.gid);
    expect(distrust(join(dir, 'their-link', 'ok'))).toMatch(/a link owned by uid/);
  });
});

describe.runIf(root)("root with a user's HOME", () => {
  let p: Place;
  let marks: string;
  let key: string;
  /** A group the user shares with another (daemon). */
  let shared: TestGroup;
  beforeAll(async () => {
    shared = testGroup([unprivilegedAccount()!.name, 'daemon']);
    p = place('user');
    writeFileSync(join(p.files, 'sum.md'), SUM, { mode: 0o644 });
    writeFileSync(join(p.files, 'wrong.cpp'), WRONG, { mode: 0o644 });
    marks = join(p.files, 'marks');
    mkdirSync(marks);
    chmodSync(marks, 0o777);
    // The user fills their own cache: a launcher and the build of wrong.cpp.
    const own = await cli(p, 'user', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json'], {
      SIMCOACH_SANDBOX: 'none',
    });
    expect(verdictOf(own.stdout)).toBe('WA');
    key = readdirSync(join(p.home, 'cache', 'simcoach', 'supervisor')).find((n) =>
      /^supervisor-[0-9a-f]{16}$/.test(n),
    )!;
  }, 240_000);
  afterAll(() => {
    p?.cleanup();
    shared?.drop();
  });

  it('runs neither the launcher nor the build the user planted there, says so once, and judges for real', async () => {
    const a = unprivilegedAccount()!;
    const cache = join(p.home, 'cache', 'simcoach');
    expect(key).toBeDefined();
    plant(join(cache, 'supervisor', key), join(marks, 'launcher'), a);
    const builds = readdirSync(join(cache, 'builds')).filter((n) => existsSync(join(cache, 'builds', n, 'main')));
    expect(builds.length).toBeGreaterThan(0);
    for (const b of builds) plant(join(cache, 'builds', b, 'main'), join(marks, 'program'), a);

    // Unconfined (SIMCOACH_SANDBOX=none): a planted file that ran would write its marker as uid 0.
    const none = await cli(p, 'root', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json'], {
      SIMCOACH_SANDBOX: 'none',
    });
    expect(readdirSync(marks)).toEqual([]);
    expect(verdictOf(none.stdout)).toBe('WA');
    const said = none.stderr.split('\n').filter((l) => l.includes('for caches'));
    expect(said, none.stderr).toHaveLength(1);
    // Root's own settings too, not the user's (their config dir is theirs, not root's).
    expect(none.stderr).toMatch(
      /not using \S+ for settings \(.* is owned by uid \d+, not by root\); using \/root\/.config\/simcoach/,
    );
    expect(said[0]).toMatch(new RegExp(`not using ${cache} for caches \\(.* is owned by uid ${a.uid}, not by root\\)`));
    // In the sandbox, the planted build would have printed 3: a forged AC.
    const boxed = await cli(p, 'root', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json']);
    expect(boxed.stdout === '' ? boxed.stderr : verdictOf(boxed.stdout)).toBe('WA');
    expect(readdirSync(marks)).toEqual([]);
  }, 240_000);

  it('as the user, a cache in a folder others may write is not used, nor a launcher others may write', async () => {
    const loose = join(p.files, 'loose');
    mkdirSync(join(loose, 'cache', 'simcoach', 'supervisor'), { recursive: true });
    chmodSync(loose, 0o777);
    execChownTree(join(loose, 'cache'));
    plant(join(loose, 'cache', 'simcoach', 'supervisor', key), join(marks, 'loose'), unprivilegedAccount()!, 0o777);
    const r = await cli(p, 'user', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json'], {
      SIMCOACH_SANDBOX: 'none',
      XDG_CACHE_HOME: join(loose, 'cache'),
    });
    expect(readdirSync(marks)).toEqual([]);
    expect(verdictOf(r.stdout)).toBe('WA');
    expect(r.stderr).toMatch(
      /not using .*loose\/cache\/simcoach for caches \(.*loose is writable by (its group|others)\)/,
    );

    // In the user's own cache, a launcher made writable by a group others are in is built again,
    // said once. (The build the first case planted there is the user's own: theirs to run; it goes.)
    rmSync(join(p.home, 'cache', 'simcoach', 'builds'), { recursive: true, force: true });
    const own = join(p.home, 'cache', 'simcoach', 'supervisor', key);
    plant(own, join(marks, 'group'), { uid: unprivilegedAccount()!.uid, gid: shared.gid }, 0o775);
    const again = await cli(p, 'user', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json'], {
      SIMCOACH_SANDBOX: 'none',
    });
    expect(readdirSync(marks)).toEqual([]);
    expect(verdictOf(again.stdout)).toBe('WA');
    expect(again.stderr).toMatch(
      new RegExp(
        `not running the cached launcher: .* is writable by its group ${shared.name}, which daemon is in too; building it again`,
      ),
    );
    expect(statSync(own).mode & 0o022).toBe(0);
  }, 240_000);

  it('#include "sub/../a.h" is AC as root and as the user (sub/ made in the sandbox)', async () => {
    mkdirSync(join(p.files, 'sub'), { recursive: true });
    writeFileSync(
      join(p.files, 'a.h'),
      '#pragma once\ninline long long add(long long a, long long b) { return a + b; }\n',
      { mode: 0o644 },
    );
    writeFileSync(
      join(p.files, 'dots.cpp'),
      '#include <cstdio>\n#include "sub/../a.h"\nint main() { long long a, b; scanf("%lld %lld", &a, &b); printf("%lld\\n", add(a, b)); }\n',
      { mode: 0o644 },
    );
    chmodSync(join(p.files, 'sub'), 0o755);
    // Root gets a home of its own: in the user's it would take its own from the password database
    // (as above), and its accepted program would land in the real /root/.local/share.
    const rootHome = tempDir('simcoach-root-home-');
    try {
      const own = { HOME: rootHome, ...xdgDirs(rootHome), XDG_STATE_HOME: join(rootHome, 'state') };
      for (const as of ['root', 'user'] as const) {
        const r = await cli(p, as, ['test', 'dots.cpp', '--problem', 'sum.md', '--json'], as === 'root' ? own : {});
        expect(r.stdout === '' ? r.stderr : verdictOf(r.stdout), as).toBe('AC');
        expect(r.stderr, as).not.toMatch(/not using/);
      }
    } finally {
      rmSync(rootHome, { recursive: true, force: true });
    }
  }, 240_000);

  it('leaves the caches 0700: a builds/ made 0755 before is tightened', async () => {
    const cache = join(p.home, 'cache', 'simcoach');
    chmodSync(cache, 0o755);
    chmodSync(join(cache, 'builds'), 0o755);
    await cli(p, 'user', ['test', 'wrong.cpp', '--problem', 'sum.md', '--json'], { SIMCOACH_SANDBOX: 'none' });
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(statSync(join(cache, 'builds')).mode & 0o777).toBe(0o700);
    expect(statSync(join(cache, 'supervisor')).mode & 0o777).toBe(0o700);
  }, 240_000);
});

/** Gives a tree to the test account, as a user's own cache would be. */
function execChownTree(dir: string): void {
  const a = unprivilegedAccount()!;
  chownSync(dir, a.uid, a.gid);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) execChownTree(join(dir, e.name));
    else chownSync(join(dir, e.name), a.uid, a.gid);
  }
}
