// The import graph among src/'s floors, read with the TypeScript compiler's own parser: every
// import counts — static, re-exported, dynamic, `import type` and `import('…').T` in a type —
// since a type-only arrow is a design arrow too. A floor is a folder of src/, or a file at its
// top (cli.tsx → `cli`), or a part of a folder SPLIT_FLOORS names (runners/judge, settings/load).
// The same parser gives the arrows between files, for the check that no file's imports circle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface Arrow {
  from: string;
  to: string;
  /** `file imports spec`, for the message that names the arrow. */
  via: string[];
}

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/**
 * Folders whose parts are floors of their own, each on its line of the map: runners/' sub-folders
 * (the sandbox sits below building, building below judging) and settings/' files (the settings as
 * loaded read the flow registry; their schema is read by layers below the flows).
 */
export const SPLIT_FLOORS = ['runners', 'settings'];

/** The floor a src-relative path is on: its folder, or its own name at the top; undefined outside src. */
export function floorOf(rel: string): string | undefined {
  if (rel.startsWith('..') || rel === '') return undefined;
  const [first, ...rest] = rel.split(/[\\/]/);
  if (rest.length === 0) return first!.replace(/\.(tsx?|jsx?)$/, '');
  return SPLIT_FLOORS.includes(first!) ? `${first}/${floorOf(rest.join('/'))}` : first;
}

/** Every module specifier a file names, type positions included. */
export function specifiers(file: string, text = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      specs.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specs.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specs.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs;
}

/** The arrows between floors of the tree at `src` (a floor's imports of itself left out). */
export function floorArrows(
  src: string,
  files: { path: string; text?: string }[] = sourceFiles(src).map((path) => ({ path })),
): Arrow[] {
  const arrows = new Map<string, Arrow>();
  for (const { path, text } of files) {
    const from = floorOf(relative(src, path))!;
    for (const spec of specifiers(path, text)) {
      if (!spec.startsWith('.')) continue;
      const to = floorOf(relative(src, resolve(dirname(path), spec)));
      if (to === undefined || to === from) continue;
      const key = `${from}→${to}`;
      const a = arrows.get(key) ?? { from, to, via: [] };
      a.via.push(`${relative(src, path)} imports ${spec}`);
      arrows.set(key, a);
    }
  }
  return [...arrows.values()];
}

/** The file a relative specifier names among `known` (`.js` written for `.ts`, a folder for its index). */
function fileOf(from: string, spec: string, known: Set<string>): string | undefined {
  const base = resolve(dirname(from), spec);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((c) => known.has(c));
}

/** The arrows between src/'s files (src-relative paths), type-only imports included. */
export function fileArrows(
  src: string,
  files: { path: string; text?: string }[] = sourceFiles(src).map((path) => ({ path })),
): Arrow[] {
  const known = new Set(files.map((f) => f.path));
  const arrows = new Map<string, Arrow>();
  for (const { path, text } of files) {
    const from = relative(src, path);
    for (const spec of specifiers(path, text)) {
      const target = spec.startsWith('.') ? fileOf(path, spec, known) : undefined;
      if (target === undefined || target === path) continue;
      const to = relative(src, target);
      const a = arrows.get(`${from}→${to}`) ?? { from, to, via: [] };
      a.via.push(`${from} imports ${spec}`);
      arrows.set(`${from}→${to}`, a);
    }
  }
  return [...arrows.values()];
}

/** The circles: each strongly connected set of two or more floors (Tarjan), sorted by name. */
export function circles(arrows: Arrow[]): string[][] {
  const next = new Map<string, string[]>();
  for (const a of arrows) next.set(a.from, [...(next.get(a.from) ?? []), a.to]);
  const nodes = [...new Set(arrows.flatMap((a) => [a.from, a.to]))].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const set: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        set.push(w);
      } while (w !== v);
      if (set.length > 1) out.push(set.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** A circle as a message: its floors, and the imports that close it (a few of each arrow). */
export function describeCircle(set: string[], arrows: Arrow[]): string {
  const inside = arrows.filter((a) => set.includes(a.from) && set.includes(a.to));
  return [
    `${set.join(' ↔ ')}:`,
    ...inside.map(
      (a) =>
        `  ${a.from} → ${a.to}: ${a.via.slice(0, 3).join('; ')}${a.via.length > 3 ? ` (+${a.via.length - 3})` : ''}`,
    ),
  ].join('\n');
}

/**
 * The floors as docs/architecture.md lists them under "## The layers", top first: each list item
 * starts with one or more `name`s (several on one line share a floor).
 */
export function documentedFloors(markdown: string): string[][] {
  const start = markdown.indexOf('## The layers');
  if (start < 0) return [];
  const rest = markdown.slice(start + 1);
  const section = rest.slice(0, rest.search(/\n## /) >= 0 ? rest.search(/\n## /) : undefined);
  return section
    .split('\n')
    .filter((l) => /^\s*(\d+\.|-)\s+`/.test(l))
    .map((l) => {
      const head = l.replace(/^\s*(\d+\.|-)\s+/, '').split(/\s+[—–-]\s+/)[0]!;
      return [...head.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, '').replace(/\.(tsx?)$/, ''));
    });
}

/** Arrows that do not point to a lower floor of `floors`, and floors the map does not place. */
export function againstMap(
  arrows: Arrow[],
  floors: string[][],
  present: string[],
): { upward: string[]; unplaced: string[]; gone: string[] } {
  const level = new Map<string, number>();
  floors.forEach((names, i) => names.forEach((n) => level.set(n, i)));
  const upward = arrows
    .filter((a) => level.has(a.from) && level.has(a.to) && level.get(a.to)! <= level.get(a.from)!)
    .map((a) => `${a.from} → ${a.to} (${a.via[0]}${a.via.length > 1 ? `, +${a.via.length - 1}` : ''})`);
  const unplaced = present.filter((n) => !level.has(n));
  const gone = [...level.keys()].filter((n) => !present.includes(n));
  return { upward, unplaced, gone };
}
