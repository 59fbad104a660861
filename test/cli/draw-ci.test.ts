// Ink's CI mode (CI set) holds every frame until exit: a terminal is drawn on whatever CI says,
// piped output keeps the plain form. The tmux test drives the built app with CI=true.
import { describe, expect, it } from 'vitest';
import { drawInTerminal } from '../../src/terminal/term.js';

describe('drawInTerminal', () => {
  it('clears CI and CONTINUOUS_INTEGRATION for a terminal, so Ink draws', () => {
    const env: NodeJS.ProcessEnv = { CI: 'true', CONTINUOUS_INTEGRATION: '1', PATH: '/bin' };
    expect(drawInTerminal(env, true)).toBe(true);
    expect(env).toEqual({ CI: '0', CONTINUOUS_INTEGRATION: '0', PATH: '/bin' });
  });

  it('leaves a non-terminal alone (the plain form) and an environment with no CI untouched', () => {
    const piped: NodeJS.ProcessEnv = { CI: 'true' };
    expect(drawInTerminal(piped, false)).toBe(false);
    expect(piped.CI).toBe('true');
    const none: NodeJS.ProcessEnv = { CI: 'false' };
    expect(drawInTerminal(none, true)).toBe(false);
    expect(none).toEqual({ CI: 'false' });
  });
});
