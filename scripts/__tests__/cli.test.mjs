// @vitest-environment node
// How every script reads its command line (scripts/cli.mjs): flags and defaults as declared, and
// anything else refused with a reason, at the command line and through a script run.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from '../cli.mjs';

const spec = {
  options: { runs: { type: 'string' }, 'no-build': { type: 'boolean' } },
};

describe('parseCommandLine', () => {
  it('reads the declared flags, whole numbers with their fallback', () => {
    const line = parseCommandLine(spec, ['--runs', '1_000', '--no-build']);
    expect(line.number('runs', 5, 1)).toBe(1000);
    expect(line.values['no-build']).toBe(true);
    expect(parseCommandLine(spec, []).number('runs', 5, 1)).toBe(5);
  });

  it.each([
    [['--rnus', '3'], "Unknown option '--rnus'"],
    [['--runs'], "Option '--runs <value>' argument missing"],
    [['extra'], 'Unexpected argument'],
  ])('refuses %j, saying why', (args, problem) => {
    expect(() => parseCommandLine(spec, args)).toThrow(UsageError);
    expect(() => parseCommandLine(spec, args)).toThrow(problem);
  });

  it('refuses a number under the least, or not whole', () => {
    for (const text of ['0', '2.5', 'five', '']) {
      expect(() => parseCommandLine(spec, ['--runs', text]).number('runs', 5, 1)).toThrow(
        `--runs needs a whole number of 1 or more (got "${text}")`,
      );
    }
  });

  it('takes as many positionals as the script declares', () => {
    expect(parseCommandLine({ positionals: 1 }, ['dist']).positionals).toEqual(['dist']);
    expect(() => parseCommandLine({ positionals: 1 }, ['a', 'b'])).toThrow(
      'unexpected argument "b"',
    );
  });
});

describe('a script run', () => {
  const run = (...args) =>
    spawnSync(process.execPath, ['scripts/summarise.mjs', ...args], { encoding: 'utf8' });

  it('prints its usage on --help and exits 0', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toBe('usage: node scripts/summarise.mjs <results.tsv>\n');
  });

  it('refuses an unknown flag with the flag, the usage and exit 2, doing nothing', () => {
    const { status, stderr, stdout } = run('--fail-fast', 'results.tsv');
    expect(status).toBe(2);
    expect(stderr).toContain("summarise: Unknown option '--fail-fast'");
    expect(stderr).toContain('usage: node scripts/summarise.mjs');
    expect(stdout).toBe('');
  });
});
