import { describe, expect, it, vi } from 'vitest';
import { createServer, request, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startListener } from '../../src/problems/listener.js';
import { tempDir } from '../helpers/tempDir.js';

const dir = tempDir('simcoach-listener-');

describe('the listener when IPv6 loopback cannot be had', () => {
  it('says so and goes on over IPv4', async () => {
    const warnings: string[] = [];
    const logs: string[] = [];
    // Hold [::1] on some port so only the IPv6 half of the listener fails there. That port was free
    // for IPv6 only: another process may hold it on 127.0.0.1, which is the machine's, not the
    // listener's fault (a CI run once had it so), so another port is taken then.
    const { blocker, listener } = await (async () => {
      for (let attempt = 1; ; attempt++) {
        const held = createServer();
        const v6 = await new Promise<number | undefined>((res) => {
          held.once('error', () => res(undefined));
          held.listen({ host: '::1', port: 0, ipv6Only: true }, () => res((held.address() as AddressInfo).port));
        });
        try {
          const l = await startListener({
            port: v6 ?? 0,
            dir,
            log: (x) => logs.push(x),
            warn: (x) => warnings.push(x),
          });
          return { blocker: held, listener: l };
        } catch (e) {
          held.close();
          if (attempt === 5 || !/already in use/.test(String(e))) throw e;
          warnings.length = 0;
        }
      }
    })();
    try {
      expect(listener.addresses).toEqual([`127.0.0.1:${listener.port}`]);
      expect(warnings[0]).toMatch(
        new RegExp(`^IPv6 loopback \\[::1\\]:${listener.port} is unavailable \\(E[A-Z]+\\); listening on IPv4 only$`),
      );
      const res = await fetch(`http://127.0.0.1:${listener.port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Still works', tests: [{ input: '1\n', output: '1\n' }] }),
      });
      expect(res.status).toBe(200);
    } finally {
      await listener.close();
      blocker.close();
    }
    expect(logs).toEqual([expect.stringMatching(/^saved Still works \(1 sample\) → .*still-works\.md$/)]);
  });
});

describe('the listener bounds what it buffers', () => {
  /** A POST whose body is written by `send`; resolves with the status the listener answered. */
  function post(
    port: number,
    headers: Record<string, string | number>,
    send: (req: ClientRequest) => void,
  ): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/',
          headers: { 'content-type': 'application/json', ...headers },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      // The listener may close the connection while the rest of a refused body is on its way.
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      send(req);
    });
  }

  it('answers 413 to a body over the limit, whether declared or streamed, and still takes good ones', async () => {
    const warnings: string[] = [];
    const listener = await startListener({
      port: 0,
      dir,
      log: () => {},
      warn: (l) => warnings.push(l),
      maxBody: 1 << 20,
    });
    try {
      // Declared too big: refused before a byte of it is read.
      expect(await post(listener.port, { 'content-length': 100 << 20 }, (req) => req.flushHeaders())).toBe(413);
      // Chunked, no length: refused once it passes the limit.
      const status = await post(listener.port, { 'transfer-encoding': 'chunked' }, (req) => {
        const piece = Buffer.alloc(64 << 10, 0x20);
        const pump = (): void => {
          while (!req.destroyed && req.write(piece));
          if (!req.destroyed) req.once('drain', pump);
        };
        pump();
      });
      expect(status).toBe(413);
      expect(warnings).toEqual([
        `refused a body over 1 MiB from 127.0.0.1`,
        `refused a body over 1 MiB from 127.0.0.1`,
      ]);
      expect(listener.buffered()).toBe(0);
      const ok = await fetch(`http://127.0.0.1:${listener.port}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Small', tests: [] }),
      });
      expect(ok.status).toBe(200);
    } finally {
      await listener.close();
    }
  });

  it('caps what concurrent requests hold together: past it a request is answered 503', async () => {
    const warnings: string[] = [];
    const listener = await startListener({
      port: 0,
      dir,
      log: () => {},
      warn: (l) => warnings.push(l),
      maxBody: 1 << 20,
      maxBuffered: 2 << 20,
    });
    const open: ClientRequest[] = [];
    try {
      const part = Buffer.alloc(900 << 10, 0x20);
      // Two slow senders each hold 900 KiB, under their own limit, and do not finish.
      for (let i = 0; i < 2; i++) {
        void post(listener.port, { 'transfer-encoding': 'chunked' }, (req) => {
          open.push(req);
          req.write(part);
        }).catch(() => {});
      }
      await vi.waitFor(() => expect(listener.buffered()).toBe(2 * part.length), { timeout: 10_000 });
      // A third would take the total past 2 MiB.
      expect(await post(listener.port, { 'transfer-encoding': 'chunked' }, (req) => req.write(part))).toBe(503);
      expect(warnings).toEqual(['refused a request from 127.0.0.1: requests in flight hold 2 MiB already']);
      expect(listener.buffered()).toBe(2 * part.length);
      // Senders that hang up give their share back.
      for (const r of open) r.destroy();
      await vi.waitFor(() => expect(listener.buffered()).toBe(0), { timeout: 10_000 });
    } finally {
      for (const r of open) r.destroy();
      await listener.close();
    }
  });
});
