// `simcoach` with no command (`npm start`): check the model server quickly; with none there,
// say what to do and exit cleanly (0, so npm adds no error noise); with one, open the tutor.
import { parse } from '../../flags/args.js';
import type { SettingFlags, Settings } from '../../settings/load.js';
import { EXIT } from '../../system/errors.js';
import { takeOver } from '../../terminal/firstFrame.js';
import { probeBackend, probeTimeoutMs, type ProbeResult } from '../../llm/probe.js';
import { settingsOf } from './settings.js';
import { color } from '../../terminal/term.js';

/** How long the first check may take before we call the server absent. */
const PROBE_MS = 1500;

export async function run(argv: string[]): Promise<number> {
  const { values } = parse(argv, '');
  // The settings the last start resolved from the same file, environment and flags, else
  // resolved (and validated) now: the validator loads only then.
  const settings = await settingsOf(values);
  // In a terminal the screens load while the server is asked, so the first frame waits for one, not both.
  const tty = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const screens = tty ? import('../../launch/launch.js') : undefined;
  screens?.catch(() => undefined);
  const probe = await probeBackend(settings, { timeoutMs: probeTimeoutMs(PROBE_MS) });
  if (!probe.ok || !probe.modelPresent) {
    const { formatGuidance, guidanceFor } = await import('../../llm/guidance.js');
    takeOver(false);
    process.stdout.write(
      formatGuidance(
        guidanceFor(settings, probe.error),
        { bold: (t) => color.bold(t), dim: (t) => color.dim(t) },
        process.stdout.isTTY ? process.stdout.columns : undefined,
      ),
    );
    return tty ? offerDemo() : EXIT.ok;
  }
  return openTutor(settings, probe, values, screens);
}

/**
 * With no model to talk to, a person at a terminal can still see what the tutor does: one key
 * opens a recorded session; any other key leaves, as the guidance alone would.
 */
async function offerDemo(): Promise<number> {
  process.stdout.write(`\n${color.bold('d')} watch a recorded demo session now · any other key quits\n`);
  const key = await readKey(process.stdin);
  if (key !== 'd' && key !== 'D') return EXIT.ok;
  const demo = await import('../demo.js');
  return demo.run([]);
}

/** One keypress in raw mode; the terminal is left as it was found. */
function readKey(stdin: NodeJS.ReadStream): Promise<string> {
  return new Promise((resolve) => {
    const wasRaw = stdin.isRaw;
    stdin.setRawMode(true);
    stdin.resume();
    stdin.once('data', (data: Buffer) => {
      stdin.setRawMode(wasRaw);
      stdin.pause();
      resolve(data.toString('utf8'));
    });
  });
}

/**
 * The tutor's entry. In a terminal it opens the app (problem picker, then the solve screen);
 * piped, there is nothing to draw on, so it says what is there and which commands to use.
 */
async function openTutor(
  settings: Settings,
  probe: ProbeResult,
  flags: SettingFlags,
  screens?: Promise<typeof import('../../launch/launch.js')>,
): Promise<number> {
  if (screens) {
    const { launchApp } = await screens;
    return launchApp({ settings, flags, probe });
  }
  const { commands } = await import('../registry.js');
  const version = probe.version ? ` ${probe.version}` : '';
  process.stdout.write(
    `${color.green('✓')} ${settings.backend === 'ollama' ? 'Ollama' : 'server'}${version} at ${probe.where} has ${settings.model}.\n\n` +
      `Commands:\n${Object.entries(commands)
        .map(([name, c]) => `  simcoach ${name.padEnd(9)} ${c.summary}`)
        .join('\n')}\n`,
  );
  return EXIT.ok;
}
