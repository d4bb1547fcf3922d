// `npm run seed`'s command line (server/scale/seed-options.ts) and the cache's names
// (server/scale/seed-cache.ts): a refused line says why, and what is seeded alike is cached alike.
import { describe, expect, it } from 'vitest';
import { cacheKey, cachePath } from './seed-cache.ts';
import { parseSeedOptions, SeedUsageError } from './seed-options.ts';

describe('parseSeedOptions', () => {
  it('reads every flag, numbers with underscores included', () => {
    expect(
      parseSeedOptions([
        '--bids',
        '1_000_000',
        '--items=2000',
        '--creators',
        '5',
        '--accounts',
        '10',
        '--collector-bids',
        '0',
        '--batch',
        '500',
        '--no-cache',
        '--summary',
        '-',
      ]),
    ).toEqual({
      bids: 1_000_000,
      items: 2000,
      creators: 5,
      accounts: 10,
      collectorBids: 0,
      batch: 500,
      cache: false,
      summary: '-',
      help: false,
    });
  });

  it('adds nothing it was not asked for', () => {
    expect(parseSeedOptions(['--items', '0'])).toMatchObject({
      bids: 0,
      items: 0,
      creators: 0,
      accounts: undefined,
      batch: undefined,
      cache: true,
      summary: undefined,
    });
  });

  it.each([
    [['--bidz', '10'], "Unknown option '--bidz'"],
    [['--bids'], "Option '--bids <value>' argument missing"],
    [['--bids', '1.5'], '--bids needs a whole number of 0 or more (got 1.5)'],
    [['--bids', '10', '--batch', '0'], '--batch needs a whole number of 1 or more (got 0)'],
    [['--creators', '0'], '--bids, --items or --creators is required'],
    [[], '--bids, --items or --creators is required'],
    [['--bids', '10', 'extra'], "Unexpected argument 'extra'"],
  ])('refuses %j, saying why', (args, problem) => {
    expect(() => parseSeedOptions(args)).toThrow(SeedUsageError);
    expect(() => parseSeedOptions(args)).toThrow(problem);
  });

  it('asks for nothing more with --help', () => {
    expect(parseSeedOptions(['--help']).help).toBe(true);
  });
});

describe('the seed cache', () => {
  const options = parseSeedOptions(['--bids', '10000']);

  it('names a copy by what it holds and keys it by the options and the database', () => {
    const items = parseSeedOptions(['--bids', '10000', '--items', '500']);
    expect(cachePath('/c', 'pglite', options)).toMatch(/^\/c\/pglite-10000-[0-9a-f]{16}$/);
    expect(cachePath('/c', 'postgres', items)).toMatch(
      /^\/c\/postgres-10000-items-500-[0-9a-f]{16}\.dump$/,
    );
    expect(cacheKey('pglite', options)).toBe(cacheKey('pglite', { ...options, cache: false }));
    expect(cacheKey('pglite', options)).not.toBe(cacheKey('postgres', options));
    expect(cacheKey('pglite', options)).not.toBe(cacheKey('pglite', items));
    expect(cacheKey('pglite', options)).not.toBe(cacheKey('pglite', { ...options, accounts: 20 }));
  });
});
