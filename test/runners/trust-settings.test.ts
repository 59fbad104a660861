// Root takes nothing that could run code from a place it does not own (issue 47). Under `sudo -E`
// (a user's HOME and XDG dirs kept), that user's config.json said `sandbox: none`, and root's tutor
// ran every program unconfined as uid 0; the same file picked the model server, and their
// templates/solution.EXT became the program's first text. Now another user's config and data dirs
// are not used at all (root's own are, said in one line), and a settings file or a template is read
// only when it and every folder above it are root's or ours and writable by nobody else.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { templateOf } from '../../src/app/ownFile.js';
import { loadSettings } from '../../src/settings/load.js';
import { parseStatement } from '../../src/problems/markdown.js';
import { configDir, dataDir } from '../../src/system/paths.js';
import { refusals } from '../../src/system/trust.js';
import { cli, place, unprivilegedAccount, type Place } from '../helpers/unprivileged.js';
import { testGroup } from '../helpers/groups.js';
import { distrustFile } from '../../src/system/trust.js';
import { tempDir } from '../helpers/tempDir.js';

const root = process.getuid?.() === 0;
const THEIRS = JSON.stringify({ sandbox: 'none', ollamaHost: 'http://127.0.0.1:7' });
const PLANTED = '// planted by another user\nint main() { system("id"); }\n';

/** Files written as `owner` (the test account by default), mode 0644 / 0755 for folders. */
function give(path: string, text: string | null, owner = unprivilegedAccount()!): void {
  if (text === null) mkdirSync(path, { recursive: true, mode: 0o755 });
  else writeFileSync(path, text, { mode: 0o644 });
  chownSync(path, owner.uid, owner.gid);
}

describe.runIf(root)("root with another user's settings", () => {
  let top: string;
  const saved = { ...process.env };
  beforeAll(() => {
    top = tempDir('simcoach-trust-settings-');
    chmodSync(top, 0o755);
  });
  afterEach(() => {
    for (const k of ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'OLLAMA_HOST']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it("under sudo -E uses neither their config dir nor their data dir: root's own, said once each", () => {
    const home = join(top, 'sudo-home');
    give(home, null);
    for (const d of ['config', 'config/simcoach', 'config/simcoach/templates', 'data']) give(join(home, d), null);
    give(join(home, 'config', 'simcoach', 'config.json'), THEIRS);
    give(join(home, 'config', 'simcoach', 'templates', 'solution.cpp'), PLANTED);
    process.env.HOME = home;
    process.env.XDG_CONFIG_HOME = join(home, 'config');
    process.env.XDG_DATA_HOME = join(home, 'data');
    delete process.env.OLLAMA_HOST;
    const own = userInfo().homedir;
    expect(configDir()).toBe(join(own, '.config', 'simcoach'));
    expect(dataDir()).toBe(join(own, '.local', 'share', 'simcoach'));
    const uid = unprivilegedAccount()!.uid;
    const said = refusals().filter((l) => l.includes(home));
    expect(said).toEqual([
      `not using ${home}/config/simcoach for settings (${home} is owned by uid ${uid}, not by root); using ${own}/.config/simcoach`,
      `not using ${home}/data/simcoach for sessions and saved problems (${home} is owned by uid ${uid}, not by root); using ${own}/.local/share/simcoach`,
    ]);
  });

  it('a settings file root does not own is not read at all: no sandbox: none, no model server of theirs', () => {
    const config = join(top, 'root-config');
    mkdirSync(join(config, 'simcoach'), { recursive: true, mode: 0o755 });
    give(join(config, 'simcoach', 'config.json'), THEIRS);
    process.env.XDG_CONFIG_HOME = config;
    delete process.env.OLLAMA_HOST;
    const s = loadSettings();
    expect(s.sandbox).toBe('auto');
    expect(s.ollamaHost).toBe('http://127.0.0.1:11434');
    expect(refusals()).toContain(
      `not using the settings file ${config}/simcoach/config.json (${config}/simcoach/config.json is owned by uid ${unprivilegedAccount()!.uid}, not by root); using the defaults`,
    );
  });

  it('a settings file root owns but others may write is not read; a private one of root is, sandbox: none and all', () => {
    const config = join(top, 'loose-config');
    mkdirSync(join(config, 'simcoach'), { recursive: true, mode: 0o755 });
    const file = join(config, 'simcoach', 'config.json');
    writeFileSync(file, THEIRS);
    chmodSync(file, 0o664);
    // Writable by a group two users are in (root's own group, root alone in it, would be root's).
    const shared = testGroup([unprivilegedAccount()!.name, 'daemon']);
    chownSync(file, 0, shared.gid);
    process.env.XDG_CONFIG_HOME = config;
    try {
      expect(loadSettings().sandbox).toBe('auto');
    } finally {
      shared.drop();
    }
    expect(
      refusals().some((l) =>
        l.startsWith(`not using the settings file ${file} (${file} is writable by its group ${shared.name}, which `),
      ),
    ).toBe(true);
    chmodSync(file, 0o600);
    const s = loadSettings();
    expect(s.sandbox).toBe('none');
    expect(s.ollamaHost).toBe('http://127.0.0.1:7');
  });

  it("a template another user owns is not the program's first text; root's own is", async () => {
    const config = join(top, 'template-config');
    mkdirSync(join(config, 'simcoach', 'templates'), { recursive: true, mode: 0o755 });
    const file = join(config, 'simcoach', 'templates', 'solution.cpp');
    give(file, PLANTED);
    process.env.XDG_CONFIG_HOME = config;
    const text = await templateOf('cpp');
    expect(text).not.toContain('planted');
    expect(refusals()).toContain(
      `not using the template: ${file} is owned by uid ${unprivilegedAccount()!.uid}, not by root`,
    );
    chownSync(file, 0, 0);
    expect(await templateOf('cpp')).toBe(PLANTED);
  });

  it("a problem's checker or interactor another user could have written is not compiled: one line says why", async () => {
    const dir = join(top, 'problem');
    mkdirSync(dir, { mode: 0o755 });
    const md = (key: string): string => `---\ntitle: P\n${key}: judge.cpp\n---\n# P\n`;
    writeFileSync(join(dir, 'judge.cpp'), PLANTED, { mode: 0o644 });
    expect((await parseStatement(join(dir, 'p.md'), md('checker'), 'p')).problem.compare.checker).toBe(
      join(dir, 'judge.cpp'),
    );
    chownSync(join(dir, 'judge.cpp'), unprivilegedAccount()!.uid, 0);
    for (const key of ['checker', 'interactor']) {
      await expect(parseStatement(join(dir, 'p.md'), md(key), 'p')).rejects.toThrow(
        new RegExp(`${key}: not compiled: ${dir}/judge.cpp is owned by uid \\d+, not by root$`),
      );
    }
  });
});

describe.runIf(root)('the built CLI as root under sudo -E', () => {
  let p: Place;
  beforeAll(() => {
    p = place('user');
    const a = unprivilegedAccount()!;
    mkdirSync(join(p.home, 'config', 'simcoach'), { recursive: true });
    writeFileSync(join(p.home, 'config', 'simcoach', 'config.json'), THEIRS);
    for (const d of ['config', 'config/simcoach', 'config/simcoach/config.json'])
      chownSync(join(p.home, d), a.uid, a.gid);
  });
  afterAll(() => p?.cleanup());

  it('takes `sandbox: none` and the model server from their file as the user, never as root', async () => {
    const user = await cli(p, 'user', ['config', 'get', 'sandbox']);
    expect(user.stdout.trim()).toBe('none');
    const asRoot = await cli(p, 'root', ['config', 'get', 'sandbox']);
    expect(asRoot.stdout.trim()).toBe('auto');
    const host = await cli(p, 'root', ['config', 'get', 'ollamaHost']);
    expect(host.stdout.trim()).toBe('http://127.0.0.1:9');
    const said = host.stderr.split('\n').filter((l) => l !== '');
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(
          `^simcoach: not using ${p.home}/config/simcoach for settings \\(.* is owned by uid \\d+, not by root\\); using /.*`,
        ),
      ),
    ]);
  }, 120_000);
});

// Debian's user-private groups: a umask-002 home makes folders 0775 and files 0664, writable by the
// user's own group, which no one else is in. Such settings are the user's; a group others share is not.
describe.runIf(root)('a group-writable home', () => {
  let p: Place;
  const OWN = JSON.stringify({ sandbox: 'none' });
  beforeAll(() => {
    p = place('user');
    const a = unprivilegedAccount()!;
    mkdirSync(join(p.home, 'config', 'simcoach'), { recursive: true });
    writeFileSync(join(p.home, 'config', 'simcoach', 'config.json'), OWN);
    for (const d of ['', 'config', 'config/simcoach', 'config/simcoach/config.json']) {
      chownSync(join(p.home, d), a.uid, a.gid);
      chmodSync(join(p.home, d), d.endsWith('.json') ? 0o664 : 0o775);
    }
  });
  afterAll(() => p?.cleanup());

  it("the user's private group (their own, no one else in it): their settings are read", async () => {
    const r = await cli(p, 'user', ['config', 'get', 'sandbox']);
    expect(r.stdout.trim()).toBe('none');
    expect(r.stderr).toBe('');
  }, 120_000);

  it('a group another user is in too: not read, and one line names the folder and who else is in its group', async () => {
    const shared = testGroup([unprivilegedAccount()!.name, 'daemon']);
    try {
      chownSync(join(p.home, 'config', 'simcoach'), unprivilegedAccount()!.uid, shared.gid);
      const r = await cli(p, 'user', ['config', 'get', 'sandbox']);
      expect(r.stdout.trim()).toBe('auto');
      const said = r.stderr.split('\n').filter(Boolean);
      expect(said).toEqual([
        expect.stringContaining(
          `${p.home}/config/simcoach is writable by its group ${shared.name}, which daemon is in too`,
        ),
      ]);
    } finally {
      chownSync(join(p.home, 'config', 'simcoach'), unprivilegedAccount()!.uid, unprivilegedAccount()!.gid);
      shared.drop();
    }
  }, 120_000);

  it('as root: a file of root writable by a group no one is in is trusted; by one two users share, refused', () => {
    const file = join(p.files, 'root-file');
    writeFileSync(file, 'x', { mode: 0o664 });
    chmodSync(file, 0o664);
    const empty = testGroup([]);
    const shared = testGroup([unprivilegedAccount()!.name, 'daemon']);
    try {
      chownSync(file, 0, empty.gid);
      expect(distrustFile(file)).toBeNull();
      chownSync(file, 0, shared.gid);
      expect(distrustFile(file)).toBe(
        `${file} is writable by its group ${shared.name}, which ${unprivilegedAccount()!.name}, daemon are in too`,
      );
    } finally {
      empty.drop();
      shared.drop();
    }
  });
});
