// `y`: the program to the clipboard of the person's own terminal through OSC 52, which works over
// ssh and needs no clipboard tool on this machine. The terminal does the copying; we only write
// the escape sequence to it.
//
// Inside tmux an application's OSC 52 reaches the outer terminal one of two ways: tmux takes the
// plain sequence itself when `set-clipboard on` (it keeps a paste buffer and forwards it to the
// outer terminal), or a sequence wrapped in tmux's DCS passthrough is handed on untouched when
// `allow-passthrough on` (off by default since tmux 3.3, and the plain one is ignored when
// set-clipboard is `external`, the default). Which of the two a person has set is theirs, so under
// $TMUX both are written: each setting takes the one meant for it and drops the other.

/**
 * Terminals drop longer sequences (hterm and the Chromium OS `osc52.sh` stop at 100,000 bytes of
 * sequence; xterm, tmux and others accept at least that), so text whose sequence would be longer
 * is not sent at all: a cut program in the clipboard would be worse than none.
 */
export const OSC52_MAX_SEQUENCE = 100_000;

const ESC = '\u001b';
const ST = `${ESC}\\`;

/** `ESC ] 52 ; c ; base64 ST`: set the clipboard (`c`) to the text. */
export function osc52(text: string): string {
  return `${ESC}]52;c;${Buffer.from(text, 'utf8').toString('base64')}${ST}`;
}

/** A sequence for the terminal outside tmux: DCS `tmux;`, the sequence with every ESC doubled, ST. */
export function tmuxPassthrough(seq: string): string {
  return `${ESC}Ptmux;${seq.replaceAll(ESC, ESC + ESC)}${ST}`;
}

export type CopyBytes = { ok: true; bytes: string; lines: number } | { ok: false; message: string };

const lineCount = (text: string): number => (text === '' ? 0 : text.replace(/\n$/, '').split('\n').length);

/** What to write to the terminal to copy `text`, or why it is not copied (too long). */
export function copySequence(text: string, o: { tmux: boolean; max?: number }): CopyBytes {
  const plain = osc52(text);
  const max = o.max ?? OSC52_MAX_SEQUENCE;
  if (plain.length > max) {
    const kb = (n: number): string => `${Math.round(n / 1000)} kB`;
    return {
      ok: false,
      message: `not copied: ${kb(Buffer.byteLength(text))} is more than a terminal takes through OSC 52 (about ${kb((max * 3) / 4)}); w writes it to a file`,
    };
  }
  return { ok: true, bytes: o.tmux ? plain + tmuxPassthrough(plain) : plain, lines: lineCount(text) };
}

/** The terminal the app draws on, as far as copying needs it. */
export interface TerminalOut {
  isTTY?: boolean;
  write(s: string): unknown;
}

/** Copies through the terminal; one line for the status bar either way. */
export function copyToTerminal(
  text: string,
  out: TerminalOut,
  env: NodeJS.ProcessEnv,
): { ok: true; lines: number } | { ok: false; message: string } {
  if (!out.isTTY)
    return { ok: false, message: 'not copied: the output is not a terminal (w writes the program to a file)' };
  const seq = copySequence(text, { tmux: Boolean(env.TMUX) });
  if (!seq.ok) return seq;
  out.write(seq.bytes);
  return { ok: true, lines: seq.lines };
}
