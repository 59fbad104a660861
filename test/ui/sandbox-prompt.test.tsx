// No bubblewrap here (SIMCOACH_BWRAP names a file that is not there, as degrade.test.ts does): the
// tutor says what is missing and how to install it, offers `none` with its risks, asks once and
// keeps the answer in the settings; quitting runs nothing and keeps nothing.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsPath } from '../../src/settings/load.js';
import { isolation } from '../../src/runners/sandbox/capabilities.js';
import { appSuite } from './helpers.js';

const PLAN = `## Understanding\nAdd two numbers.\n\n## Plan\n1. Read a and b.\n2. Print a + b.`;
const saved = (): Record<string, unknown> =>
  existsSync(settingsPath()) ? (JSON.parse(readFileSync(settingsPath(), 'utf8')) as Record<string, unknown>) : {};

const ui = appSuite();
beforeEach(() => {
  process.env.SIMCOACH_BWRAP = '/nonexistent/bwrap';
  delete process.env.SIMCOACH_SANDBOX;
});
afterEach(() => {
  delete process.env.SIMCOACH_BWRAP;
  delete process.env.SIMCOACH_SANDBOX;
});

describe('the tutor without bubblewrap', () => {
  it('q quits before any model step, runs nothing and keeps nothing', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, ui.sumTwo);
    const ask = await app.until('run with none, remember');
    expect(ask).toContain('No sandbox for your programs');
    await app.press('q');
    expect(await app.exit).toBe(1);
    expect(server.chatBodies()).toHaveLength(0);
    expect(saved().sandbox).toBeUndefined();
    expect(process.env.SIMCOACH_SANDBOX).toBeUndefined();
    expect((await isolation()).refused).toMatch(/^no sandbox: /);
  });

  it('a settings file that cannot be written: one line says so, nothing runs, and the question stays', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, ui.sumTwo);
    await app.until('run with none, remember');
    // The settings file turns into a directory behind the app's back: keeping the answer fails.
    rmSync(settingsPath(), { force: true });
    mkdirSync(settingsPath(), { recursive: true });
    try {
      await app.press('n');
      const f = await app.until('could not keep the choice');
      expect(f).toContain('run with none, remember');
      expect(f).not.toMatch(/\n\s+at /);
      expect(server.chatBodies()).toHaveLength(0);
      expect(process.env.SIMCOACH_SANDBOX).toBeUndefined();
    } finally {
      rmSync(settingsPath(), { recursive: true, force: true });
    }
  });

  it('says what is missing, how to install it and the risks; n keeps `none` and the session starts; the next tutor does not ask', async () => {
    const server = await ui.model({ plan: PLAN });
    const app = await ui.start(server, ui.sumTwo);
    const ask = (await app.until('run with none, remember')).replace(/\s+/g, ' ');
    expect(ask).toContain('/nonexistent/bwrap does not start a sandbox here');
    expect(ask).toMatch(/Debian\/Ubuntu: (sudo )?apt install bubblewrap/);
    expect(ask).toMatch(/Fedora: (sudo )?dnf install bubblewrap/);
    expect(ask).toMatch(/Arch: (sudo )?pacman -S bubblewrap/);
    expect(ask).toMatch(/Programs run as you .* read, change and delete your files/);
    expect(ask).toContain('reach the network');
    expect(ask).toContain('`simcoach test` and `--auto` still refuse unless SIMCOACH_SANDBOX=none is set');
    expect(ask).toContain('q quit');
    expect(server.chatBodies()).toHaveLength(0);
    await app.press('n');
    await app.until(/▸ 1 Plan\s+your decision/);
    expect(saved().sandbox).toBe('none');
    // The judge of this tutor now runs at the accepted level.
    expect(process.env.SIMCOACH_SANDBOX).toBe('none');
    expect((await isolation()).refused).toBeNull();
    app.unmount();

    // A new tutor (a new process would start without the variable): straight to the plan.
    delete process.env.SIMCOACH_SANDBOX;
    const again = await ui.start(server, ui.sumTwo);
    await again.until(/▸ 1 Plan\s+your decision/);
    expect(again.all()).not.toContain('No sandbox for your programs');
    expect(process.env.SIMCOACH_SANDBOX).toBe('none');
  });
});
