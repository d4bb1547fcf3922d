// `npm run bench:server`'s attack line (issue 42): the server's budgets while somebody attacks it
// with reads. On the server as scripts/bench-server.mjs starts it, but with its limits on (sign-ups
// aside: the benchmark signs its bidders up from one address), an attacker from its own address
// (127.0.0.2) runs `--attackers` loops that each send the next public read as soon as the last is
// answered: the change log's page 9,999 entries behind the newest (about 1 MB), item searches,
// creator searches and deep list pages. Meanwhile bids from 127.0.0.1 at a fixed rate (100 a
// second on PostgreSQL, 50 on PGlite) and one live stream, which must deliver each accepted bid.
//
//   node scripts/bench-attack.mjs [--seconds 15] [--attackers 200] [--rate N] [--warmup 5]
//
// The server first takes `--warmup` seconds of bids at the same rate, not counted (a fresh
// server compiles its code in its first seconds: bench-server.mjs's warm-up row), then the
// attack starts and the bids are counted.
//
// PASS or FAIL for each budget: the bids' p99 (<= 50 ms on PostgreSQL, <= 150 ms on PGlite), the
// stream's delivery p99 (<= 250 ms), and the attacker refused (429 or 503) at least once with no
// request of its unanswered for 15 s. A benchmark, not a test: it exits 0 whatever the figures.
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  auctions,
  BENCH_SERVER_ENV,
  bidMaker,
  database,
  freePort,
  ms,
  openConnections,
  percentile,
  signUpAccounts,
} from './bench-support.mjs';
import { openLoop } from './bench-server.mjs';
import { commandLine } from './cli.mjs';
import { startServer } from './start-server.mjs';

const postgres = Boolean(process.env.DATABASE_URL);
const USAGE = `usage: node scripts/bench-attack.mjs [--seconds 15] [--attackers 200]
  [--rate 100 (50 on PGlite)] [--warmup 5]`;
const { SECONDS, ATTACKERS, RATE, WARMUP } = commandLine({
  name: 'bench-attack',
  usage: USAGE,
  options: {
    seconds: { type: 'string' },
    attackers: { type: 'string' },
    rate: { type: 'string' },
    warmup: { type: 'string' },
  },
  read: ({ number }) => ({
    SECONDS: number('seconds', 15, 1),
    ATTACKERS: number('attackers', 200, 1),
    RATE: number('rate', postgres ? 100 : 50, 1),
    WARMUP: number('warmup', 5, 0),
  }),
});
const BID_P99_MS = postgres ? 50 : 150;
const DELIVERY_P99_MS = 250;
/** An attacker's request unanswered this long is a hang. */
const HANG_MS = 15_000;
const ATTACKER_ADDRESS = '127.0.0.2';

/** The server's limits on, as `npm start` has them, but sign-ups (and the log kept whole); the
 * API alone (the attack reads no page). */
const ENV = { ...BENCH_SERVER_ENV, API_ONLY: '1' };
delete ENV.RATE_LIMIT_WRITES;
delete ENV.STREAMS_PER_ADDRESS;
delete ENV.READS_PER_ADDRESS;
delete ENV.READS_PER_ACCOUNT;

const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

/** One live stream from `since`: calls `onChange` with each change as it arrives. */
function liveStream(origin, since, onChange) {
  const req = request(`${origin}/api/events?since=${since}`, (res) => {
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (text) => {
      buffer += text;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (!block.startsWith('event: changes') || !data) continue;
        for (const change of JSON.parse(data.slice('data: '.length)).changes) onChange(change);
      }
    });
  });
  req.on('error', () => undefined);
  req.end();
  return () => req.destroy();
}

/** One GET from the attacker's address: its status, 'hung' past HANG_MS, or 'failed'. */
function attackerGet(origin, path) {
  return new Promise((resolve) => {
    let done = false;
    const settle = (outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(`${origin}${path}`, { localAddress: ATTACKER_ADDRESS }, (res) => {
      res.resume();
      res.on('end', () => settle(res.statusCode));
      res.on('error', () => settle('failed'));
    });
    const timer = setTimeout(() => {
      settle('hung');
      req.destroy();
    }, HANG_MS);
    req.on('error', () => settle('failed'));
    req.end();
  });
}

/** `loops` loops of reads without pause until `until`; resolves to the outcomes counted. */
async function attack(origin, loops, paths, until) {
  const outcomes = new Map();
  let sent = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let n = loop; performance.now() < until; n += 1) {
        sent += 1;
        const outcome = await attackerGet(origin, paths[n % paths.length]);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  return { sent, outcomes };
}

async function main() {
  const port = await freePort();
  console.log(`bench:attack on ${database}: ${ATTACKERS} read loops from ${ATTACKER_ADDRESS}`);
  const server = await startServer({ port, env: ENV });
  const { origin } = server;
  try {
    const cookies = await signUpAccounts(origin, 50);
    const { items, cursor } = await auctions(origin);
    if (items.length === 0) throw new Error('no running auction to bid on');
    const words = [
      ...new Set(items.flatMap((item) => String(item.title).toLowerCase().split(/\W+/))),
    ].filter((word) => word.length > 2);
    const paths = [
      `/api/changes?since=${Math.max(0, cursor - 9999)}&limit=1000`,
      ...words.slice(0, 8).map((word) => `/api/items?q=${encodeURIComponent(word)}`),
      ...words.slice(0, 8).map((word) => `/api/creators?q=${encodeURIComponent(word.slice(0, 3))}`),
      '/api/items?page=50&pageSize=60',
      '/api/creators?page=50',
    ];
    await openConnections(origin);

    // Each accepted bid's delivery: from when it was made to when the stream held it.
    const madeAt = new Map();
    const deliveries = [];
    const stopStream = liveStream(origin, cursor, (change) => {
      const made = change.topic === 'bid' ? madeAt.get(change.key) : undefined;
      if (made === undefined) return;
      deliveries.push(performance.now() - made);
      madeAt.delete(change.key);
    });
    const makeBid = bidMaker(items, cookies);
    if (WARMUP > 0) {
      await openLoop(origin, makeBid, null, {
        seconds: WARMUP,
        label: 'warm-up, no attack (not counted)',
        rate: RATE,
      });
    }
    const timedBid = () => {
      const bid = makeBid();
      madeAt.set(bid.mutation.id, performance.now());
      return bid;
    };

    const started = performance.now();
    const attacking = attack(origin, ATTACKERS, paths, started + SECONDS * 1000);
    const bids = await openLoop(origin, timedBid, null, {
      seconds: SECONDS,
      label: `bids under attack from 127.0.0.1`,
      rate: RATE,
    });
    const { sent, outcomes } = await attacking;
    // The stream's last deliveries.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    stopStream();

    const accepted = new Set(bids.accepted.map((mutation) => mutation.id));
    const undelivered = [...madeAt.keys()].filter((id) => accepted.has(id)).length;
    deliveries.sort((a, b) => a - b);
    const delivery99 = percentile(deliveries, 99);
    const refused = (outcomes.get(429) ?? 0) + (outcomes.get(503) ?? 0);
    const hung = outcomes.get('hung') ?? 0;
    const tally = [...outcomes].map(([outcome, n]) => `${outcome} x${n}`).join(', ');
    console.log(`  attacker: ${sent} requests in ${SECONDS} s (${tally})`);
    console.log(
      `  live stream: ${deliveries.length} bids delivered, ${undelivered} accepted never; ` +
        `p50 ${ms(percentile(deliveries, 50))}, p99 ${ms(delivery99)}`,
    );
    const bidsOk = bids.p99 <= BID_P99_MS && bids.failed === 0;
    console.log(
      `  bids under attack: p99 ${ms(bids.p99)}, ${bids.failed} failed ${verdict(bidsOk)} (p99 <= ${BID_P99_MS} ms)`,
    );
    const deliveryOk = delivery99 <= DELIVERY_P99_MS && undelivered === 0;
    console.log(
      `  live delivery: p99 ${ms(delivery99)}, ${undelivered} accepted bids never delivered ${verdict(deliveryOk)} (p99 <= ${DELIVERY_P99_MS} ms, every one delivered)`,
    );
    console.log(
      `  attacker: ${refused} refused, ${hung} unanswered for ${HANG_MS / 1000} s ${verdict(refused > 0 && hung === 0)} (429 or 503, never a hang)`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.log(`bench:attack: ${error.message}`);
  process.exitCode = 1;
});
