// Real headless Chromium (Debian's `chromium`, which .ci/run installs) for the tests that open a
// page simcoach wrote: a fresh profile each time, its stdout (the DOM with --dump-dom) returned.
import { execFile } from 'node:child_process';
import { tempDir } from './tempDir.js';

export function chromium(args: string[]): Promise<string> {
  const profile = tempDir('sc-chromium-');
  return new Promise((res, rej) =>
    execFile(
      'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        `--user-data-dir=${profile}`,
        '--hide-scrollbars',
        ...args,
      ],
      { timeout: 60_000, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => (err ? rej(new Error(`chromium failed: ${err.message}\n${stderr}`)) : res(stdout)),
    ),
  );
}

/** An attribute of a tag in the dumped DOM, its quotes unescaped. */
export const attr = (tag: string, name: string): string | undefined =>
  new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&quot;/g, '"');
