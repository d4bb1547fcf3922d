// The server's folders import each other in one direction only (docs/architecture.md, "The
// server's folders"): the graph of which folder imports which, read from the source with
// TypeScript's own import scanner, has no circle; db/ (the database driver) imports no other
// folder, and core/ (the change log, refusals, transactions) imports only db/. Tests are left
// out (a test may import anything: the harness starts the whole app).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SERVER = dirname(fileURLToPath(import.meta.url));

/** What each folder may import of the others, for the folders at the bottom. */
const ALLOWED: Record<string, string[]> = {
  'db/': [],
  'core/': ['db/'],
};

/** A folder of server/ ("core/"), or a file at its top ("main.ts"); null outside server/. */
function nodeOf(file: string): string | null {
  const path = relative(SERVER, file);
  if (path.startsWith('..')) return null;
  const [first, ...rest] = path.split('/');
  return rest.length > 0 ? `${first}/` : (first ?? null);
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** node -> node -> the imports that make the edge ("sync/push.ts imports ../core/..."). */
type Graph = Map<string, Map<string, string[]>>;

function folderGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sources(SERVER)) {
    const from = nodeOf(file) as string;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = nodeOf(resolve(dirname(file), fileName));
      if (to === null || to === from) continue;
      const why = `${relative(SERVER, file)} imports ${fileName}`;
      edges.set(to, [...(edges.get(to) ?? []), why]);
    }
  }
  return graph;
}

/**
 * The groups of nodes that all reach one another (strongly connected components, Tarjan's
 * algorithm) of two nodes or more: each holds at least one circle.
 */
function tangles(graph: Map<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = stack.splice(stack.indexOf(node));
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One circle through the first node of a tangle, as its nodes in order ([a, b]: a -> b -> a). */
function circleIn(graph: Map<string, readonly string[]>, tangle: string[]): string[] {
  const start = tangle[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const next of graph.get(node) ?? []) {
      if (next === start) {
        const circle = [node];
        while (circle[0] !== start) circle.unshift(cameFrom.get(circle[0] as string) as string);
        return circle;
      }
      if (tangle.includes(next) && !cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return tangle;
}

describe('the server folder graph', () => {
  const graph = folderGraph();
  const targets = new Map([...graph].map(([node, edges]) => [node, [...edges.keys()]]));

  it('has no circle between folders', () => {
    const described = tangles(targets).map((tangle) => {
      const circle = circleIn(targets, tangle);
      const steps = circle.map((node, i) => {
        const next = circle[(i + 1) % circle.length] as string;
        return `${node} -> ${next} (${graph.get(node)?.get(next)?.[0]})`;
      });
      return `${tangle.join(', ')} reach one another, e.g.\n  ${steps.join('\n  ')}`;
    });
    expect(described, 'folders that import each other in a circle').toEqual([]);
  });

  it.each(Object.entries(ALLOWED))('lets %s import only %j', (folder, allowed) => {
    const edges = graph.get(folder);
    expect(edges, `${folder} exists`).toBeDefined();
    const extra = [...(edges ?? new Map<string, string[]>())]
      .filter(([to]) => !allowed.includes(to))
      .map(([, why]) => why[0]);
    expect(extra).toEqual([]);
  });

  it('sees the imports it checks', () => {
    expect(targets.get('sync/')).toContain('core/');
    expect(targets.get('core/')).toContain('db/');
    expect(targets.get('main.ts')).toContain('app.ts');
  });

  it('finds a circle when there is one', () => {
    const cyclic = new Map([
      ['a/', ['b/']],
      ['b/', ['c/', 'd/']],
      ['c/', ['a/']],
      ['d/', ['e/']],
      ['e/', ['d/']],
    ]);
    expect(tangles(cyclic).map((tangle) => circleIn(cyclic, tangle))).toEqual([
      ['d/', 'e/'],
      ['a/', 'b/', 'c/'],
    ]);
    expect(
      tangles(
        new Map([
          ['a/', ['b/']],
          ['b/', []],
        ]),
      ),
    ).toEqual([]);
  });
});
