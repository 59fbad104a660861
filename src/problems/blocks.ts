// Fenced code blocks and the line just above each: enough of markdown to find samples.

export interface Block {
  /** First word of the info string, lower-cased (`input`, `output`, `cpp`, or ''). */
  info: string;
  /** The block's text, ending with a newline as a test file would. */
  content: string;
  /** 1-based line of the opening fence in the file. */
  line: number;
  /** The nearest non-blank line above the fence, with heading and emphasis marks removed. */
  label: string;
}

const OPEN = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;

/** Strips `#`, emphasis and a trailing colon: `### **Sample Input 1:**` → `Sample Input 1`. */
export function cleanLabel(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/\s*#+$/, '')
    .replace(/[*_`]+/g, '')
    .replace(/[:：]\s*$/, '')
    .trim();
}

/**
 * Every fenced block of `lines` (already LF-split). `firstLine` is the file line of lines[0],
 * so errors can point into the file even after the front matter was cut off.
 */
export function scanBlocks(lines: string[], firstLine: number): Block[] {
  const blocks: Block[] = [];
  let lastText = '';
  let lastTextBeforePrev = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = OPEN.exec(line);
    if (!open) {
      if (line.trim() !== '') {
        lastTextBeforePrev = lastText;
        lastText = line;
      }
      continue;
    }
    const indent = open[1]!.length;
    const fence = open[2]!;
    const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !close.test(lines[j]!); j++) body.push(stripIndent(lines[j]!, indent));
    // Codeforces pages copy a "Copy" button text between the label and the block.
    const label = /^copy$/i.test(cleanLabel(lastText)) ? lastTextBeforePrev : lastText;
    blocks.push({
      info: open[3]!.toLowerCase(),
      content: body.length ? `${body.join('\n')}\n` : '',
      line: firstLine + i,
      label: cleanLabel(label),
    });
    lastText = '';
    lastTextBeforePrev = '';
    i = j;
  }
  return blocks;
}

function stripIndent(line: string, indent: number): string {
  let k = 0;
  while (k < indent && line[k] === ' ') k++;
  return line.slice(k);
}
