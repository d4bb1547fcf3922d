// Every page a comment, test title or document cites must be in the repository (issue 30): a
// citation `docs/<page>.md` names a file of docs/, and `docs/<page>.md "Heading", "Other"` names
// headings of that page. Documents kept outside the project are never cited.
// Run `node scripts/doc-citations.mjs` to list the broken citations; scripts/__tests__ runs it.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine, isMain } from './cli.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
]);
const TEXT_FILES = new Set(
  '.ts .tsx .mts .cts .js .mjs .cjs .md .sql .sh .css .html .json .yml .yaml'.split(' '),
);

// A cited page and, after it, the quoted headings: "One" or "One", "Two". A comment that wraps
// mid-heading is read as one line (see `joinLines`).
const CITATION = /docs\/([\w-]+)\.md((?: "[^"\n]{1,100}")(?:, "[^"\n]{1,100}")*)?/g;
const QUOTED = /"([^"]+)"/g;
// Pages kept outside the project, which a clone of it does not have, and citations of them by
// section number.
const OUTSIDE = [
  /\b[Ss]pec sections? \d/,
  /\b(?:PRODUCT|ARCHITECTURE)\.md\b/,
  /(?<![\w.-])spec\.md\b/,
  /\/work\/shared\//,
];

/** The text files of the repository, outside dependencies, builds and hidden folders. */
export function repoFiles(dir = ROOT) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...repoFiles(path));
    else if (entry.isFile() && TEXT_FILES.has(extname(entry.name))) files.push(path);
  }
  return files;
}

/** The headings of a Markdown page, as written after their `#` marks, and each one's words
 * before a colon (marked with the colon). */
export function headings(markdown) {
  const found = new Set();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    found.add(heading[1]);
    // "Snapshot: a new device starts from the current state" is cited as "Snapshot".
    const short = /^(.+?): /.exec(heading[1]);
    if (short) found.add(`${short[1]}:`);
  }
  return found;
}

/** Joins each line to the next without its comment marks, so a wrapped citation reads whole. */
function joinLines(text) {
  return text.replace(/[ \t]*\r?\n[ \t]*(?:\/\/+|--|\*(?!\/)|#+(?= )|<!--)?[ \t]*/g, ' ');
}

/** The broken citations of the given files: `{ file, cited, problem }`, file relative to root. */
export function brokenCitations(files = repoFiles(), root = ROOT) {
  const pages = new Map();
  const pageHeadings = (page) => {
    if (!pages.has(page)) {
      const path = join(root, 'docs', `${page}.md`);
      pages.set(page, existsSync(path) ? headings(readFileSync(path, 'utf8')) : null);
    }
    return pages.get(page);
  };
  const broken = [];
  for (const path of files) {
    const file = relative(root, path);
    const text = readFileSync(path, 'utf8');
    for (const outside of OUTSIDE) {
      const match = outside.exec(text);
      if (match) broken.push({ file, cited: match[0], problem: 'is not in the repository' });
    }
    for (const [, page, quoted = ''] of joinLines(text).matchAll(CITATION)) {
      const known = pageHeadings(page);
      if (!known) {
        broken.push({ file, cited: `docs/${page}.md`, problem: 'no such page' });
        continue;
      }
      for (const [, heading] of quoted.matchAll(QUOTED)) {
        if (!known.has(heading) && !known.has(`${heading}:`))
          broken.push({ file, cited: `docs/${page}.md "${heading}"`, problem: 'no such heading' });
      }
    }
  }
  return broken;
}

if (isMain(import.meta.url)) {
  commandLine({ name: 'doc-citations', usage: 'usage: node scripts/doc-citations.mjs' });
  const broken = brokenCitations();
  for (const { file, cited, problem } of broken) console.log(`${file}: ${cited}: ${problem}`);
  console.log(broken.length ? `${broken.length} broken citations` : 'Every citation resolves.');
  process.exitCode = broken.length ? 1 : 0;
}
