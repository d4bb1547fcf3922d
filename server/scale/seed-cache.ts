// Where `npm run seed` (server/scale/history-cli.ts) keeps what it seeded on a new database, and
// when a copy still serves: the cache's key is the options, the migrations, the sample and the
// seeding code, so a change to any of them seeds again; a copy older than 14 days is made again.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedOptions } from './seed-options.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** A cached history older than this is made again (its auctions end 30 days after it). */
const CACHE_MAX_AGE_MS = 14 * 24 * 3600_000;

/** The code whose output a cached history is. */
const HISTORY_CODE = [
  'server/scale/history.ts',
  'server/catalog/seed.ts',
  'server/core/change-log.ts',
  'server/core/snapshots.ts',
  'server/market/activity.ts',
  'server/market/bid-records.ts',
];

/** What a cached history depends on: the options, the migrations, the seeding code, the sample. */
export function cacheKey(kind: string, options: SeedOptions): string {
  const hash = createHash('sha256');
  // Without items, the key is the one a history alone had before items could be seeded.
  const key: unknown[] = [
    kind,
    options.bids,
    options.accounts ?? null,
    options.collectorBids ?? null,
  ];
  if (options.items > 0) key.push(options.items);
  if (options.creators > 0) key.push({ creators: options.creators });
  hash.update(JSON.stringify(key));
  const files = [
    ...['server/migrations', 'src/data/sample'].flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((file) => /\.(ts|sql)$/.test(file))
        .sort()
        .map((file) => `${dir}/${file}`),
    ),
    ...HISTORY_CODE,
    ...(options.items > 0 ? ['server/scale/items.ts'] : []),
    ...(options.creators > 0 ? ['server/scale/creators.ts'] : []),
  ];
  for (const file of files) hash.update(file).update(readFileSync(join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** A cache's name: the bids, and the items and creators when there are. */
export const cacheName = (options: SeedOptions) =>
  [
    String(options.bids),
    options.items > 0 ? `items-${options.items}` : '',
    options.creators > 0 ? `creators-${options.creators}` : '',
  ]
    .filter(Boolean)
    .join('-');

/** The copy `kind` (pglite, postgres) of what `options` seed, in `cacheDir`. */
export const cachePath = (cacheDir: string, kind: 'pglite' | 'postgres', options: SeedOptions) =>
  join(
    cacheDir,
    `${kind}-${cacheName(options)}-${cacheKey(kind, options)}${kind === 'postgres' ? '.dump' : ''}`,
  );

/** Whether the copy at `path` is there and young enough to restore. */
export function freshCache(path: string): boolean {
  return existsSync(path) && Date.now() - statSync(path).mtimeMs < CACHE_MAX_AGE_MS;
}
