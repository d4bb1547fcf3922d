// @vitest-environment node
// docs/architecture.md says the code's layout as it is: every folder it names under src/ and
// server/ exists, and every folder of src/, src/data/ and server/ is named in its Layout.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

const isFolder = (path: string) =>
  existsSync(join(ROOT, path)) && statSync(join(ROOT, path)).isDirectory();
const foldersOf = (path: string) =>
  readdirSync(join(ROOT, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '__tests__')
    .map((entry) => `${path}${entry.name}/`);

/** The Layout section's entries: each folder it lists ("src/data/", "server/http/") with the
 * words that follow it. */
function layoutEntries(doc: string): Map<string, string> {
  const block = (doc.split('## Layout')[1] ?? '').split('```')[1] ?? '';
  const entries = new Map<string, string>();
  let top = '';
  let current = '';
  for (const line of block.split('\n')) {
    const head = /^(\S+\/)(\s|$)/.exec(line);
    const sub = /^ {2}([a-z][\w-]*\/)\s/.exec(line);
    if (head) [top, current] = [head[1] as string, head[1] as string];
    else if (sub) current = `${top}${sub[1] as string}`;
    if (!current) continue;
    const words = head || sub ? line.slice((head ?? sub)?.[0].length) : line;
    entries.set(current, `${entries.get(current) ?? ''} ${words.trim()}`);
  }
  return entries;
}

/** The folders an entry's words name ("device/ (IndexedDB...)" in src/data/'s: "device/"). */
function foldersNamedIn(words: string): string[] {
  return [...words.matchAll(/(?<![\w./-])([a-z_][\w-]*\/)(?![\w])/g)].map((m) => m[1] as string);
}

const underCode = (path: string) => /^(src|server)\//.test(path);

/** Folders the doc names under src/ or server/ that do not exist. */
function namedButAbsent(doc: string): string[] {
  const named = new Set<string>();
  for (const [folder, words] of layoutEntries(doc)) {
    if (!underCode(folder)) continue;
    named.add(folder);
    for (const sub of foldersNamedIn(words)) {
      // A folder of each of its folders counts too (each feature's components/).
      const inEach = isFolder(folder) && foldersOf(folder).some((each) => isFolder(each + sub));
      if (!inEach) named.add(folder + sub);
    }
  }
  for (const [path] of doc.matchAll(/(?<![\w./-])(src|server)\/[\w./-]*/g)) {
    named.add(path.endsWith('/') ? path : `${dirname(path)}/`);
  }
  return [...named].filter((folder) => !isFolder(folder)).sort();
}

/** Folders of src/, src/data/ and server/ the Layout does not name. */
function presentButUnnamed(doc: string): string[] {
  const entries = layoutEntries(doc);
  const mentioned = (folder: string, parent: string) =>
    entries.has(folder) ||
    foldersNamedIn(entries.get(parent) ?? '').includes(folder.slice(parent.length));
  return [
    ...foldersOf('src/').filter((folder) => !entries.has(folder)),
    ...foldersOf('src/data/').filter((folder) => !mentioned(folder, 'src/data/')),
    ...foldersOf('server/').filter((folder) => !mentioned(folder, 'server/')),
  ].sort();
}

describe('docs/architecture.md', () => {
  it('names only folders that exist', () => {
    expect(namedButAbsent(DOC)).toEqual([]);
  });

  it('names every folder of src/, src/data/ and server/', () => {
    expect(presentButUnnamed(DOC)).toEqual([]);
  });

  it('reads the folders of its Layout', () => {
    const entries = layoutEntries(DOC);
    expect(foldersNamedIn(entries.get('src/data/') ?? '')).toEqual(
      expect.arrayContaining(['contract/', 'core/', 'remote/', 'device/', 'sync/', 'sample/']),
    );
    expect(entries.get('server/core/')).toMatch(/the change log/);
  });

  it('finds a folder named that is gone, and one that is not named', () => {
    const drifted = DOC.replace(' remote/ (', ' cache/ (').replace(
      'server/sync/event-hub.ts',
      'server/hub/event-hub.ts',
    );
    expect(drifted).not.toBe(DOC);
    expect(namedButAbsent(drifted)).toEqual(['server/hub/', 'src/data/cache/']);
    expect(presentButUnnamed(drifted)).toEqual(['src/data/remote/']);
  });
});
