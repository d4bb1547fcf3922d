// The flags of `npm run bench:scale` (scripts/bench-scale.mjs), read with parseArgs
// (scripts/cli.mjs), and the same options passed on to the PostgreSQL run in its own cluster.
import { commandLine, UsageError, wholeNumber } from '../cli.mjs';

const USAGE = `usage: npm run bench:scale -- [options]
  --bids 10000,100000,1000000  history sizes, or none
  --db pglite,postgres         the databases
  --runs 5                     fresh devices per median
  --timeout 60                 seconds a wait may take
  --missed 100000              bids missed before the catch-up
  --settle 20                  seconds the log must not shrink to count as compacted
  --compact-timeout 300        seconds the compaction may take
  --current-timeout 60         seconds the device of (e) may take to be current (--timeout)
  --items 0                    items seeded for the lists section (off unless given)
  --creators 0                 creators seeded beside them, their list added to the mix
  --list-rounds 10             times each client goes round the mix, after one not counted
  --bid-windows 12             the bids' 10 s windows while searches run (0 leaves them out)
  --no-build                   measure the build there is
  --no-browser                 the lists over HTTP alone, no Chromium`;

const NUMBERS = {
  runs: ['runs', 5, 1],
  timeoutS: ['timeout', 60, 1],
  missed: ['missed', 100_000, 1],
  settleS: ['settle', 20, 1],
  compactTimeoutS: ['compact-timeout', 300, 1],
  items: ['items', 0, 0],
  creators: ['creators', 0, 0],
  listRounds: ['list-rounds', 10, 1],
  bidWindows: ['bid-windows', 12, 0],
};

/** The options of the command line (USAGE); exits on --help or a refused flag. */
export function readOptions(args) {
  return commandLine(
    {
      name: 'bench:scale',
      usage: USAGE,
      options: {
        ...Object.fromEntries(
          [...Object.values(NUMBERS).map(([flag]) => flag), 'bids', 'db', 'current-timeout'].map(
            (flag) => [flag, { type: 'string' }],
          ),
        ),
        'no-build': { type: 'boolean' },
        'no-browser': { type: 'boolean' },
      },
      read: (line) => {
        const options = Object.fromEntries(
          Object.entries(NUMBERS).map(([key, [flag, fallback, least]]) => [
            key,
            line.number(flag, fallback, least),
          ]),
        );
        const sizes = line.values.bids;
        options.bids =
          sizes === undefined
            ? [10_000, 100_000, 1_000_000]
            : sizes === 'none'
              ? []
              : sizes.split(',').map((n) => wholeNumber('bids', n, 1));
        options.dbs = line.values.db?.split(',') ?? ['pglite', 'postgres'];
        const unknown = options.dbs.find((db) => db !== 'pglite' && db !== 'postgres');
        if (unknown) throw new UsageError(`--db takes pglite, postgres or both (got "${unknown}")`);
        options.currentTimeoutS = line.number('current-timeout', options.timeoutS, 1);
        options.longTaskS = 20;
        options.build = !line.values['no-build'];
        options.browser = !line.values['no-browser'];
        return options;
      },
    },
    args,
  );
}

/** The flags that give the PostgreSQL run in its own cluster these options, built already. */
export function passOn(options) {
  return [
    '--db',
    'postgres',
    '--bids',
    options.bids.length > 0 ? options.bids.join(',') : 'none',
    ...Object.entries(NUMBERS).flatMap(([key, [flag]]) => [`--${flag}`, String(options[key])]),
    '--current-timeout',
    String(options.currentTimeoutS),
    '--no-build',
    ...(options.browser ? [] : ['--no-browser']),
  ];
}
