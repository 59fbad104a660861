// Fenced blocks of a markdown answer, read line by line.

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
