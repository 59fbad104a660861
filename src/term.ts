// Colour for plain (non-Ink) output. Kept tiny so `--help` loads nothing else.
const enabled = (stream: NodeJS.WriteStream): boolean =>
  !('NO_COLOR' in process.env && process.env.NO_COLOR !== '') &&
  process.env.TERM !== 'dumb' &&
  (Boolean(stream.isTTY) || ('FORCE_COLOR' in process.env && process.env.FORCE_COLOR !== '0'));

const wrap = (open: number, close: number) => (text: string, stream: NodeJS.WriteStream = process.stdout) =>
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
