// What the server benchmarks share (scripts/bench-server.mjs, scripts/bench-events.mjs): a free
// port, percentiles, accounts to bid with, the running auctions, rising bids and
// a sender that counts what the server accepted, and the check of the final state against it.
// Traffic goes to 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { ms, percentile } from './bench-format.mjs';

export const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/**
 * No rate limits: the benchmarks sign up, bid and read lists far faster than a person would (and
 * from one address; bench-attack.mjs turns the read budgets back on); no cap on live
 * streams per address, as all their clients come from 127.0.0.1; and the whole log kept and
 * readable from any cursor (LOG_KEEP, SNAPSHOT_BEHIND): checkState reads every accepted bid back
 * from the log, which compaction would have trimmed to each item's newest, and a device would
 * start from the snapshot instead (npm run bench:scale measures those).
 */
export const BENCH_SERVER_ENV = {
  RATE_LIMIT_LOGIN: '0',
  RATE_LIMIT_WRITES: '0',
  STREAMS_PER_ADDRESS: '0',
  READS_PER_ADDRESS: '0',
  READS_PER_ACCOUNT: '0',
  PG_POOL_SIZE: '20',
  LOG_KEEP: '100000000',
  SNAPSHOT_BEHIND: '100000000',
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address();
        probe.close(() => resolve(port));
      });
  });
}

/** utime + stime of a process in seconds (Linux /proc), or 0 once it is gone. */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The parent process id of `pid`, or 0. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by the server processes (`pids`), the PostgreSQL cluster of
 * scripts/with-postgres.sh (its postmaster and every backend; PG_DATA names it) and this
 * process. Differences of two readings divided by the requests between them are the CPU each
 * request cost, a figure other load on the machine barely moves, unlike throughput.
 */
export function cpuReading(pids) {
  let postgres = 0;
  const dataDir = process.env.PG_DATA;
  if (dataDir) {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    postgres = cpuSeconds(postmaster);
    for (const entry of readdirSync('/proc')) {
      if (/^\d+$/.test(entry) && parentOf(entry) === postmaster) postgres += cpuSeconds(entry);
    }
  }
  const own = process.cpuUsage();
  return {
    server: pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    postgres,
    bench: (own.user + own.system) / 1e6,
  };
}

/** "server 1.20, PostgreSQL 0.90, benchmark 0.30 ms" of CPU per request between two readings. */
export function cpuPerRequest(before, after, requests) {
  const per = (key) => (((after[key] - before[key]) / requests) * 1000).toFixed(2);
  return (
    `server ${per('server')}` +
    (process.env.PG_DATA ? `, PostgreSQL ${per('postgres')}` : '') +
    `, this benchmark ${per('bench')} ms`
  );
}

// Kept here too: the server benchmarks take them from this module.
export { ms, percentile };

export { signUpAccounts } from './bench-sign-up.mjs';

/** Reads the change log after `since` page by page, calling `each` per change. */
export async function readChanges(origin, since, each) {
  let cursor = since;
  let pages = 0;
  for (;;) {
    const page = await (await fetch(`${origin}/api/changes?since=${cursor}`)).json();
    if (page.reset)
      throw new Error(`the server's log starts after ${cursor}: start from /api/snapshot`);
    pages += 1;
    for (const change of page.changes) each(change);
    cursor = page.cursor;
    if (!page.more) return { cursor, pages };
  }
}

/** The auctions that run for more than another hour, and the log's cursor they were read at. */
export async function auctions(origin) {
  const items = new Map();
  const { cursor } = await readChanges(origin, 0, (change) => {
    if (change.topic === 'item' && change.data) items.set(change.data.id, change.data);
  });
  const running = [...items.values()].filter(
    (item) => item.saleKind === 'auctions' && Date.parse(item.liveDate) > Date.now() + 3600_000,
  );
  return { items: running, cursor };
}

/** Bids that rise by 0.01 ETH per item, each from the next account in turn. */
export function bidMaker(items, cookies) {
  const next = new Map(items.map((item) => [item.id, Number(item.highestBidEth)]));
  let turn = 0;
  return () => {
    turn += 1;
    const item = items[turn % items.length];
    const price = Number(next.get(item.id)) + 0.01;
    next.set(item.id, price);
    return {
      cookie: cookies[turn % cookies.length],
      mutation: {
        id: randomUUID(),
        v: 1,
        at: new Date().toISOString(),
        kind: 'bid',
        args: { itemId: item.id, priceEth: price.toFixed(2), quantity: 1 },
      },
    };
  };
}

/**
 * The load generator's HTTP/1.1 client: at most CONNECTIONS kept-alive sockets per origin,
 * opened before a run (openConnections), each carrying one request at a time, as a load
 * generator's clients are (autocannon's -c). A request that finds them all busy waits for one,
 * and its latency, counted from its scheduled time, shows the wait; without a bound, a server
 * slow for a moment got a new connection per request, hundreds at once. Each request is
 * written as one string and its answer read by its Content-Length: less CPU per request than
 * Node's http client, and the benchmark shares the machine with what it measures.
 */
export let CONNECTIONS = 50;

/** Sets CONNECTIONS (a benchmark's --connections), before any request is sent. */
export function useConnections(count) {
  CONNECTIONS = count;
}

/** One kept-alive connection; send() writes a request and resolves to its answer. */
function openConnection(host, port) {
  const socket = connect({ host, port, noDelay: true });
  socket.unref();
  let buffer = Buffer.alloc(0);
  let waiting = null;
  const connection = { broken: false, ready: null, send };
  connection.ready = new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  connection.ready.catch(() => undefined);
  const fail = (error) => {
    connection.broken = true;
    socket.destroy();
    const done = waiting;
    waiting = null;
    done?.reject(error);
  };
  socket.on('error', fail);
  socket.on('close', () =>
    fail(Object.assign(new Error('connection closed'), { code: 'ECONNRESET' })),
  );
  socket.on('data', (chunk) => {
    buffer = buffer.length > 0 ? Buffer.concat([buffer, chunk]) : chunk;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const declared = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!declared && status !== 204 && status !== 304) {
      return fail(new Error('an answer without Content-Length'));
    }
    const total = end + 4 + Number(declared?.[1] ?? 0);
    if (buffer.length < total) return;
    const body = buffer.subarray(end + 4, total).toString('utf8');
    buffer = buffer.subarray(total);
    const done = waiting;
    waiting = null;
    socket.unref();
    done.resolve({ status, body });
  });
  async function send(text) {
    await connection.ready;
    if (connection.broken)
      throw Object.assign(new Error('connection closed'), { code: 'ECONNRESET' });
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      // Held open while an answer is awaited: an idle connection never keeps the process alive.
      socket.ref();
      socket.write(text);
    });
  }
  return connection;
}

const pools = new Map();

function poolOf(origin) {
  let pool = pools.get(origin);
  if (!pool) {
    const { hostname, port } = new URL(origin);
    pool = { origin, host: hostname, port: Number(port), open: 0, idle: [], queue: [] };
    pools.set(origin, pool);
  }
  return pool;
}

function take(pool) {
  const idle = pool.idle.pop();
  // One the server closed while it sat unused past its keep-alive timeout (65 s: the pool hands
  // out its newest first, so a long run leaves the others idle) is replaced, as a browser
  // replaces it: nothing was sent on it, so nothing failed.
  if (idle?.broken) return Promise.resolve(openConnection(pool.host, pool.port));
  if (idle) return Promise.resolve(idle);
  if (pool.open < CONNECTIONS) {
    pool.open += 1;
    return Promise.resolve(openConnection(pool.host, pool.port));
  }
  return new Promise((resolve) => pool.queue.push(resolve));
}

function giveBack(pool, connection) {
  // A connection the server closed is replaced: the pool keeps its size.
  const next = connection.broken ? openConnection(pool.host, pool.port) : connection;
  const waiter = pool.queue.shift();
  if (waiter) waiter(next);
  else pool.idle.push(next);
}

/** Opens every connection the benchmark will use to `origin`, before it measures anything. */
export async function openConnections(origin) {
  const pool = poolOf(origin);
  const opened = [];
  while (pool.open < CONNECTIONS) opened.push(await take(pool));
  await Promise.all(opened.map((connection) => connection.ready));
  for (const connection of opened) giveBack(pool, connection);
}

/** POSTs `body` as JSON; resolves to the status and the parsed answer (null if not JSON). */
export async function postJson(url, body, headers = {}) {
  const { origin, pathname, search, host } = new URL(url);
  const text = JSON.stringify(body);
  const lines = [
    `POST ${pathname}${search} HTTP/1.1`,
    `host: ${host}`,
    'content-type: application/json',
    `content-length: ${Buffer.byteLength(text)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  const pool = poolOf(origin);
  const connection = await take(pool);
  try {
    const answer = await connection.send(`${lines.join('\r\n')}\r\n\r\n${text}`);
    let json = null;
    try {
      json = JSON.parse(answer.body);
    } catch {
      // Not JSON: the status tells.
    }
    return { status: answer.status, json };
  } finally {
    giveBack(pool, connection);
  }
}

/**
 * Pushes one bid per request to `origin`, keeping the accepted mutations, the refused ones'
 * codes (by mutation id) and the bids whose request failed (`unanswered`: the server may have
 * stored them; a device pushes them again with the same id).
 */
export function makeSender(origin) {
  const accepted = [];
  const refusals = new Map();
  const unanswered = [];
  let failed = 0;
  async function send(bid) {
    const { cookie, mutation } = bid;
    try {
      const { status, json } = await postJson(
        `${origin}/api/push`,
        { mutations: [mutation] },
        { origin, cookie },
      );
      if (status < 200 || status >= 300) return fail(bid, `HTTP ${status}`);
      const result = json?.results?.[0];
      if (result?.status === 'applied') accepted.push(mutation);
      else refusals.set(mutation.id, result?.code ?? 'no result');
    } catch (error) {
      fail(bid, error?.code ?? error?.name ?? 'error');
    }
  }
  const reasons = new Map();
  function fail(bid, reason) {
    failed += 1;
    unanswered.push(bid);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const failures = () =>
    failed ? ` (${[...reasons].map(([reason, n]) => `${reason} x${n}`).join(', ')})` : '';
  return {
    send,
    accepted,
    refusals,
    unanswered,
    counts: () => ({ refused: refusals.size, failed: `${failed}${failures()}` }),
  };
}

/**
 * Each item's highest bid and the bids in the change log after `since`, from the server,
 * against the bids it accepted (`items` as they were at `since`). Prints one line; returns
 * whether they match and each item's highest bid as the log has it.
 */
export async function checkState(origin, items, accepted, since = 0) {
  const expected = new Map(
    items.map((item) => [item.id, { max: Number(item.highestBidEth), bids: 0 }]),
  );
  for (const mutation of accepted) {
    const entry = expected.get(mutation.args.itemId);
    entry.max = Math.max(entry.max, Number(mutation.args.priceEth));
    entry.bids += 1;
  }
  const seen = new Map(items.map((item) => [item.id, Number(item.highestBidEth)]));
  // A new bid enters the log as active; an older one comes again when outbid.
  const bidIds = new Set();
  const older = new Set();
  await readChanges(origin, since, (change) => {
    if (change.topic === 'item' && change.data) {
      seen.set(change.data.id, Number(change.data.highestBidEth));
    }
    if (change.topic === 'bid' && change.data && !older.has(change.key)) {
      if (change.data.status === 'active') bidIds.add(change.key);
      else if (!bidIds.has(change.key)) older.add(change.key);
    }
  });
  const problems = [];
  for (const [id, want] of expected) {
    const have = seen.get(id);
    if (!(Math.abs(have - want.max) <= 1e-9)) {
      problems.push(`item ${id}: highest ${have}, expected ${want.max}`);
    }
  }
  const missing = accepted.filter((m) => !bidIds.has(m.id)).length;
  if (missing) problems.push(`${missing} accepted bids missing from the change log`);
  if (bidIds.size !== accepted.length) {
    problems.push(`${bidIds.size} bids in the log, ${accepted.length} accepted`);
  }
  console.log(
    problems.length
      ? `  STATE MISMATCH: ${problems.join('; ')}`
      : `  state: every item's highest bid and all ${accepted.length} accepted bids match the server`,
  );
  return { ok: problems.length === 0, highest: seen, expected };
}
