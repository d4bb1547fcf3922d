// The flags of `npm run seed` (server/scale/history-cli.ts), read with node:util parseArgs:
// strict, so an unknown flag or a flag without its value is refused with the usage.
import { parseArgs } from 'node:util';

export const SEED_USAGE =
  'usage: npm run seed -- [--bids N] [--items N] [--creators N] [--accounts 1000] [--collector-bids 10000] [--batch 20000] [--no-cache] [--summary FILE|-]';

/** A command line `npm run seed` refuses; its message says why. */
export class SeedUsageError extends Error {}

export interface SeedOptions {
  bids: number;
  items: number;
  creators: number;
  accounts: number | undefined;
  collectorBids: number | undefined;
  batch: number | undefined;
  cache: boolean;
  /** A file for the history's figures as JSON (historySummary), or - for the standard output. */
  summary: string | undefined;
  help: boolean;
}

const COUNTS = ['bids', 'items', 'creators', 'accounts', 'collector-bids', 'batch'] as const;

/** `text` as a whole number of `least` or more ("1_000_000" allowed), else a SeedUsageError. */
function count(name: string, text: string | undefined, least: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text.replaceAll('_', ''));
  if (text.trim() === '' || !Number.isSafeInteger(n) || n < least) {
    throw new SeedUsageError(`--${name} needs a whole number of ${least} or more (got ${text})`);
  }
  return n;
}

/** The options of `args` (SEED_USAGE); throws SeedUsageError for a line it refuses. */
export function parseSeedOptions(args: string[]): SeedOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        ...Object.fromEntries(COUNTS.map((name) => [name, { type: 'string' as const }])),
        summary: { type: 'string' },
        'no-cache': { type: 'boolean' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new SeedUsageError(error instanceof Error ? error.message : String(error));
  }
  const text = values as Record<string, string | undefined>;
  const options: SeedOptions = {
    bids: count('bids', text.bids, 0) ?? 0,
    items: count('items', text.items, 0) ?? 0,
    creators: count('creators', text.creators, 0) ?? 0,
    accounts: count('accounts', text.accounts, 1),
    collectorBids: count('collector-bids', text['collector-bids'], 0),
    batch: count('batch', text.batch, 1),
    cache: values['no-cache'] !== true,
    summary: values.summary,
    help: values.help === true,
  };
  if (options.summary === '') {
    throw new SeedUsageError('--summary needs a file, or - for the standard output');
  }
  const asked = text.bids !== undefined || text.items !== undefined || options.creators > 0;
  if (!asked && !options.help) {
    throw new SeedUsageError('--bids, --items or --creators is required');
  }
  return options;
}

/** Whether the options add anything to the database. */
export const addsSomething = (options: SeedOptions) =>
  options.bids > 0 || options.items > 0 || options.creators > 0;

/** "1,000 bids and 100 items": what the options add, for the log. */
export const whatIsAdded = (options: SeedOptions) =>
  [
    options.bids > 0 ? `${options.bids.toLocaleString('en')} bids` : '',
    options.items > 0 ? `${options.items.toLocaleString('en')} items` : '',
    options.creators > 0 ? `${options.creators.toLocaleString('en')} creators` : '',
  ]
    .filter(Boolean)
    .join(' and ');
