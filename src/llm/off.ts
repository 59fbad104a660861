// The model switched off, for a contest: a backend that sends nothing and says why, and the check
// every backend factory makes first. The switch is a file holding the contest's end time
// (paths.ts contestLockFile), so `check`, `similar` or a second tutor started during the contest
// are off too, not only the contest's own screen; it lapses by itself when the clock ends.
import { readFileSync } from 'node:fs';
import { contestLockFile } from '../system/paths.js';
import { LlmError } from './errors.js';
import type { Backend } from './types.js';

/** Why the model is off now (one line), or undefined when it is on. */
export function modelOffNow(now = Date.now()): string | undefined {
  let text: string;
  try {
    text = readFileSync(contestLockFile(), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const lock = JSON.parse(text) as { id?: unknown; end?: unknown };
    if (typeof lock.end !== 'number' || now >= lock.end) return undefined;
    return `model off: contest ${typeof lock.id === 'string' ? lock.id : ''} runs until ${new Date(lock.end).toISOString().slice(11, 16)} UTC`.replace(
      '  ',
      ' ',
    );
  } catch {
    // A torn lock still means a contest was started: off rather than a leak.
    return 'model off: a contest runs';
  }
}

/** A backend that refuses every call before anything leaves the process. */
export function offBackend(why: string): Backend {
  const refuse = (): Promise<never> =>
    Promise.reject(
      new LlmError('model-off', why, { hint: 'the model comes back when the contest ends (`simcoach contest --end`)' }),
    );
  return {
    kind: 'off',
    where: 'nowhere (model off)',
    chat: refuse,
    list: refuse,
    show: refuse,
    pull: refuse,
    embed: refuse,
  };
}
