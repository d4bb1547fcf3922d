// The live event stream under load (`npm run bench:server` runs it after scripts/bench-server.mjs):
// `clients` streams of GET /api/events held open while bids arrive at `rate` a second for
// `seconds`, open loop (each bid sent at its time whatever the answers). A benchmark, not a
// test: it prints figures and exits non-zero only when a stream missed an accepted bid or the
// final state differs from the accepted writes. Traffic goes to 127.0.0.1 only.
//
//   node scripts/bench-events.mjs [--clients 500] [--rate 100] [--seconds 30] [--servers 1]
//                                 [--workers 2] [--accounts 50]
//
// With `--servers 2` (PostgreSQL only: DATABASE_URL, e.g. inside scripts/with-postgres.sh) two
// server processes share the database; the streams alternate between them and so do the bids,
// so each bid reaches half the streams through the other process (LISTEN/NOTIFY).
//
// Measured: that every stream receives every accepted bid (the 'bid' changes, by the bid's id)
// in an unbroken run of batches (each batch's `since` is the previous batch's cursor); the
// delivery latency from the moment the bid was sent to the moment a stream held it (p50, p99,
// max over every stream and bid); and that the final state equals the accepted writes (per item,
// the highest accepted price is what GET /api/changes shows and the last highestBidEth each
// stream carried). Streams are read with Node's own HTTP client (a fraction of fetch's CPU per
// chunk), each on a connection of its own; the run starts only once every stream has its
// `hello`. The streams are read in `workers` worker threads (0: in the
// main thread), so reading them neither becomes one event loop's bottleneck nor delays the bids
// the main thread sends (see the event-loop delays in the output). A failed push is sent again
// with the same id after the run, as a device would; delivery is also given from the push's
// answer, which leaves out the time a bid waited to be written.
import { setMaxListeners } from 'node:events';
import { get } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  auctions,
  BENCH_SERVER_ENV,
  bidMaker,
  checkState,
  cpuPerRequest,
  cpuReading,
  database,
  freePort,
  makeSender,
  ms,
  option,
  percentile,
  readChanges,
  signUpAccounts,
} from './bench-support.mjs';
import { startServer } from './start-server.mjs';

/** Milliseconds since the epoch, sub-millisecond, comparable across threads. */
const clock = () => performance.timeOrigin + performance.now();

const BATCH_HEAD = /^\{"since":(\d+),"cursor":(\d+),/;
/** How long the streams get to open before the run gives up. */
const READY_MS = 60_000;

/**
 * Streams from `origins` (one per stream) starting after `since`. Parsing is kept cheap: events
 * are split on blank lines, and a batch's JSON is parsed once for all streams (every stream at
 * the same cursor receives the same batch): a later stream's copy is compared with the parsed
 * one as a string, and parsed on its own when it differs.
 */
function streamGroup(origins, since) {
  const batches = [];
  const byText = new Map();
  const controller = new AbortController();
  // Every stream of the group listens to this one signal: hundreds of listeners, not a leak.
  setMaxListeners(0, controller.signal);
  let finishing = false;

  function batchIndex(data) {
    const head = BATCH_HEAD.exec(data);
    const key = head ? `${head[1]}:${head[2]}` : null;
    const known = key === null ? undefined : byText.get(key);
    if (known !== undefined && batches[known].data === data) return known;
    const batch = JSON.parse(data);
    const bids = [];
    const items = [];
    for (const change of batch.changes) {
      // A new bid enters the log as active; an older one comes again when outbid.
      if (change.topic === 'bid' && change.data?.status === 'active') bids.push(change.key);
      else if (change.topic === 'item' && change.data) {
        items.push([change.data.id, String(change.data.highestBidEth)]);
      }
    }
    batches.push({ data, since: batch.since, cursor: batch.cursor, bids, items });
    if (key !== null && known === undefined) byText.set(key, batches.length - 1);
    return batches.length - 1;
  }

  const clients = origins.map((origin) => ({
    origin,
    cursor: since,
    hello: null,
    batch: [],
    at: [],
    gaps: 0,
    reconnects: 0,
    error: null,
  }));

  /** One stream, read until it ends or fails; resolves either way. */
  function readStream(client, onHello) {
    return new Promise((resolve) => {
      const call = get(
        `${client.origin}/api/events?since=${since}`,
        {
          agent: false,
          headers: client.hello ? { 'Last-Event-ID': String(client.cursor) } : {},
          signal: controller.signal,
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            return resolve(new Error(`GET /api/events answered ${response.statusCode}`));
          }
          response.setEncoding('utf8');
          let buffer = '';
          response.on('data', (text) => {
            const now = clock();
            buffer += text;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (block.startsWith('event: changes\n')) {
                const from = block.indexOf('data: ') + 6;
                const index = batchIndex(block.slice(from, block.indexOf('\n', from)));
                const batch = batches[index];
                if (batch.since !== client.cursor) client.gaps += 1;
                client.cursor = batch.cursor;
                client.batch.push(index);
                client.at.push(now);
              } else if (block.startsWith('event: hello\n')) {
                const from = block.indexOf('data: ') + 6;
                const hello = JSON.parse(block.slice(from, block.indexOf('\n', from)));
                if (!client.hello) onHello();
                else client.reconnects += 1;
                client.hello = hello;
              }
            }
          });
          response.on('end', () => resolve(new Error('the stream ended')));
          response.on('error', resolve);
        },
      );
      call.on('error', resolve);
    });
  }

  async function follow(client, onHello) {
    for (;;) {
      const error = await readStream(client, onHello);
      if (finishing) return;
      client.error = error?.code ?? error?.message ?? 'error';
      if (client.reconnects >= 5) return;
      // As a browser does: come back after a moment from the last cursor (Last-Event-ID).
      await new Promise((resume) => setTimeout(resume, 1000));
    }
  }

  let helloCount = 0;
  let allHellos;
  let timer;
  const ready = new Promise((resolve, reject) => {
    allHellos = resolve;
    timer = setTimeout(() => {
      const errors = [...new Set(clients.map((client) => client.error).filter(Boolean))];
      reject(
        new Error(
          `only ${helloCount} of ${clients.length} streams opened in ${READY_MS / 1000} s` +
            (errors.length ? ` (${errors.join(', ')})` : ''),
        ),
      );
    }, READY_MS);
  }).finally(() => clearTimeout(timer));
  const running = clients.map((client) =>
    follow(client, () => {
      helloCount += 1;
      if (helloCount === clients.length) allHellos();
    }),
  );

  /** Closes every stream at once (the run failed). */
  async function close() {
    finishing = true;
    controller.abort();
    await Promise.allSettled(running);
  }

  /** Waits until every stream holds `target` (or `waitMs` passed), then closes them. */
  async function finish(target, waitMs) {
    const deadline = Date.now() + waitMs;
    const behind = () => clients.some((client) => client.cursor < target);
    while (Date.now() < deadline && behind()) {
      await new Promise((resume) => setTimeout(resume, 50));
    }
    const caughtUp = !behind();
    await close();
    return {
      caughtUp,
      batches: batches.map(({ since: from, cursor, bids, items }) => ({
        since: from,
        cursor,
        bids,
        items,
      })),
      clients: clients.map(({ cursor, batch, at, gaps, reconnects, error, hello }) => ({
        cursor,
        batch,
        at,
        gaps,
        reconnects,
        error,
        hello: hello !== null,
      })),
    };
  }
  return { ready, finish, close };
}

/** A stream group in a worker thread, driven by messages. */
function workerGroup(origins, since) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { origins, since } });
  const next = (type) =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const ready = next('ready').then((message) => {
    if (message.error) throw new Error(message.error);
  });
  return {
    ready,
    close: () => worker.terminate(),
    async finish(target, waitMs) {
      const results = next('results');
      worker.postMessage({ type: 'finish', target, waitMs });
      const { caughtUp, batches, clients, loopDelayP99 } = await results;
      await worker.terminate();
      return { caughtUp, batches, clients, loopDelayP99 };
    },
  };
}

if (!isMainThread) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const group = streamGroup(workerData.origins, workerData.since);
  group.ready.then(
    () => parentPort.postMessage({ type: 'ready' }),
    (error) => parentPort.postMessage({ type: 'ready', error: error.message }),
  );
  parentPort.on('message', async (message) => {
    if (message.type !== 'finish') return;
    const results = await group.finish(message.target, message.waitMs);
    loop.disable();
    parentPort.postMessage({
      type: 'results',
      ...results,
      loopDelayP99: loop.percentile(99) / 1e6,
    });
  });
}

const CLIENTS = option('clients', 500);
const RATE = option('rate', 100);
const SECONDS = option('seconds', 30);
const SERVERS = option('servers', 1);
const WORKERS = option('workers', 2);
const ACCOUNTS = option('accounts', 50);
/** The budget of the issue: p99 delivery under 250 ms. */
const BUDGET_MS = 250;
/** How long the streams get, after the last bid was answered, to hold everything. */
const DRAIN_MS = 30_000;

async function startServers() {
  const env = { ...BENCH_SERVER_ENV };
  const servers = [];
  try {
    // One after the other: the first migrates and seeds, the next starts on that database.
    for (let i = 0; i < SERVERS; i += 1) {
      servers.push(await startServer({ port: await freePort(), env }));
    }
  } catch (error) {
    for (const server of servers) await server.stop();
    throw error;
  }
  return servers;
}

/** Bids at RATE a second for SECONDS, round robin over the servers, open loop. */
async function openLoop(origins, makeBid) {
  const senders = origins.map((origin) => makeSender(origin));
  const total = RATE * SECONDS;
  const sentAt = new Map();
  const late = [];
  const answered = [];
  const answeredAt = new Map();
  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const bid = makeBid();
    late.push(Math.max(0, performance.now() - due));
    const at = clock();
    sentAt.set(bid.mutation.id, at);
    inFlight.push(
      senders[i % senders.length].send(bid).then(() => {
        const now = clock();
        answered.push(now - at);
        answeredAt.set(bid.mutation.id, now);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  late.sort((a, b) => a - b);
  answered.sort((a, b) => a - b);
  const failed = [];
  const refusals = new Map();
  for (const sender of senders) {
    const counts = sender.counts();
    if (!counts.failed.startsWith('0')) failed.push(counts.failed);
    for (const [id, code] of sender.refusals) refusals.set(id, code);
  }
  const accepted = senders.flatMap((sender) => sender.accepted);
  console.log(
    `  bids: ${total} sent at ${RATE}/s in ${elapsed.toFixed(1)} s, ${accepted.length} accepted, ` +
      `${refusals.size} refused (${byCount(refusals.values()) || 'none'}; outbid: a higher bid ` +
      `sent later reached the server first), ${failed.length ? failed.join(' + ') : 0} failed`,
  );
  console.log(
    `    push answered p50 ${ms(percentile(answered, 50))}, p99 ${ms(percentile(answered, 99))}; ` +
      `sends behind schedule p99 ${ms(percentile(late, 99))}, max ${ms(late.at(-1) ?? NaN)}`,
  );
  // A request that failed may still have been stored; as a device does, push it again with the
  // same id: the server answers a stored one from its mutations table and applies it only once.
  const retries = senders.map((sender, i) => ({ again: makeSender(origins[i]), sender }));
  // Ten at a time, as a few devices coming back would, not all at once.
  const queue = retries.flatMap(({ again, sender }) =>
    sender.unanswered.map((bid) => ({ again, bid })),
  );
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next.again.send(next.bid);
    }),
  );
  const retried = retries.reduce((n, { sender }) => n + sender.unanswered.length, 0);
  if (retried > 0) {
    const again = retries.map(({ again: sender }) => sender);
    const stillFailed = again
      .map((sender) => sender.counts().failed)
      .filter((n) => !n.startsWith('0'));
    for (const sender of again) {
      accepted.push(...sender.accepted);
      for (const [id, code] of sender.refusals) refusals.set(id, code);
    }
    console.log(
      `    the ${retried} failed pushes sent again with the same id: ` +
        `${again.reduce((n, sender) => n + sender.accepted.length, 0)} applied, ` +
        `${again.reduce((n, sender) => n + sender.refusals.size, 0)} refused, ` +
        `${stillFailed.length ? stillFailed.join(' + ') : 0} failed again`,
    );
  }
  return { accepted, sentAt, answeredAt, refusals };
}

/** "a x2, b x1" from a list of reasons. */
function byCount(reasons) {
  const counts = new Map();
  for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${reason} x${n}`).join(', ');
}

/** Every stream's receipts against the accepted bids and the final highest bids. */
function judge(groups, accepted, sentAt, answeredAt, expected) {
  const acceptedIds = new Set(accepted.map((m) => m.id));
  const latencies = [];
  const afterAnswer = [];
  let missed = 0;
  let clientsMissing = 0;
  let unexpected = 0;
  const unexpectedIds = new Set();
  let gaps = 0;
  let reconnects = 0;
  let staleHighest = 0;
  let lastReceipt = -Infinity;
  const errors = new Map();
  for (const { batches, clients } of groups) {
    for (const client of clients) {
      gaps += client.gaps;
      reconnects += client.reconnects;
      if (client.error) errors.set(client.error, (errors.get(client.error) ?? 0) + 1);
      const held = new Set();
      const highest = new Map();
      client.batch.forEach((index, i) => {
        const batch = batches[index];
        // A bid's record changes again when a later bid outbids it: its first change is the
        // delivery; repeats of a sequence would show as a break in the batches instead.
        for (const id of batch.bids) {
          if (held.has(id)) continue;
          held.add(id);
          const sent = sentAt.get(id);
          if (!acceptedIds.has(id)) {
            unexpected += 1;
            unexpectedIds.add(id);
          } else if (sent !== undefined) {
            latencies.push(client.at[i] - sent);
            const answer = answeredAt.get(id);
            if (answer !== undefined) afterAnswer.push(client.at[i] - answer);
            if (client.at[i] > lastReceipt) lastReceipt = client.at[i];
          }
        }
        for (const [id, value] of batch.items) highest.set(id, value);
      });
      const missing = accepted.filter((m) => !held.has(m.id)).length;
      missed += missing;
      if (missing > 0) clientsMissing += 1;
      for (const [id, want] of expected) {
        if (want.bids === 0) continue;
        if (!(Math.abs(Number(highest.get(id)) - want.max) <= 1e-9)) staleHighest += 1;
      }
    }
  }
  return {
    latencies: Float64Array.from(latencies).sort(),
    afterAnswer: Float64Array.from(afterAnswer).sort(),
    missed,
    clientsMissing,
    unexpected,
    gaps,
    reconnects,
    staleHighest,
    errors,
    lastReceipt,
    unexpectedIds,
  };
}

async function main() {
  if (SERVERS > 1 && database !== 'PostgreSQL') {
    throw new Error('--servers 2 needs PostgreSQL: run it inside scripts/with-postgres.sh');
  }
  const workers = Math.min(WORKERS, CLIENTS);
  console.log(
    `bench:events on ${database}, ${SERVERS} server${SERVERS > 1 ? 's' : ''} ` +
      `(${cpus().length} cores shared with ${database === 'PostgreSQL' ? 'PostgreSQL, ' : ''}` +
      `the server${SERVERS > 1 ? 's' : ''} and this process; load average ${loadavg()[0].toFixed(1)})`,
  );
  const servers = await startServers();
  const origins = servers.map((server) => server.origin);
  let ok = false;
  const groups = [];
  try {
    const cookies = await signUpAccounts(origins[0], ACCOUNTS);
    const { items, cursor: since } = await auctions(origins[0]);
    if (items.length === 0) throw new Error('no running auction to bid on');

    // Stream i goes to server i mod SERVERS. The streams are read in worker threads, shared
    // evenly, so that reading them never delays a bid this thread must send on time; with
    // --workers 0 this thread reads them too.
    const assigned = Array.from({ length: CLIENTS }, (_, i) => origins[i % origins.length]);
    if (workers === 0) groups.push(streamGroup(assigned, since));
    for (let w = 0; w < workers; w += 1) {
      groups.push(
        workerGroup(
          assigned.filter((_, i) => i % workers === w),
          since,
        ),
      );
    }
    const connectStart = performance.now();
    await Promise.all(groups.map((group) => group.ready));
    console.log(
      `  ${CLIENTS} streams open (each its own connection; read in ` +
        `${workers ? `${workers} worker thread${workers > 1 ? 's' : ''}` : 'the main thread'}, ` +
        `bids sent from the main thread) in ${ms(performance.now() - connectStart)}; ` +
        `${ACCOUNTS} accounts bidding on ${items.length} auctions`,
    );

    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.cpuUsage();
    const pids = servers.map((server) => server.pid);
    const machineBefore = cpuReading(pids);
    const wallBefore = performance.now();
    const { accepted, sentAt, answeredAt, refusals } = await openLoop(
      origins,
      bidMaker(items, cookies),
    );
    // Measured from the last answer: reading the log's end waits behind the server's queue too.
    const lastAnswer = performance.now();
    const { cursor: target } = await readChanges(origins[0], since, () => undefined);
    const results = await Promise.all(groups.map((group) => group.finish(target, DRAIN_MS)));
    const drained = performance.now() - lastAnswer;
    loop.disable();
    const machineUsed = cpuPerRequest(machineBefore, cpuReading(pids), RATE * SECONDS);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);

    const state = await checkState(origins[0], items, accepted, since);
    const verdict = judge(results, accepted, sentAt, answeredAt, state.expected);
    const { latencies } = verdict;
    const p99 = percentile(latencies, 99);
    console.log(
      `  delivery to ${CLIENTS} streams (${latencies.length} bid receipts): p50 ${ms(percentile(latencies, 50))}, ` +
        `p99 ${ms(p99)}, max ${ms(latencies.at(-1) ?? NaN)}; budget p99 < ${BUDGET_MS} ms ` +
        (p99 < BUDGET_MS ? 'met' : 'NOT met'),
    );
    const { afterAnswer } = verdict;
    // The part of the delay after the server had committed the bid: its fan-out alone (a stream
    // may hold a bid before its push is answered, hence negative figures).
    console.log(
      `    counted from the push's answer instead: p50 ${ms(percentile(afterAnswer, 50))}, ` +
        `p99 ${ms(percentile(afterAnswer, 99))}, max ${ms(afterAnswer.at(-1) ?? NaN)}`,
    );
    const firstSent = [...sentAt.values()].reduce((a, b) => Math.min(a, b), Infinity);
    console.log(
      `    the last receipt came ${((verdict.lastReceipt - firstSent) / 1000).toFixed(1)} s after ` +
        `the first bid was sent (the bids were sent over ${SECONDS} s)`,
    );
    console.log(
      `    every stream held the last change ${ms(drained)} after the last bid was answered` +
        (results.every((result) => result.caughtUp)
          ? ''
          : ` (gave up waiting ${DRAIN_MS / 1000} s after reading the end of the log)`),
    );
    const readers = results
      .filter((result) => result.loopDelayP99 !== undefined)
      .map((result) => ms(result.loopDelayP99));
    console.log(
      `    this process: ${(cpuShare * 100).toFixed(0)}% of a core during the run; event-loop delay ` +
        `of the main thread p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}` +
        (readers.length ? `, of the stream readers p99 ${readers.join(', ')}` : ''),
    );
    console.log(`    CPU per bid sent (its push and its delivery to every stream): ${machineUsed}`);
    const errors = [...verdict.errors].map(([reason, n]) => `${reason} x${n}`).join(', ');
    console.log(
      `    streams: ${verdict.gaps} breaks in the sequence (a batch not starting at the previous ` +
        `cursor), ${verdict.reconnects} reconnects${errors ? ` (${errors})` : ''}, ` +
        `${verdict.unexpected} receipts of bids the server did not answer as applied`,
    );
    if (verdict.unexpectedIds.size > 0) {
      // Stored (the log and the streams carry them) although the push was answered otherwise.
      const answers = [...verdict.unexpectedIds].map((id) => refusals.get(id) ?? 'no answer');
      console.log(
        `  NOT ACCEPTED YET STORED: ${verdict.unexpectedIds.size} bids (push answered: ` +
          `${byCount(answers)}): ${[...verdict.unexpectedIds].slice(0, 5).join(', ')}`,
      );
    }
    const streamsOk = verdict.missed === 0 && verdict.clientsMissing === 0;
    console.log(
      streamsOk
        ? `  every stream received all ${accepted.length} accepted bids`
        : `  MISSED: ${verdict.clientsMissing} streams missed ${verdict.missed} bid receipts in all`,
    );
    const highestOk = verdict.staleHighest === 0;
    console.log(
      highestOk
        ? "  every stream's last highestBidEth per item equals the highest accepted bid"
        : `  STALE: ${verdict.staleHighest} (stream, item) pairs ended on another highest bid than the accepted one`,
    );
    ok = streamsOk && highestOk && state.ok && verdict.unexpected === 0 && verdict.gaps === 0;
  } finally {
    await Promise.allSettled(groups.map((group) => group.close()));
    for (const server of servers) await server.stop();
  }
  process.exitCode = ok ? 0 : 1;
}

if (isMainThread) {
  main().catch((error) => {
    console.log(`bench:events: ${error.message}`);
    process.exitCode = 1;
  });
}
