// Entry point. Kept to argument dispatch: everything heavy is imported lazily by the command
// that needs it, so `--version` and `--help` cost no more than starting Node.
import { existsSync } from 'node:fs';
import { FLAGS, flagsHelp } from './flags/flagTable.js';
import { commands } from './commands/registry.js';
import { EXIT, UserError, messageOf } from './system/errors.js';
import { drawPickerFrame, takeOver } from './terminal/firstFrame.js';
import { color, drawInTerminal } from './terminal/term.js';

declare const __SIMCOACH_VERSION__: string;

const HELP_FOOTER = `
Exit codes: 0 success, 1 not solved / test failed / check failed, 2 usage error,
            3 model backend failed (server down, model missing), 130 interrupted.
Environment: OLLAMA_HOST, OPENAI_BASE_URL, OPENAI_API_KEY, NO_COLOR, VISUAL/EDITOR,
             XDG_CONFIG_HOME, XDG_DATA_HOME, XDG_CACHE_HOME.`;

/** The flows this build has, with their budget flags: read from the registry, only for --help. */
async function flowsHelp(): Promise<string> {
  const { flowHelp } = await import('./flows/index.js');
  return `Flows (--flow F; the first is the default), with the budget flags of solve --auto and eval:\n${flowHelp()}`;
}

async function help(): Promise<string> {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  const rows = Object.entries(commands).map(([name, c]) => `  ${color.bold(name.padEnd(width))}  ${c.summary}`);
  return [
    `${color.bold('simcoach')} ${__SIMCOACH_VERSION__} — a terminal tutor for competitive programming`,
    '',
    'Usage: simcoach [COMMAND] [ARGS]   (no command opens the tutor)',
    '',
    'Commands:',
    ...rows,
    '',
    '  --help, -h     show this help (or `simcoach COMMAND --help` for one command)',
    '  --version, -v  print the version',
    '',
    'Flags of the tutor (`simcoach` alone); commands that talk to a model take them too:',
    flagsHelp(FLAGS['']),
    HELP_FOOTER,
    '',
    await flowsHelp(),
  ].join('\n');
}

function reportError(err: unknown): number {
  takeOver(false);
  if (err instanceof UserError) {
    process.stderr.write(`${color.red('simcoach:', process.stderr)} ${err.message}\n`);
    if (err.hint) process.stderr.write(`${err.hint}\n`);
    return err.exitCode;
  }
  // Anything unexpected still gets one line; SIMCOACH_DEBUG shows the stack for developers.
  process.stderr.write(`${color.red('simcoach:', process.stderr)} internal error: ${messageOf(err)}\n`);
  if (process.env.SIMCOACH_DEBUG && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  return EXIT.failed;
}

/** Commands that run programs ('' is the tutor): where they need a delegated cgroup they start again in one. */
const RUNS_PROGRAMS = new Set([
  '',
  'solve',
  'practice',
  'test',
  'tests',
  'run',
  'watch',
  'check',
  'stress',
  'eval',
  'demo',
  'doctor',
  'resume',
]);

/** The exit code of this command run again in a systemd scope (src/runners/sandbox/userScope.ts), or null to run it here. */
async function inScope(first: string | undefined, rest: string[]): Promise<number | null> {
  const name = first === undefined || first.startsWith('-') ? '' : first;
  if (!RUNS_PROGRAMS.has(name) || rest.includes('--help') || rest.includes('-h')) return null;
  // Cheap first: only a normal user on cgroup v2 loads the rest.
  if (process.getuid?.() === 0 || process.env.SIMCOACH_SCOPE || !existsSync('/sys/fs/cgroup/cgroup.controllers'))
    return null;
  const { restartInScope } = await import('./runners/sandbox/userScope.js');
  return restartInScope();
}

async function main(argv: string[]): Promise<number> {
  // Before any command can load Ink (each loads it lazily).
  drawInTerminal();
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    process.stdout.write(`${__SIMCOACH_VERSION__}\n`);
    return EXIT.ok;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    process.stdout.write(`${await help()}\n`);
    return EXIT.ok;
  }
  const scoped = await inScope(first, rest);
  if (scoped !== null) return scoped;
  if (first === undefined || first.startsWith('-')) {
    // The picker's frame in plain ANSI while the app's code loads behind it (src/terminal/firstFrame.ts).
    drawPickerFrame(argv.length === 0);
    const app = await import('./commands/shared/app.js');
    return app.run(argv);
  }
  const entry = commands[first];
  if (!entry) {
    const { meanText } = await import('./terminal/suggest.js');
    process.stderr.write(
      `simcoach: unknown command '${first}'${meanText(first, Object.keys(commands))}. See \`simcoach --help\`.\n`,
    );
    return EXIT.usage;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const own = {
      ...FLAGS[first as keyof typeof FLAGS],
      help: { type: 'boolean', short: 'h', doc: 'show this help' },
    } as const;
    // A command's sub-commands (`eval merge`) have tables of their own.
    const subs = Object.entries(FLAGS).filter(([n]) => n.startsWith(`${first} `));
    const flags = `\nFlags:\n${flagsHelp(own)}\n${subs.map(([n, t]) => `\nFlags of ${n}:\n${flagsHelp(t)}\n`).join('')}`;
    process.stdout.write(
      `Usage: simcoach ${entry.usage}\n\n${entry.summary}\n${flags}${entry.flows ? `\n${await flowsHelp()}\n` : ''}`,
    );
    return EXIT.ok;
  }
  const mod = await entry.load();
  return mod.run(rest);
}

// A reader that goes away (`simcoach problems | head`) is not an error worth a word.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw err;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    takeOver(false);
    process.exitCode = code;
  },
  (err: unknown) => {
    process.exitCode = reportError(err);
  },
);
