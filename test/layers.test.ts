// The layer arrows of ../shared/DESIGN.md (drawn in docs/architecture.md), checked on every import
// in src/ so that a change cannot quietly break them. Imports are read with the TypeScript compiler's own parser (not a regular
// expression); `import type` is allowed across layers since it leaves nothing at run time.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  againstMap,
  circles,
  describeCircle,
  documentedFloors,
  fileArrows,
  floorArrows,
  floorOf,
  sourceFiles,
  type Arrow,
} from './helpers/folderGraph.js';

const SRC = resolve(__dirname, '../src');

interface Import {
  file: string;
  spec: string;
  /** The src-relative folder the import lands in ('' for a package or a file at the top). */
  target: string;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  const clause = node.importClause;
  if (!clause) return false; // a bare `import 'x'` runs x
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    !clause.name &&
    !!named &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

/** Every import of a file that is there at run time: static, re-exports and dynamic import(). */
function valueImports(file: string, text = readFileSync(file, 'utf8')): Import[] {
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
      if (!isTypeOnly(node)) specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs.map((spec) => {
    const target = spec.startsWith('.') ? (relative(SRC, resolve(dirname(file), spec)).split(/[\\/]/)[0] ?? '') : '';
    return { file: relative(SRC, file), spec, target: target.includes('.') ? '' : target };
  });
}

const all = sourceFiles(SRC).flatMap((f) => valueImports(f));
const inFolder = (folder: string) => all.filter((i) => i.file.startsWith(`${folder}/`));
const shown = (is: Import[]) => is.map((i) => `${i.file} imports ${i.spec}`);

const CORE = ['engine', 'flows', 'agents', 'llm', 'runners', 'problems', 'session', 'eval', 'archive'];
const UI_PACKAGES = /^(react|react\/.*|ink|ink-.*|@inkjs\/.*)$/;
const HOST_MODULES = /^(node:)?(fs|fs\/promises|child_process|net|http|https|dgram|worker_threads)$/;
const BACKEND_PACKAGES = /^(ollama|ollama\/.*|openai|openai\/.*|conf)$/;

describe('layers (../shared/DESIGN.md: imports point downward only)', () => {
  it('reads imports from every source file', () => {
    expect(all.length).toBeGreaterThan(200);
    expect(inFolder('screens').length).toBeGreaterThan(10);
  });

  it.each(CORE)('%s never imports React, Ink, or a layer above it', (folder) => {
    const bad = inFolder(folder).filter(
      (i) =>
        UI_PACKAGES.test(i.spec) ||
        ['screens', 'components', 'app', 'commands'].includes(i.target) ||
        i.spec.endsWith('/cli.js'),
    );
    expect(shown(bad)).toEqual([]);
  });

  it('the engine takes a flow and knows none by name', () => {
    expect(shown(inFolder('engine').filter((i) => i.target === 'flows'))).toEqual([]);
  });

  it.each(['screens', 'components'])('%s never touch the file system, a process, a backend or a runner', (folder) => {
    const bad = inFolder(folder).filter(
      (i) =>
        HOST_MODULES.test(i.spec) || BACKEND_PACKAGES.test(i.spec) || ['llm', 'runners', 'commands'].includes(i.target),
    );
    expect(shown(bad)).toEqual([]);
  });

  it('screens import no app code at run time (the app hands them what they need)', () => {
    expect(shown(inFolder('screens').filter((i) => i.target === 'app' || i.target === 'commands'))).toEqual([]);
  });

  it('the checker itself catches a forbidden arrow', () => {
    const probe = join(SRC, 'screens', '__probe__.tsx');
    const text = `import { readFileSync } from 'node:fs';\nimport type { Settings } from '../config.js';\nconst load = () => import('../runners/judge.js');\n`;
    const found = valueImports(probe, text);
    expect(found.map((i) => i.spec)).toEqual(['node:fs', '../runners/judge.js']);
    expect(found.map((i) => i.target)).toEqual(['', 'runners']);
  });
});

// Every import, type-only ones too, between src/'s floors (a folder, or a file at the top): no
// circle, and every arrow points down the map docs/architecture.md draws.
describe('floors (docs/architecture.md: the layers)', () => {
  const arrows = floorArrows(SRC);
  const present = [...new Set(sourceFiles(SRC).map((f) => floorOf(relative(SRC, f))!))].sort();
  const map = readFileSync(resolve(__dirname, '../docs/architecture.md'), 'utf8');

  it('reads arrows between the floors, type-only imports included', () => {
    expect(arrows.length).toBeGreaterThan(50);
    // engine/context.ts imports its settings' type alone: still an arrow.
    expect(arrows.some((a) => a.from === 'engine' && a.via.some((v) => v.startsWith('engine/context.ts')))).toBe(true);
  });

  it('no circle among the floors', () => {
    expect(circles(arrows).map((c) => describeCircle(c, arrows))).toEqual([]);
  });

  it('the map places every floor once, and every arrow points to a lower floor', () => {
    const floors = documentedFloors(map);
    expect(floors.length).toBeGreaterThan(8);
    const named = floors.flat();
    expect(named.filter((n, i) => named.indexOf(n) !== i)).toEqual([]);
    const { upward, unplaced, gone } = againstMap(arrows, floors, present);
    expect({ unplaced, gone }).toEqual({ unplaced: [], gone: [] });
    expect(upward).toEqual([]);
  });

  it('the checker finds a circle, type-only imports and all, and an arrow that climbs the map', () => {
    const files = [
      { path: join(SRC, 'a', 'x.ts'), text: `import type { B } from '../b/y.js';\n` },
      { path: join(SRC, 'b', 'y.ts'), text: `export type B = import('../c.js').C;\n` },
      { path: join(SRC, 'c.ts'), text: `export { A } from './a/x.js';\nconst d = () => import('./d/z.js');\n` },
      { path: join(SRC, 'd', 'z.ts'), text: `import '../../native/thing.sh';\n` },
    ];
    const probe: Arrow[] = floorArrows(SRC, files);
    expect(probe.map((a) => `${a.from}→${a.to}`).sort()).toEqual(['a→b', 'b→c', 'c→a', 'c→d']);
    expect(circles(probe)).toEqual([['a', 'b', 'c']]);
    expect(describeCircle(['a', 'b', 'c'], probe)).toContain('a → b: a/x.ts imports ../b/y.js');
    const floors = documentedFloors(
      '## The layers\n\n1. `c` — top\n2. `a/`, `b` — middle\n3. `d` — bottom\n\n## Next\n- `e` — not a floor\n',
    );
    expect(floors).toEqual([['c'], ['a', 'b'], ['d']]);
    const found = againstMap(probe, floors, ['a', 'b', 'c', 'd', 'e']);
    expect(found.upward.map((u) => u.split(' (')[0])).toEqual(['a → b', 'b → c']);
    expect(found.unplaced).toEqual(['e']);
  });
});

// Between files too, inside a floor: a circle of imports (type-only ones included) is a knot a
// reader cannot start from, and a load order that depends on who came first.
describe('files (no import loop anywhere in src/)', () => {
  it('no circle among the files of src/', () => {
    const arrows = fileArrows(SRC);
    expect(arrows.length).toBeGreaterThan(1000);
    expect(circles(arrows).map((c) => describeCircle(c, arrows))).toEqual([]);
  });

  it('the checker finds a circle between two files of one folder, through a type-only import', () => {
    const files = [
      { path: join(SRC, 'a', 'x.ts'), text: `import type { Y } from './y.js';\nexport type X = Y;\n` },
      { path: join(SRC, 'a', 'y.ts'), text: `import { z } from './index.js';\nexport type Y = number;\n` },
      { path: join(SRC, 'a', 'index.ts'), text: `export * from './x.js';\nexport const z = 1;\n` },
      { path: join(SRC, 'a', 'w.ts'), text: `import { z } from '.';\n` },
    ];
    const probe = fileArrows(SRC, files);
    expect(probe.map((a) => `${a.from}→${a.to}`).sort()).toEqual([
      'a/index.ts→a/x.ts',
      'a/w.ts→a/index.ts',
      'a/x.ts→a/y.ts',
      'a/y.ts→a/index.ts',
    ]);
    expect(circles(probe)).toEqual([['a/index.ts', 'a/x.ts', 'a/y.ts']]);
  });
});
