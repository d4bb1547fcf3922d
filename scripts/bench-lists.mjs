// Explore and search over HTTP (issue 33, docs/performance.md "100,000 items: lists over
// HTTP"): GET /api/items for a mix of filters, sorts, pages and words, from a few clients at
// once, each going round the mix in its own order; p50 and p99 for explore (no words) and for
// search (and for the creators list, with --creators), and the slowest queries. `npm run bench:scale -- --items N` seeds the items, starts the
// server on each database and calls loadLists; against a server already running:
//
//   node scripts/bench-lists.mjs --origin http://127.0.0.1:8080 [--clients 4] [--rounds 10]
import { performance } from 'node:perf_hooks';
import { ms, percentile, verdict } from './bench-format.mjs';
import { commandLine, isMain, UsageError } from './cli.mjs';

/** The budgets: p99 over HTTP on 2 cores (PostgreSQL with 4 clients, PGlite with 1). */
export const LIST_BUDGET_MS = { postgres: 50, pglite: 150 };
export const LIST_CLIENTS = { postgres: 4, pglite: 1 };

/** The mix: a name and the query string of GET /api/items. */
export const LIST_QUERIES = [
  ['first page', ''],
  ['page 50', 'page=50'],
  ['page 50 of 60', 'page=50&pageSize=60'],
  ['after a cursor', 'after=-150000'],
  ['top rated, after a cursor', 'sort=top&after=4.5:-150000'],
  ...['Games', 'Art', 'Music', 'Video', 'Memes'].map((category) => [
    `category ${category}`,
    `category=${category}`,
  ]),
  ['category, page 20', 'category=Music&page=20'],
  ['market music', 'market=music'],
  ['market sports, top', 'market=sports&sort=top'],
  ...['now', 'auctions', 'offers'].map((sale) => [`sale ${sale}`, `sale=${sale}`]),
  ['sale and category', 'sale=auctions&category=Video'],
  ['top rated', 'sort=top'],
  ['lower rated', 'sort=low'],
  ['top rated, page 50', 'sort=top&page=50'],
  ['creator', 'creator=3'],
  ['creator, top', 'creator=7&sort=top'],
  ['search one word', 'q=cathedral'],
  ['search common word', 'q=neon'],
  ['search description word', 'q=lighthouse'],
  ['search two words', 'q=silver%20tide'],
  ['search prefix', 'q=glaci'],
  ['search typo', 'q=nenon%20horizn'],
  ['search no match', 'q=xylophonequark'],
  ['search, page 10', 'q=horizon&page=10'],
  ['search in a category', 'q=garden&category=Art'],
  ['search, top rated', 'q=neon&sort=top'],
];

/** The creators list's mix (GET /api/creators, with `npm run bench:scale -- --creators N`): a
 * name, the query string and the path. */
export const CREATOR_QUERIES = [
  ['creators, first page', ''],
  ['creators, page 50', 'page=50'],
  ['creators, after a cursor', 'after=-150000'],
  ['most followed', 'order=followers&pageSize=6'],
  ['most followed, page 20', 'order=followers&page=20'],
  ['creators search, a name', 'q=ada&pageSize=8'],
  ['creators search, a word', 'q=costa&pageSize=8'],
  ['creators search, a letter', 'q=m&pageSize=8'],
  ['creators search, no match', 'q=xylophonequark&pageSize=8'],
].map(([name, query]) => [name, query, '/api/creators']);

const isSearch = (query) => /(^|&)q=/.test(query);
const isCreators = (entry) => entry[2] === '/api/creators';
/** The mix's searches alone (bench:scale runs them while bids arrive). */
export const SEARCH_QUERIES = LIST_QUERIES.filter(([, query]) => isSearch(query));

/** `queries` in an order of their own for client `k` (a fixed shuffle). */
function shuffled(k, queries) {
  const order = queries.map((entry, i) => ({ entry, key: (i * 7919 + k * 104729) % 997 }));
  return order.sort((a, b) => a.key - b.key).map(({ entry }) => entry);
}

/**
 * `clients` clients at once, each going round `queries` (the whole mix unless given) after one
 * round not counted (warming); every answer must be 200 with items. Each client goes round
 * `rounds` times, or, with `phase`, until `phase()` says 'done', its requests counted while it
 * says 'count' (not while 'warm'). Returns the figures.
 */
export async function loadLists({ origin, clients, rounds, queries = LIST_QUERIES, phase }) {
  const times = new Map(queries.map(([name]) => [name, []]));
  const failures = [];
  const phaseOf = phase ?? ((round) => (round === 0 ? 'warm' : round <= rounds ? 'count' : 'done'));
  const client = async (k, count) => {
    const mix = shuffled(k, queries);
    for (let round = 0; count || round === 0; round += 1) {
      for (const [name, query, path = '/api/items'] of mix) {
        const now = count ? phaseOf(round) : 'warm';
        if (now === 'done') return;
        const start = performance.now();
        const response = await fetch(`${origin}${path}?${query}`);
        const body = await response.json().catch(() => null);
        const took = performance.now() - start;
        if (response.status !== 200 || !Array.isArray(body?.items ?? body?.creators)) {
          failures.push(`${name}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
        } else if (now === 'count') times.get(name).push(took);
      }
    }
  };
  await client(0, false);
  await Promise.all(Array.from({ length: clients }, (_, k) => client(k, true)));
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const figures = (names) => {
    const all = sorted(names.flatMap((name) => times.get(name)));
    return { n: all.length, p50: percentile(all, 50), p99: percentile(all, 99) };
  };
  const names = queries.map(([name]) => name);
  const items = queries.filter((entry) => !isCreators(entry));
  const slowest = names
    .map((name) => {
      const each = sorted(times.get(name));
      return { name, p50: percentile(each, 50), p99: percentile(each, 99) };
    })
    .sort((a, b) => b.p99 - a.p99);
  return {
    clients,
    explore: figures(items.filter(([, query]) => !isSearch(query)).map(([name]) => name)),
    search: figures(items.filter(([, query]) => isSearch(query)).map(([name]) => name)),
    creators: figures(queries.filter(isCreators).map(([name]) => name)),
    all: figures(names),
    slowest,
    failures,
  };
}

/** The figures as lines, with PASS or FAIL against `budgetMs` (p99). */
export function listLines(result, budgetMs) {
  const line = (label, f) =>
    `${label}: p50 ${ms(f.p50)}, p99 ${ms(f.p99)} (${f.n} requests) ${verdict(f.p99 <= budgetMs)} (p99 <= ${budgetMs} ms)`;
  return [
    `${result.clients} client${result.clients === 1 ? '' : 's'} at once`,
    line('explore', result.explore),
    line('search ', result.search),
    ...(result.creators.n > 0 ? [line('creators', result.creators)] : []),
    `slowest: ${result.slowest
      .slice(0, 5)
      .map((q) => `${q.name} p99 ${ms(q.p99)}`)
      .join('; ')}`,
    ...result.failures.slice(0, 5).map((failure) => `FAILED ${failure}`),
  ];
}

if (isMain(import.meta.url)) {
  const { origin, clients, rounds, budget } = commandLine({
    name: 'bench-lists',
    usage:
      'usage: node scripts/bench-lists.mjs --origin URL [--clients 4] [--rounds 10]\n' +
      '                                    [--budget 50 (150 with one client)]',
    options: {
      origin: { type: 'string' },
      clients: { type: 'string' },
      rounds: { type: 'string' },
      budget: { type: 'string' },
    },
    read: (line) => {
      if (!line.values.origin) throw new UsageError('--origin is required');
      const count = line.number('clients', 4, 1);
      return {
        origin: line.values.origin,
        clients: count,
        rounds: line.number('rounds', 10, 1),
        budget: line.number(
          'budget',
          count > 1 ? LIST_BUDGET_MS.postgres : LIST_BUDGET_MS.pglite,
          1,
        ),
      };
    },
  });
  const result = await loadLists({ origin, clients, rounds });
  for (const line of listLines(result, budget)) console.log(line);
  console.log(
    result.slowest.map((q) => `  ${q.name}: p50 ${ms(q.p50)}, p99 ${ms(q.p99)}`).join('\n'),
  );
  if (result.failures.length > 0) process.exitCode = 1;
}
