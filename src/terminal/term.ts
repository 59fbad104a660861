// Colour for plain (non-Ink) output. Kept tiny so `--help` loads nothing else.
const enabled = (stream: NodeJS.WriteStream): boolean =>
  !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') &&
  process.env.TERM !== 'dumb' &&
  (Boolean(stream.isTTY) || ('FORCE_COLOR' in process.env && process.env.FORCE_COLOR !== '0'));

const wrap =
  (open: number, close: number) =>
  (text: string, stream: NodeJS.WriteStream = process.stdout) =>
    enabled(stream) ? `\u001b[${open}m${text}\u001b[${close}m` : text;

export const color = {
  bold: wrap(1, 22),
  dim: wrap(2, 22),
  red: wrap(31, 39),
  green: wrap(32, 39),
  yellow: wrap(33, 39),
  cyan: wrap(36, 39),
};

export const colorEnabled = enabled;

/**
 * Ink decides once, when it is first imported, whether a CI is watching (`CI` or
 * `CONTINUOUS_INTEGRATION` set): then it holds every frame until exit, and a person in a real
 * terminal sees nothing. A terminal on both ends is a person, whatever the environment says, so
 * the variables are cleared for this process before Ink loads; piped output keeps the plain form.
 * Returns whether it cleared them.
 */
export function drawInTerminal(
  env: NodeJS.ProcessEnv = process.env,
  tty = Boolean(process.stdin.isTTY && process.stdout.isTTY),
): boolean {
  if (!tty) return false;
  let cleared = false;
  for (const key of ['CI', 'CONTINUOUS_INTEGRATION']) {
    if (key in env && env[key] !== '0' && env[key] !== 'false') {
      env[key] = '0';
      cleared = true;
    }
  }
  return cleared;
}
