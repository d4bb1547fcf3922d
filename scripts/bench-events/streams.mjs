// The live streams of `npm run bench:server`'s event bench (scripts/bench-events.mjs): a group of
// GET /api/events streams, each on a connection of its own, read with Node's own HTTP client (a
// fraction of fetch's CPU per chunk), that records which batch each stream held and when. A
// stream given a session cookie is signed in (scripts/bench-account.mjs): it follows its
// account's log from `mine=0` too and records each entry of its `mine` batches and when.
import { setMaxListeners } from 'node:events';
import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Milliseconds since the epoch, sub-millisecond, comparable across threads. */
export const clock = () => performance.timeOrigin + performance.now();

const BATCH_HEAD = /^\{"since":(\d+),"cursor":(\d+),/;
/** How long the streams get to open before the run gives up. */
const READY_MS = 60_000;
/** An event's data line (an event without an `id` ends with it). */
function dataOf(block) {
  const from = block.indexOf('data: ') + 6;
  const end = block.indexOf('\n', from);
  return block.slice(from, end < 0 ? undefined : end);
}

/** One entry of a `mine` batch as recorded: when it arrived, its seq, topic, key and whether on. */
const entryOf = (at) => (change) => [
  at,
  change.seq,
  change.topic,
  change.key,
  change.data !== null,
];

/**
 * Streams from `origins` (one per stream) starting after `since`, signed in with `cookies[i]`
 * when given. Parsing is kept cheap: events
 * are split on blank lines, and a batch's JSON is parsed once for all streams (every stream at
 * the same cursor receives the same batch): a later stream's copy is compared with the parsed
 * one as a string, and parsed on its own when it differs.
 */
export function streamGroup(origins, since, cookies = []) {
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

  const clients = origins.map((origin, i) => ({
    origin,
    cookie: cookies[i],
    cursor: since,
    mineCursor: 0,
    mine: [],
    mineGaps: 0,
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
        `${client.origin}/api/events?since=${since}${client.cookie ? `&mine=${client.mineCursor}` : ''}`,
        {
          agent: false,
          headers: {
            ...(client.hello ? { 'Last-Event-ID': String(client.cursor) } : {}),
            ...(client.cookie ? { cookie: client.cookie } : {}),
          },
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
                const index = batchIndex(dataOf(block));
                const batch = batches[index];
                if (batch.since !== client.cursor) client.gaps += 1;
                client.cursor = batch.cursor;
                client.batch.push(index);
                client.at.push(now);
              } else if (block.startsWith('event: mine\n')) {
                const batch = JSON.parse(dataOf(block));
                if (batch.from !== client.mineCursor) client.mineGaps += 1;
                client.mineCursor = batch.cursor;
                client.mine.push(...batch.changes.map(entryOf(now)));
              } else if (block.startsWith('event: hello\n')) {
                const hello = JSON.parse(dataOf(block));
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

  /**
   * Waits until every stream holds `target` and its account's entry `mineTargets[i]` (or `waitMs`
   * passed), then closes them.
   */
  async function finish(target, waitMs, mineTargets = []) {
    const deadline = Date.now() + waitMs;
    const behind = () =>
      clients.some(
        (client, i) => client.cursor < target || client.mineCursor < (mineTargets[i] ?? 0),
      );
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
      clients: clients.map((client) => ({
        cursor: client.cursor,
        batch: client.batch,
        at: client.at,
        gaps: client.gaps,
        reconnects: client.reconnects,
        error: client.error,
        hello: client.hello !== null,
        mine: client.mine,
        mineGaps: client.mineGaps,
      })),
    };
  }
  return { ready, finish, close };
}
