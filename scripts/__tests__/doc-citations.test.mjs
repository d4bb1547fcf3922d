// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brokenCitations, headings } from '../doc-citations.mjs';

// Issue 30: a clone of the project has every page a comment or a test title names.
describe('the citations of the repository', () => {
  it('each name a page of docs/ and, when quoted, one of its headings', () => {
    expect(brokenCitations()).toEqual([]);
  });
});

describe('brokenCitations', () => {
  // Citations spelled in pieces, so that this file does not cite them itself.
  const product = ['docs', 'product.md'].join('/');
  const rules = ['docs', 'rules.md'].join('/');
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function repo(files) {
    root = mkdtempSync(join(tmpdir(), 'artmint-citations-'));
    mkdirSync(join(root, 'docs'));
    mkdirSync(join(root, 'src'));
    writeFileSync(
      join(root, 'docs', 'product.md'),
      '# Product\n\n## Writes\n\n### Fixed values\n\n## Snapshot: from the current state\n',
    );
    return Object.entries(files).map(([name, text]) => {
      writeFileSync(join(root, 'src', name), text);
      return join(root, 'src', name);
    });
  }

  it('accepts a heading, several, one wrapped over two comment lines and a short one', () => {
    const files = repo({
      'a.ts': [
        `// Saves (${product} "Writes", "Fixed values"; ${product} "Snapshot").`,
        `/** The page (${product} "Fixed`,
        ` * values"), and ${product} on its own. */`,
      ].join('\n'),
    });
    expect(brokenCitations(files, root)).toEqual([]);
  });

  it('names a missing page, a missing heading and a page kept outside the project', () => {
    const outside = ['PRODUCT', 'md'].join('.');
    const files = repo({
      'b.ts': `// ${rules}; ${product} "Writes", "Reads"; see ${outside}.\n`,
    });
    expect(brokenCitations(files, root)).toEqual([
      { file: join('src', 'b.ts'), cited: outside, problem: 'is not in the repository' },
      { file: join('src', 'b.ts'), cited: rules, problem: 'no such page' },
      { file: join('src', 'b.ts'), cited: `${product} "Reads"`, problem: 'no such heading' },
    ]);
  });
});

describe('headings', () => {
  it('reads ATX headings outside code fences', () => {
    const page = '# One\n\n```sh\n# not a heading\n```\n\n### Two ###\n';
    expect([...headings(page)]).toEqual(['One', 'Two']);
  });
});
