// The listener takes problems only from the person it runs for (issue 33): the peer of a loopback
// connection is known by its uid (/proc/net/tcp{,6}, as identd does). As root: the test account's
// POST is refused with 403 and one log line, root's own is saved. As the test account (its own
// `simcoach listen`): its POST is saved, root's is refused.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startListener } from '../../src/problems/listener.js';
import { peerUid } from '../../src/problems/peerUid.js';
import { place, unprivilegedAccount } from '../helpers/unprivileged.js';
import { tempDir } from '../helpers/tempDir.js';

const root = process.getuid?.() === 0;
const dir = tempDir('simcoach-peer-');

const body = (name: string) => JSON.stringify({ name, tests: [{ input: '1\n', output: '1\n' }] });

/** POSTs a problem as the test account (setpriv, then node's fetch); resolves with the status. */
function postAsUser(url: string, name: string): Promise<number> {
  const a = unprivilegedAccount()!;
  const script = `fetch(${JSON.stringify(url)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(body(name))} }).then((r) => console.log(r.status), (e) => console.log('error', e.message))`;
  // Not spawnSync: the listener under test answers from this very event loop.
  return new Promise((resolve) => {
    execFile(
      'setpriv',
      [`--reuid=${a.uid}`, `--regid=${a.gid}`, '--init-groups', '--', process.execPath, '-e', script],
      { encoding: 'utf8', cwd: '/', timeout: 60_000 },
      (_err, stdout) => resolve(Number(stdout.trim())),
    );
  });
}

async function post(url: string, name: string): Promise<number> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(name) });
  return r.status;
}

describe('who is at the other end', () => {
  it('finds our own uid for a connection we made, on IPv4 and IPv6', async () => {
    const warnings: string[] = [];
    const listener = await startListener({ port: 0, dir, log: () => {}, warn: (l) => warnings.push(l) });
    try {
      expect(await post(`http://127.0.0.1:${listener.port}/`, 'Mine four')).toBe(200);
      if (listener.addresses.length > 1) expect(await post(`http://[::1]:${listener.port}/`, 'Mine six')).toBe(200);
    } finally {
      await listener.close();
    }
    expect(warnings).toEqual([]);
  });

  it('says it cannot tell (undefined) where there is no table, and null for a socket no one holds', async () => {
    const ends = { localAddress: '127.0.0.1', localPort: 1, remoteAddress: '127.0.0.1', remotePort: 2 };
    expect(await peerUid(ends, ['/nonexistent/tcp'])).toBeUndefined();
    expect(await peerUid(ends)).toBeNull();
  });
});

describe.runIf(root)('as root', () => {
  it("refuses the test account's POST with 403 and one log line, and saves root's own", async () => {
    const warnings: string[] = [];
    const logs: string[] = [];
    const listener = await startListener({ port: 0, dir, log: (l) => logs.push(l), warn: (l) => warnings.push(l) });
    const a = unprivilegedAccount()!;
    try {
      expect(await postAsUser(`http://127.0.0.1:${listener.port}/`, 'Planted')).toBe(403);
      if (listener.addresses.length > 1)
        expect(await postAsUser(`http://[::1]:${listener.port}/`, 'Planted six')).toBe(403);
      expect(await post(`http://127.0.0.1:${listener.port}/`, 'Roots own')).toBe(200);
    } finally {
      await listener.close();
    }
    expect(warnings).toHaveLength(listener.addresses.length);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^refused a request from uid ${a.uid} \\(127\\.0\\.0\\.1 port \\d+\\): this listener takes problems from uid 0 only$`,
      ),
    );
    expect(existsSync(join(dir, 'planted.md'))).toBe(false);
    expect(existsSync(join(dir, 'roots-own.md'))).toBe(true);
    expect(logs).toEqual([expect.stringMatching(/^saved Roots own/)]);
  });

  it("as the test account: its own listener saves its POST and refuses root's", async () => {
    const a = unprivilegedAccount()!;
    const p = place('user');
    const out = join(p.files, 'problems');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(out);
    chownSync(out, a.uid, a.gid);
    chmodSync(out, 0o755);
    const child = spawn(
      'setpriv',
      [
        `--reuid=${a.uid}`,
        `--regid=${a.gid}`,
        '--init-groups',
        '--',
        process.execPath,
        join(p.install, 'dist', 'cli.js'),
        'listen',
        '--port',
        '0',
        '--dir',
        out,
        '--no-file',
      ],
      {
        cwd: p.files,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: p.home,
          NO_COLOR: '1',
          XDG_CACHE_HOME: join(p.home, 'cache'),
          XDG_DATA_HOME: join(p.home, 'data'),
          XDG_CONFIG_HOME: join(p.home, 'config'),
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const port = await new Promise<number>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          stdout += c.toString();
          const m = /listening for Competitive Companion on 127\.0\.0\.1:(\d+)/.exec(stdout);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', () => reject(new Error(`listen ended: ${stderr}`)));
      });
      expect(await postAsUser(`http://127.0.0.1:${port}/`, 'Users own')).toBe(200);
      expect(await post(`http://127.0.0.1:${port}/`, 'From root')).toBe(403);
      await new Promise<void>((resolve) => {
        const check = () => (/saved Users own/.test(stdout) ? resolve() : child.stdout.once('data', check));
        check();
      });
    } finally {
      child.kill('SIGINT');
      await new Promise((r) => child.once('exit', r));
    }
    expect(readdirSync(out)).toEqual(['users-own.md']);
    expect(stderr).toMatch(
      /refused a request from uid 0 \(127\.0\.0\.1 port \d+\): this listener takes problems from uid \d+ only/,
    );
    p.cleanup();
  });
});
