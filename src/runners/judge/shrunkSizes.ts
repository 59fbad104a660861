// Both sizes of a shrunk input, for the CLI's line and JSON and the tutor's pane alike.
import { tokenCount } from './shrinkShape.js';

export interface Size {
  tokens: number;
  bytes: number;
}

export const sizeOf = (input: string): Size => ({ tokens: tokenCount(input), bytes: Buffer.byteLength(input) });

export function shrunkSizes(original: string, input: string, tried: number): { from: Size; to: Size; tried: number } {
  return { from: sizeOf(original), to: sizeOf(input), tried };
}

const words = (s: Size): string => `${s.tokens} token${s.tokens === 1 ? '' : 's'}, ${s.bytes} bytes`;

/** `shrunk from 201 tokens, 812 bytes to 3 tokens, 6 bytes in 57 tries`. */
export function shrunkLine(original: string, input: string, tried: number): string {
  const s = shrunkSizes(original, input, tried);
  return `shrunk from ${words(s.from)} to ${words(s.to)} in ${tried} tr${tried === 1 ? 'y' : 'ies'}`;
}
