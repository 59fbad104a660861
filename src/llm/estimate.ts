import type { ChatMessage } from './types.js';

/**
 * Prompt tokens estimated from characters (about four a token for English and code, plus a few
 * for each message's role markers), for servers that do not report the prompt's full size.
 */
export function estimateTokens(messages: readonly ChatMessage[]): number {
  let chars = 0;
  for (const m of messages) chars += m.content.length;
  return Math.ceil(chars / 4) + 4 * messages.length;
}
