// The markdown a model writes when it was asked for YAML or JSON: headings and bold labels for
// keys, bullet lists for lists, numbered sub-headings ("### Solution 1: Greedy", "**Test 2**")
// for a list of objects. Read into the same shape a YAML answer parses to, so a stage's reader
// takes it before the engine spends a repair request on it.

interface Node {
  name: string;
  /**
   * Depth: 1-6 for #…######, 6 also for a bold label alone on its line ("**Solution 1**"), 7 for
   * a bold label with its value, 8 for one in a bullet, 9 for a plain "Label: value" line, 10 for
   * one in a bullet (so "reflection:" holds the "- goal: …" bullets under it).
   */
  level: number;
  lines: string[];
  children: Node[];
}

const FENCE = /^\s*(`{3,}|~{3,})/;

/** Keys as YAML readers look them up: lower case, words joined by `_`. */
const keyName = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

/** The label a line opens, if it opens one: a heading, a bold label, or a short "Label: value". */
function labelOf(line: string): { name: string; level: number; rest: string } | undefined {
  const h = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
  if (h) {
    const [name, rest] = splitColon(h[2]!.replace(/\*\*|__/g, ''));
    return { name, level: h[1]!.length, rest };
  }
  // "**Idea:** text", "**Idea**: text", "- **Idea:** text", "**Solution 1**"
  const b = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)([^*_\n]{1,60}?)(?:\*\*|__)\s*:?\s*(.*)$/.exec(line);
  if (b) {
    const inner = b[1]!.trim();
    const [name, restIn] = inner.endsWith(':') ? [inner.slice(0, -1), ''] : splitColon(inner);
    const rest = [restIn, b[2]!.replace(/^:\s*/, '')].filter(Boolean).join(' ').trim();
    const alone = rest === '' && !inner.endsWith(':') && !/^\s*\S+\s*:/.test(b[2] ?? '') && !/:\s*$/.test(line);
    // "**Solution 1: Direct sum**" opens an item as a heading would, its title after the colon.
    const item = /^[A-Za-z][A-Za-z ]{0,30}?\s*#?\d+$/.test(name.trim()) && b[2]!.trim() === '';
    return { name: name.trim(), level: alone || item ? 6 : /^\s*([-*+]|\d+[.)])\s/.test(line) ? 8 : 7, rest };
  }
  const p = /^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z0-9 '\-_/]{0,40}?)\s*:\s*(.*)$/.exec(line);
  if (p && p[1]!.trim().split(/\s+/).length <= 5)
    return { name: p[1]!.trim(), level: /^\s*[-*+]\s/.test(line) ? 10 : 9, rest: p[2]!.trim() };
  return undefined;
}

/** "Solution 1: Greedy" → ["Solution 1", "Greedy"]. */
function splitColon(s: string): [string, string] {
  const i = s.indexOf(':');
  return i < 0 ? [s.trim(), ''] : [s.slice(0, i).trim(), s.slice(i + 1).trim()];
}

/** The tree of labels; fenced lines are body text (their fence marks dropped), never labels. */
function treeOf(text: string): Node {
  const root: Node = { name: '', level: 0, lines: [], children: [] };
  const stack: Node[] = [root];
  let fence: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const f = FENCE.exec(line);
    if (fence !== undefined || f) {
      if (f && fence === undefined) fence = f[1];
      else if (f && line.trim().startsWith(fence!)) fence = undefined;
      if (!f) stack.at(-1)!.lines.push(line);
      continue;
    }
    const l = labelOf(line);
    if (!l || keyName(l.name) === '') {
      stack.at(-1)!.lines.push(line);
      continue;
    }
    while (stack.length > 1 && stack.at(-1)!.level >= l.level) stack.pop();
    const node: Node = { name: l.name, level: l.level, lines: l.rest ? [l.rest] : [], children: [] };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  }
  return root;
}

const BULLET = /^\s*(?:[-*•+]|\d+[.)])\s+/;

/** A body: its bullets as a list when it is a list, else its text. */
/** A YAML comment at the end of a line ("visited once.  # no edge cases missed"): the YAML-minded model's, not the value's. */
const COMMENT = /[ \t]+#[ \t].*$/;

function bodyValue(lines: string[]): string | string[] {
  const text = lines
    .map((l) => l.replace(COMMENT, ''))
    .join('\n')
    .trim();
  const items: string[] = [];
  for (const line of text.split('\n')) {
    if (BULLET.test(line)) items.push(line.replace(BULLET, '').trim());
    else if (line.trim() === '') continue;
    else if (items.length > 0 && /^\s/.test(line)) items[items.length - 1] += `\n${line.trim()}`;
    else return text;
  }
  return items.length > 0 ? items : text;
}

/** "Solution 1", "Test #2", "Example 3" → "solution" (the list the item belongs to). */
const itemOf = (name: string): { list: string; title: string } | undefined => {
  const m = /^(.*?)\s*#?(\d+)\s*[.:)\-–—]?\s*(.*)$/.exec(name);
  if (!m || m[1]!.trim() === '' || m[2] === undefined) return undefined;
  return { list: keyName(m[1]!), title: m[3]!.trim() };
};

function valueOf(node: Node, root = false): unknown {
  if (node.children.length === 0) return bodyValue(node.lines);
  // "## Possible solutions" over "### Solution 1", "### Solution 2": the list itself.
  const items = node.children.map((c) => itemOf(c.name));
  if (!root && node.lines.join('').trim() === '' && items.every((i) => i !== undefined && i.list === items[0]!.list)) {
    return (valueOf({ ...node, name: '' }, true) as Record<string, unknown>)[`${items[0]!.list}s`];
  }
  const out: Record<string, unknown> = {};
  const own = node.lines.join('\n').trim();
  if (own) out['text'] = bodyValue(node.lines);
  for (const child of node.children) {
    const item = itemOf(child.name);
    const v = valueOf(child);
    if (item) {
      const entry: Record<string, unknown> =
        typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...(v as Record<string, unknown>) } : { text: v };
      // "### Solution 1: Greedy" names its item; so does a lone short line under "**Solution 1**".
      const lone =
        typeof entry['text'] === 'string' &&
        !entry['text'].includes('\n') &&
        entry['text'].length <= 80 &&
        Object.keys(entry).length > 1;
      if (entry['name'] === undefined && (item.title || lone)) {
        entry['name'] = item.title || entry['text'];
        if (!item.title) delete entry['text'];
      }
      // A bare "**Tests**" label before its items names the list they make.
      const key = `${item.list}s`;
      if (!Array.isArray(out[key]) && (out[key] === undefined || out[key] === '')) out[key] = [];
      const list = out[key];
      if (Array.isArray(list)) list.push(entry);
      continue;
    }
    const key = keyName(child.name);
    if (out[key] === undefined) out[key] = v;
  }
  return out;
}

/**
 * The markdown of an answer as a YAML-shaped mapping (keys as `keyName` writes them); an empty
 * mapping when it has no labels at all.
 */
export function markdownMap(text: string): Record<string, unknown> {
  const v = valueOf(treeOf(text), true);
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
