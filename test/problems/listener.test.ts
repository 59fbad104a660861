import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startListener } from '../../src/problems/listener.js';

const dir = mkdtempSync(join(tmpdir(), 'simcoach-listener-'));

describe('the listener when IPv6 loopback cannot be had', () => {
  it('says so and goes on over IPv4', async () => {
    // Hold [::1] on some port so only the IPv6 half of the listener fails there.
    const blocker = createServer();
    const v6 = await new Promise<number | undefined>((res) => {
      blocker.once('error', () => res(undefined));
      blocker.listen({ host: '::1', port: 0, ipv6Only: true }, () => res((blocker.address() as AddressInfo).port));
    });
    const warnings: string[] = [];
    const logs: string[] = [];
    const listener = await startListener({ port: v6 ?? 0, dir, log: (l) => logs.push(l), warn: (l) => warnings.push(l) });
    try {
      expect(listener.addresses).toEqual([`127.0.0.1:${listener.port}`]);
      expect(warnings[0]).toMatch(new RegExp(`^IPv6 loopback \\[::1\\]:${listener.port} is unavailable \\(E[A-Z]+\\); listening on IPv4 only$`));
      const res = await fetch(`http://127.0.0.1:${listener.port}/`, {
        method: 'POST',
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
