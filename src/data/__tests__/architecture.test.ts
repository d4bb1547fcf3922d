// @vitest-environment node
// The rooms of src/data import one way (docs/architecture.md "The data layer's rooms"): every
// import of every file, `import type`, `export ... from` and import() included, read with
// TypeScript's own parser. No file reaches itself through its imports, no room imports a room
// above it, and device/ takes only types from remote/ (the composing module hands it the asks).
// Tests are left out: a test may import anything.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const DATA = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The floors of src/data, lowest first: a file imports its own floor and the floors below. */
const FLOORS = ['base', 'contract/', 'core/', 'remote/', 'device/', 'sync/', 'composing'];
/** The top-level files that compose the rooms: the floor above them all. Every other top-level
 * file (records, schemas, owner, errors...) and sample/ are the floor below them all. */
const COMPOSING = [
  'data-access.ts',
  'device-data-access.ts',
  'logout.ts',
  'newsletter.ts',
  'profile-pictures.ts',
  'use-earlier.ts',
  'use-form-draft.ts',
  'use-saved-searches.ts',
];
/** What a room takes from a room below as types only. */
const TYPES_ONLY: Record<string, string[]> = { 'device/': ['remote/'] };

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The floor of a file of src/data ("device/items.ts" -> "device/"). */
function floorOf(path: string): string {
  const [first, ...rest] = path.split('/');
  if (rest.length === 0) return COMPOSING.includes(path) ? 'composing' : 'base';
  const room = `${first}/`;
  if (room === 'sample/') return 'base';
  if (!FLOORS.includes(room)) throw new Error(`${room} has no floor: add it to FLOORS`);
  return room;
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__tests__') yield* sources(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) yield path;
  }
}

/** The file of src/data an import names, or null (a package, shared/, another folder of src/). */
function target(file: string, specifier: string): string | null {
  const base = specifier.startsWith('@/data/')
    ? join(DATA, specifier.slice('@/data/'.length))
    : specifier.startsWith('.')
      ? resolve(dirname(file), specifier)
      : null;
  if (base === null || relative(DATA, base).startsWith('..')) return null;
  const found = [base, `${base}.ts`, `${base}.tsx`].find((path) => existsSync(path));
  if (!found) throw new Error(`${file} imports ${specifier}: no such file`);
  return relative(DATA, found);
}

/** Every import of a source text: its module and whether it takes types only. */
function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) {
        found.push({ specifier: argument.text, typeOnly: false });
      }
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('module.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX));
  return found;
}

function readImports(): Import[] {
  const edges: Import[] = [];
  for (const file of sources(DATA)) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
      const to = target(file, specifier);
      if (to !== null) edges.push({ from: relative(DATA, file), to, typeOnly });
    }
  }
  return edges;
}

/** One circle of the graph ([a, b]: a -> b -> a), or null when there is none. */
function findCircle(edges: readonly Pick<Import, 'from' | 'to'>[]): string[] | null {
  const graph = new Map<string, string[]>();
  for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return path.slice(path.indexOf(next));
      const found = state.has(next) ? null : visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const found = state.has(node) ? null : visit(node);
    if (found) return found;
  }
  return null;
}

/** The imports that break the floors, in words. */
function againstTheFloors(edges: readonly Import[]): string[] {
  return edges.flatMap(({ from, to, typeOnly }) => {
    const [own, theirs] = [floorOf(from), floorOf(to)];
    const what = `${from} imports ${to}${typeOnly ? ' (types)' : ''}`;
    if (FLOORS.indexOf(theirs) > FLOORS.indexOf(own)) return [`${what}: ${theirs} is above ${own}`];
    if (!typeOnly && TYPES_ONLY[own]?.includes(theirs)) return [`${what}: ${own} takes types only`];
    return [];
  });
}

describe('the rooms of src/data', () => {
  const edges = readImports();

  it('has no circle between files, type imports counted', () => {
    expect(findCircle(edges), 'files that import each other in a circle').toBeNull();
  });

  it('imports only its own floor and the floors below', () => {
    expect(againstTheFloors(edges)).toEqual([]);
  });

  it('sees the imports it checks', () => {
    const seen = (from: string, to: string, typeOnly: boolean) =>
      edges.some((edge) => edge.from === from && edge.to === to && edge.typeOnly === typeOnly);
    expect(seen('sync/apply.ts', 'device/db.ts', false)).toBe(true);
    expect(seen('device/context.ts', 'contract/data-access.ts', true)).toBe(true);
    expect(seen('device-data-access.ts', 'sync/apply.ts', false)).toBe(true);
    expect(seen('use-form-draft.ts', 'data-access.ts', false)).toBe(true);
    expect(new Set(edges.map((edge) => floorOf(edge.from)))).toEqual(new Set(FLOORS));
  });

  it('reads every kind of import', () => {
    const text = [
      "import { a } from './value';",
      "import type { B } from './types';",
      "import { type C, type D } from './types-too';",
      "import E, { type F } from './default';",
      "export { G } from './again';",
      "export type { H } from './type-again';",
      "const lazy = () => import('./later');",
      "let i: import('./inline').I;",
    ].join('\n');
    expect(importsOf(text)).toEqual([
      { specifier: './value', typeOnly: false },
      { specifier: './types', typeOnly: true },
      { specifier: './types-too', typeOnly: true },
      { specifier: './default', typeOnly: false },
      { specifier: './again', typeOnly: false },
      { specifier: './type-again', typeOnly: true },
      { specifier: './later', typeOnly: false },
      { specifier: './inline', typeOnly: true },
    ]);
  });

  it('finds a circle, an upward import and a value taken where types only are', () => {
    expect(
      findCircle([
        { from: 'device/a.ts', to: 'device/b.ts' },
        { from: 'device/b.ts', to: 'device/c.ts' },
        { from: 'device/c.ts', to: 'device/a.ts' },
      ]),
    ).toEqual(['device/a.ts', 'device/b.ts', 'device/c.ts']);
    expect(findCircle([{ from: 'sync/a.ts', to: 'device/b.ts' }])).toBeNull();
    expect(
      againstTheFloors([
        { from: 'device/items.ts', to: 'sync/apply.ts', typeOnly: true },
        { from: 'contract/data-access.ts', to: 'device/context.ts', typeOnly: true },
        { from: 'records.ts', to: 'core/status.ts', typeOnly: false },
        { from: 'device/items.ts', to: 'remote/catalog-api.ts', typeOnly: false },
        { from: 'device/items.ts', to: 'remote/catalog-api.ts', typeOnly: true },
        { from: 'sync/apply.ts', to: 'device/db.ts', typeOnly: false },
        { from: 'data-access.ts', to: 'sync/item-page.ts', typeOnly: false },
      ]),
    ).toEqual([
      'device/items.ts imports sync/apply.ts (types): sync/ is above device/',
      'contract/data-access.ts imports device/context.ts (types): device/ is above contract/',
      'records.ts imports core/status.ts: core/ is above base',
      'device/items.ts imports remote/catalog-api.ts: device/ takes types only',
    ]);
    expect(() => floorOf('cache/store.ts')).toThrow(/cache\/ has no floor/);
  });
});
