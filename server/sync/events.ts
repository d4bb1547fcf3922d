// GET /api/events: the change log as it grows, as Server-Sent Events (docs/product.md "Sync": "while
// online it also listens to a live event stream"). Each event `changes` carries the entries
// after the client's cursor, in order, with the newest sequence as its id, so a browser that
// reconnects (with Last-Event-ID) resumes exactly where it was. A signed-in session's stream also
// carries its account's own log as ACCOUNT_LIVE_EVENT events, from `mine`, the device's
// account cursor (docs/sync.md "Account channel").
//
// This is the route: the caps on open streams, the starting point, the `hello` and, for a
// client too far behind, the `reset`. The process's event hub (event-hub.ts) reads the log and
// feeds every stream; sse.ts frames the events and writes them out.
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { Hono, type Context } from 'hono';
import { EventsQuerySchema, parseQuery } from '../../shared/list-query.ts';
import type { LiveHello, LiveReset } from '../../shared/protocol.ts';
import type { AppEnv } from '../http/app-env.ts';
import { addressKey } from '../http/client-key.ts';
import { apiError } from '../http/guards.ts';
import type { EventHub } from './event-hub.ts';
import { nodeSink, SSE_HEADERS, SSE_PING, sseEvent, webSink, type Sink } from './sse.ts';
import {
  MAX_CLIENTS,
  MAX_STREAMS_PER_ACCOUNT,
  MAX_STREAMS_PER_ADDRESS,
  STALL_MS,
  STREAM_BUFFER_BYTES,
} from './stream-limits.ts';

/** A comment line this often keeps proxies and the browser from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 3000;

/** Runs one stream: hello, then the hub's batches and a heartbeat, until either side ends it. */
async function runStream(
  hub: EventHub,
  sink: Sink,
  latest: number,
  since: number,
  mine: { accountId: number; cursor: number | null } | undefined,
  watchSession: ((end: () => void) => () => void) | undefined,
) {
  const hello: LiveHello = {
    now: Date.now(),
    cursor: latest,
    logId: await hub.logId(),
    ...(mine ? { accountId: mine.accountId } : {}),
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    sink.end();
  };
  try {
    sink.write(sseEvent('hello', JSON.stringify(hello), undefined, RETRY_MS));
    // Too far behind to follow the log, or ahead of it (a log the database no longer has; the
    // database says, the hub may not have read its newest entries yet): the device starts from
    // the snapshot, then opens a stream again from its new cursor. A stream at the hub's newest
    // follows it; should the log have gone back behind that, the hub ends it (event-hub.ts).
    if (since !== latest && (await hub.startsOver(since))) {
      const reset: LiveReset = { cursor: latest };
      sink.write(sseEvent('reset', JSON.stringify(reset)));
      end();
      return;
    }
  } catch {
    end();
    return;
  }
  let unsubscribe: () => void;
  try {
    unsubscribe = await hub.subscribe(
      since,
      { write: (frame) => sink.write(frame), drained: () => sink.drained(), end },
      mine,
    );
  } catch {
    // The browser reconnects from its cursor.
    end();
    return;
  }
  // A signed-in stream carries the account's own records: it ends with its session.
  const unwatch = watchSession?.(end);
  const heartbeat = setInterval(() => {
    try {
      sink.write(SSE_PING);
    } catch {
      end();
    }
  }, HEARTBEAT_MS);
  await sink.gone;
  clearInterval(heartbeat);
  unwatch?.();
  unsubscribe();
  end();
}

/**
 * The client's cursor (Last-Event-ID on a reconnect, else `since`) and its account cursor
 * `mine` (null: absent); an error's words when either is malformed.
 */
function startingPoint(
  c: Context,
): { error: string } | { from: number | 'latest'; mine: number | null } {
  const lastEventId = c.req.header('Last-Event-ID')?.trim();
  const parsed = parseQuery(EventsQuerySchema, (name) =>
    name === 'since' ? (lastEventId ?? c.req.query('since')) : c.req.query(name),
  );
  if (!parsed.ok) {
    return {
      error: parsed.error.startsWith('since')
        ? 'since (or Last-Event-ID) must be a whole number of 0 or more.'
        : parsed.error,
    };
  }
  const { since, mine } = parsed.query;
  return { from: since ?? 'latest', mine: mine ?? null };
}

/** Counts the open streams per key (an account, an address). */
function streamCounts() {
  const counts = new Map<string, number>();
  return {
    count: (key: string) => counts.get(key) ?? 0,
    add(key: string) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    },
    remove(key: string) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    },
  };
}

export interface StreamLimits {
  /** How long a stream catching up may take nothing before it is dropped. */
  stallMs?: number | undefined;
  /** The bytes a stream may hold for a browser that reads too slowly before it is dropped; 0:
   * no bound. */
  bufferBytes?: number | undefined;
  /** Streams per account and per address at once; 0: no cap (a benchmark's many clients). */
  perAccount?: number | undefined;
  perAddress?: number | undefined;
  /** Ends a signed-in stream (`end`) once the request's session is over; returns the unwatch. */
  watchSession?: ((c: Context, accountId: number, end: () => void) => () => void) | undefined;
}

export function eventRoutes(
  hub: EventHub,
  addressOf: (c: Context) => string,
  {
    stallMs = STALL_MS,
    bufferBytes = STREAM_BUFFER_BYTES,
    perAccount: accountCap = MAX_STREAMS_PER_ACCOUNT,
    perAddress: addressCap = MAX_STREAMS_PER_ADDRESS,
    watchSession,
  }: StreamLimits = {},
) {
  const maxBytes = bufferBytes > 0 ? bufferBytes : Infinity;
  const app = new Hono<AppEnv & { Bindings: Partial<HttpBindings> }>();
  const perAccount = streamCounts();
  const perAddress = streamCounts();
  app.get('/', async (c) => {
    const start = startingPoint(c);
    if ('error' in start) return apiError(c, 400, start.error);
    const { from } = start;
    const account = c.get('account');
    const mine = account ? { accountId: account.id, cursor: start.mine } : undefined;
    const watch =
      account && watchSession ? (end: () => void) => watchSession(c, account.id, end) : undefined;
    const accountKey = account ? String(account.id) : null;
    // An IPv6 address counts by its /64 (client-key.ts): one host is often given a whole one.
    const address = addressKey(addressOf(c));
    if (
      hub.size >= MAX_CLIENTS ||
      (addressCap > 0 && perAddress.count(address) >= addressCap) ||
      (accountCap > 0 && accountKey !== null && perAccount.count(accountKey) >= accountCap)
    ) {
      c.header('Retry-After', '10');
      return apiError(c, 503, 'Too many live connections. Close a tab or try again shortly.');
    }
    perAddress.add(address);
    if (accountKey !== null) perAccount.add(accountKey);
    const release = () => {
      perAddress.remove(address);
      if (accountKey !== null) perAccount.remove(accountKey);
    };
    try {
      const latest = await hub.latest();
      const since = from === 'latest' ? latest : from;
      const outgoing = c.env?.outgoing;
      if (outgoing) {
        const sink = nodeSink(outgoing, { stallMs, maxBytes });
        void runStream(hub, sink, latest, since, mine, watch).finally(release);
        return RESPONSE_ALREADY_SENT;
      }
      const sink = webSink({ stallMs, maxBytes });
      void runStream(hub, sink, latest, since, mine, watch).finally(release);
      return new Response(sink.body, { headers: SSE_HEADERS });
    } catch (error) {
      release();
      throw error;
    }
  });
  return app;
}
