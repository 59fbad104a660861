// Issue 47: on cgroup v2 a user whose own cgroup is not delegated starts again in a scope systemd-run
// delegates (src/runners/sandbox/userScope.ts), and doctor names the accounting path in use. The scope itself
// is shown in the VM (test/vm: the "user v2 scope" column); here, the decision and doctor's words.
import { describe, expect, it } from 'vitest';
import { accountingCheck, accountingName } from '../../src/commands/shared/doctorAccounting.js';
import { scopeDecision, scopeFacts, type ScopeFacts } from '../../src/runners/sandbox/userScope.js';

const undelegated: ScopeFacts = {
  root: false,
  off: false,
  v2: true,
  undelegated: '/sys/fs/cgroup/user.slice/user-1000.slice/session-3.scope is not delegated to you',
  systemdRun: '/usr/bin/systemd-run',
  userManager: true,
};

describe('whether simcoach starts again in a systemd scope', () => {
  it('a user on cgroup v2 whose cgroup is not delegated, with systemd-run and a user manager: yes', () => {
    expect(scopeDecision(undelegated)).toEqual({ restart: true });
  });

  it('root, cgroup v1, SIMCOACH_CGROUPS=0 or already in its scope, or a delegated cgroup: no, and nothing is missing', () => {
    for (const f of [{ root: true }, { v2: false }, { off: true }, { undelegated: null }]) {
      expect(scopeDecision({ ...undelegated, ...f })).toEqual({ restart: false, why: null });
    }
  });

  it('no systemd-run, or no user manager: no, and why (for doctor)', () => {
    expect(scopeDecision({ ...undelegated, systemdRun: null })).toEqual({
      restart: false,
      why: 'no systemd-run here to ask for a delegated scope',
    });
    expect(scopeDecision({ ...undelegated, userManager: false })).toEqual({
      restart: false,
      why: expect.stringMatching(/no systemd user manager/),
    });
  });

  it('started again (SIMCOACH_SCOPE=1) it never starts again, and nothing past that is read', async () => {
    expect(await scopeFacts({ SIMCOACH_SCOPE: '1' })).toMatchObject({ off: true, undelegated: null, systemdRun: null });
  });
});

describe("doctor's accounting line", () => {
  it('names each path', () => {
    expect(accountingName({ version: 1, controllers: ['memory'] })).toBe('cgroup v1');
    for (const [kind, name] of [
      ['root', 'cgroup v2 as root'],
      ['delegated', 'cgroup v2, delegated'],
      ['scope', 'cgroup v2 via a systemd-run scope'],
    ] as const) {
      expect(accountingName({ version: 2, kind, parent: '/x', peak: true })).toBe(name);
    }
    expect(accountingName(null)).toBe('launcher sampling');
  });

  it('says what the launcher cannot see, and why no cgroup and no scope', () => {
    const c = accountingCheck(null, [
      'session-3.scope is not delegated to you',
      'no systemd user manager of yours is running',
    ]);
    expect(c.detail).toMatch(
      /^launcher sampling \(session-3\.scope is not delegated to you; no systemd user manager of yours is running\); cannot see: kernel memory \(pipe buffers/,
    );
    expect(accountingCheck({ version: 2, kind: 'scope', parent: '/x', peak: true }, []).detail).toMatch(
      /^cgroup v2 via a systemd-run scope; cannot see: /,
    );
  });
});
