// `simcoach` (npm start) at a terminal with no model server: the guidance, then one key opens
// the recorded demo, any other key leaves cleanly.
import { describe, expect, it } from 'vitest';
import { onPty } from '../helpers/pty.js';
import { closedPort } from '../helpers/net.js';
import { cliEnv } from './helpers.js';

async function noServerApp() {
  const env = cliEnv({
    OLLAMA_HOST: `http://127.0.0.1:${await closedPort()}`,
    SIMCOACH_PROBE_MS: '3000',
    NO_COLOR: '1',
  });
  const pty = onPty([], env);
  await pty.seen('watch a recorded demo');
  expect(pty.output()).toContain('ollama serve');
  return pty;
}

describe('simcoach with no model server, at a terminal', () => {
  it('offers the demo; d replays a recorded session and q leaves it', async () => {
    const pty = await noServerApp();
    try {
      pty.write('d');
      await pty.seen('scripted demo');
      await pty.seen('step 1/');
      pty.write('q');
      expect(await pty.closed).toBe(0);
      expect(pty.output()).not.toMatch(/at .*\.js:\d+/);
    } finally {
      pty.kill();
    }
  });

  it('any other key exits 0 with the terminal restored', async () => {
    const pty = await noServerApp();
    try {
      pty.write('x');
      expect(await pty.closed).toBe(0);
      expect(pty.output()).not.toContain('scripted demo');
    } finally {
      pty.kill();
    }
  });
});
