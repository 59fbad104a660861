// What an agent and the engine both read in a model's answer: its fenced blocks and its
// reasoning sections. A leaf below both: agents/shared/code.ts takes the program from a fence,
// engine/propose.ts asks which fence held it (a tag that names another language).

/**
 * Reasoning models wrap their thoughts in <think>…</think>; an unclosed one (the answer was cut
 * off, or the template opened it for the model) swallows everything after it.
 */
export function stripThink(text: string): string {
  let out = text.replace(/<think(?:ing)?>[\s\S]*?<\/think(?:ing)?>/gi, '');
  // A template may open the tag in the prompt so the answer holds only the closing tag.
  const close = /<\/think(?:ing)?>/i.exec(out);
  if (close) out = out.slice(close.index + close[0].length);
  const open = /<think(?:ing)?>/i.exec(out);
  if (open) out = out.slice(0, open.index);
  return out.trim();
}

export interface Fence {
  /** The info string's first word, lower-cased ("" when the fence has none). */
  tag: string;
  body: string;
  /** False when the answer ended before the closing fence (a cut-off answer). */
  closed: boolean;
}

const OPEN = /^[ \t]*(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/;
const CLOSE = /^[ \t]*(`{3,}|~{3,})[ \t]*$/;

/**
 * Every fenced block, read line by line. The fence's body is exactly the lines between the
 * fences (the capture, nothing more), so a `cpp` tag never leaks into the code and a closing
 * fence glued to the last line ("print(x)```") ends the block without repeating a character.
 */
export function fences(text: string): Fence[] {
  const out: Fence[] = [];
  let open: { mark: string; tag: string; lines: string[] } | undefined;
  const end = (closed: boolean): void => {
    if (open) out.push({ tag: open.tag, body: open.lines.join('\n'), closed });
    open = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    if (!open) {
      const m = OPEN.exec(line);
      if (m) open = { mark: m[1]!, tag: (m[2] ?? '').toLowerCase(), lines: [] };
      continue;
    }
    const c = CLOSE.exec(line);
    const glued = line.endsWith(open.mark) ? line.slice(0, -open.mark.length) : undefined;
    if (c && c[1]![0] === open.mark[0] && c[1]!.length >= open.mark.length) end(true);
    else if (glued !== undefined && glued.trim() !== '' && !glued.includes(open.mark[0]!.repeat(3))) {
      open.lines.push(glued.replace(/\s+$/, ''));
      end(true);
    } else open.lines.push(line);
  }
  end(false);
  return out;
}

/** The info string of the fence that holds `source` in the answer (as extractCode took it), if any. */
export function fenceTagOf(text: string, source: string): string | undefined {
  const want = source.trim();
  return fences(stripThink(text)).findLast((f) => f.body.trim() === want)?.tag || undefined;
}
