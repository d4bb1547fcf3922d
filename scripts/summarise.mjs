// Turns the results of `scripts/test-all.sh` into one summary whose last line is exactly
// `N passed, N failed`. Each Vitest test and each Playwright test counts as one; typecheck,
// lint, format and build count as one check each. A suite that exits non-zero without a
// failed test (a file that does not load, a server that does not start) counts as a failure,
// so nothing can fail silently.
//
// Usage: node scripts/summarise.mjs <results.tsv>
// Each line of results.tsv: name <TAB> kind (check|vitest|playwright|missing) <TAB> exit code
// <TAB> report path (or a reason, for kind "missing").

import { readFileSync } from 'node:fs';
import { commandLine, isMain, UsageError } from './cli.mjs';

/** A single pass/fail gate (typecheck, lint, format, build). */
export function countCheck(exitCode) {
  return exitCode === 0
    ? { passed: 1, failed: 0, notes: [] }
    : { passed: 0, failed: 1, notes: [`exit code ${exitCode}`] };
}

/** Counts a Vitest JSON report (its Jest-compatible shape). `report` is the parsed JSON or null. */
export function countVitest(report, exitCode) {
  if (!report || typeof report !== 'object') {
    return { passed: 0, failed: 1, notes: [`no JSON report (exit code ${exitCode})`] };
  }
  const passed = Number(report.numPassedTests ?? 0);
  let failed = Number(report.numFailedTests ?? 0);
  const notes = [];
  // A test file that fails to load has no tests: count each such file as one failure.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
  );
  failed += brokenFiles.length;
  for (const file of brokenFiles) notes.push(`file failed to run: ${file.name}`);
  const skipped = Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0);
  if (skipped > 0) notes.push(`${skipped} skipped or todo (not counted)`);
  return withExitFallback({ passed, failed, notes }, exitCode);
}

/** Counts a Playwright JSON report. Flaky tests (passed on retry) count as passed but are listed. */
export function countPlaywright(report, exitCode) {
  if (!report || typeof report !== 'object' || !report.stats) {
    return { passed: 0, failed: 1, notes: [`no JSON report (exit code ${exitCode})`] };
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const errors = report.errors ?? [];
  const notes = [];
  for (const error of errors) notes.push(`error outside a test: ${firstLine(error.message ?? '')}`);
  for (const title of flakyTitles(report.suites ?? []))
    notes.push(`FLAKY (passed on retry): ${title}`);
  if (skipped > 0) notes.push(`${skipped} skipped (not counted)`);
  return withExitFallback(
    { passed: expected + flaky, failed: unexpected + errors.length, notes },
    exitCode,
  );
}

function withExitFallback(count, exitCode) {
  if (exitCode !== 0 && count.failed === 0) {
    return {
      ...count,
      failed: 1,
      notes: [...count.notes, `exited with code ${exitCode} but reported no failed test`],
    };
  }
  return count;
}

function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 200);
}

function flakyTitles(suites, parents = []) {
  const titles = [];
  for (const suite of suites) {
    const path = suite.title ? [...parents, suite.title] : parents;
    for (const spec of suite.specs ?? []) {
      if ((spec.tests ?? []).some((test) => test.status === 'flaky'))
        titles.push([...path, spec.title].join(' > '));
    }
    titles.push(...flakyTitles(suite.suites ?? [], path));
  }
  return titles;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Parses results.tsv lines into counted suites. `read` loads a JSON report by path. */
export function summarise(lines, read = readJson) {
  const suites = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    const [name, kind, exit, extra = ''] = line.split('\t');
    const exitCode = Number(exit);
    let count;
    if (kind === 'check') count = countCheck(exitCode);
    else if (kind === 'vitest') count = countVitest(read(extra), exitCode);
    else if (kind === 'playwright') count = countPlaywright(read(extra), exitCode);
    else count = { passed: 0, failed: 1, notes: [extra || 'not run'] };
    suites.push({ name, kind, ...count });
  }
  const passed = suites.reduce((sum, suite) => sum + suite.passed, 0);
  const failed = suites.reduce((sum, suite) => sum + suite.failed, 0);
  return { suites, passed, failed };
}

/** The printed summary; its last line is exactly `N passed, N failed`. */
export function formatSummary({ suites, passed, failed }) {
  const width = Math.max(...suites.map((suite) => suite.name.length), 5);
  const rows = suites.map((suite) => {
    const status =
      suite.kind === 'check'
        ? suite.failed
          ? 'FAILED'
          : 'passed'
        : `${suite.passed} passed, ${suite.failed} failed`;
    const mark = suite.failed ? 'x' : 'ok';
    const notes = suite.notes.map((note) => `\n${' '.repeat(width + 8)}${note}`).join('');
    return `  ${mark.padEnd(3)} ${suite.name.padEnd(width)}  ${status}${notes}`;
  });
  return ['==> Summary', ...rows, `${passed} passed, ${failed} failed`].join('\n');
}

if (isMain(import.meta.url)) {
  const file = commandLine({
    name: 'summarise',
    usage: 'usage: node scripts/summarise.mjs <results.tsv>',
    positionals: 1,
    read: ({ positionals }) => {
      if (!positionals[0]) throw new UsageError('the results file is required');
      return positionals[0];
    },
  });
  const result = summarise(readFileSync(file, 'utf8').split('\n'));
  console.log(formatSummary(result));
  process.exit(result.failed > 0 || result.suites.length === 0 ? 1 : 0);
}
