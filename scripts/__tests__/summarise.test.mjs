// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countPlaywright, countVitest, formatSummary, summarise } from '../summarise.mjs';

const vitestReport = {
  numPassedTests: 40,
  numFailedTests: 2,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    { name: 'a.test.ts', status: 'failed', assertionResults: [{ status: 'failed' }] },
    { name: 'broken.test.ts', status: 'failed', assertionResults: [] },
  ],
};

const playwrightReport = {
  stats: { expected: 10, unexpected: 1, flaky: 1, skipped: 2 },
  errors: [],
  suites: [
    {
      title: 'shell.spec.ts',
      specs: [{ title: 'opens', tests: [{ status: 'flaky' }] }],
      suites: [{ title: 'header', specs: [{ title: 'sticks', tests: [{ status: 'expected' }] }] }],
    },
  ],
};

describe('countVitest', () => {
  it('counts each test and each file that failed to load', () => {
    const count = countVitest(vitestReport, 1);
    expect(count.passed).toBe(40);
    expect(count.failed).toBe(3);
    expect(count.notes).toContain('file failed to run: broken.test.ts');
  });

  it('counts a non-zero exit with no failed test as one failure', () => {
    const count = countVitest({ numPassedTests: 5, numFailedTests: 0, testResults: [] }, 1);
    expect(count).toMatchObject({ passed: 5, failed: 1 });
  });

  it('counts a missing report as one failure', () => {
    expect(countVitest(null, 0)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('countPlaywright', () => {
  it('counts flaky tests as passed and names them', () => {
    const count = countPlaywright(playwrightReport, 1);
    expect(count).toMatchObject({ passed: 11, failed: 1 });
    expect(count.notes).toContain('FLAKY (passed on retry): shell.spec.ts > opens');
  });

  it('counts errors outside tests, such as a spec that does not compile', () => {
    const report = {
      stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'SyntaxError: x\nat y' }],
    };
    const count = countPlaywright(report, 1);
    expect(count).toMatchObject({ passed: 3, failed: 1 });
    expect(count.notes).toEqual(['error outside a test: SyntaxError: x']);
  });

  it('counts a run that produced no report (the server did not start) as one failure', () => {
    expect(countPlaywright(null, 1)).toMatchObject({ passed: 0, failed: 1 });
  });
});

describe('summarise', () => {
  it('sums checks and tests and ends with exactly "N passed, N failed"', () => {
    const reports = { 'v.json': vitestReport, 'p.json': playwrightReport };
    const result = summarise(
      [
        'typecheck\tcheck\t0\t',
        'lint\tcheck\t1\t',
        'unit\tvitest\t1\tv.json',
        'build\tcheck\t0\t',
        'e2e\tplaywright\t1\tp.json',
        'extra\tmissing\t1\tnot run: the build failed',
        '',
      ],
      (path) => reports[path] ?? null,
    );
    expect(result.passed).toBe(1 + 40 + 1 + 11);
    expect(result.failed).toBe(1 + 3 + 1 + 1);
    const lines = formatSummary(result).split('\n');
    expect(lines.at(-1)).toBe('53 passed, 6 failed');
    expect(lines.join('\n')).toMatch(/x\s+lint\s+FAILED/);
    expect(lines.join('\n')).toContain('not run: the build failed');
  });
});
