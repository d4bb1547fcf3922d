// GET /api/changes?since=<seq>: the change log after a device's cursor, oldest first, in pages.
// Each change carries the new public state of one record (item, creator, bid, activity...),
// or null when the record is gone; the device applies them in order and keeps the last seq.
// Pulls at the same cursor share one read (oneAtATime); a full page's answer is kept a while.
import { Hono } from 'hono';
import { parseQuery, PullQuerySchema, PULL_PAGE } from '../../shared/list-query.ts';
import type { Change, PullResponse } from '../../shared/protocol.ts';
import type { Database, Sql } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { requestSignal } from '../db/read-lane.ts';
import { apiError } from '../http/guards.ts';
import { logWindow, mustStartOver } from './compaction.ts';

export { PULL_PAGE };

export type { Change };

/** Read on every pull and by the event streams' hub after every commit: prepared once. */
const CHANGES_SINCE = {
  name: 'artmint_changes_since',
  text: 'SELECT seq, topic, key, data FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2',
};

/** A page of the log read with one entry past `limit`, which says whether the log goes on. */
function logPage<T extends { seq: number }>(rows: T[], since: number, limit: number) {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { page, cursor: page.at(-1)?.seq ?? since, more };
}

/** `sql`: the log reader (the event hub), or the public reads (a pull, through `pullRoutes`). */
export async function changesSince(
  db: Database,
  since: number,
  limit = PULL_PAGE,
  sql: Sql = db.logReader,
) {
  const { rows } = await sql.query<Change>(CHANGES_SINCE, [since, limit + 1]);
  const { page: changes, cursor, more } = logPage(rows, since, limit);
  return { changes, cursor, more };
}

/**
 * One computation per key at a time, shared by the callers that wait for it: a caller that comes
 * while one runs waits for the next, which starts once that one is over and serves every caller
 * that came meanwhile. A caller is never answered by a computation that began before it came,
 * so a pull made after an entry was committed always reads that entry (a read that began
 * earlier may not see it), and a flood of pulls at one cursor costs one read at a time.
 */
export function oneAtATime<T>() {
  const flights = new Map<string, { running: Promise<T>; next: Promise<T> | null }>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const flight = flights.get(key);
    if (flight) {
      flight.next ??= flight.running.then(compute, compute);
      return flight.next;
    }
    const started = { running: compute(), next: null as Promise<T> | null };
    flights.set(key, started);
    const settled = () => {
      if (started.next === null) {
        flights.delete(key);
        return;
      }
      // The next one starts now (its callers all came before): it becomes the one running.
      started.running = started.next;
      started.next = null;
      started.running.then(settled, settled);
    };
    started.running.then(settled, settled);
    return started.running;
  };
}

/** The log's entries after `since` as the JSON text of a pull's `changes`, built from each
 * entry's stored JSON as text: never parsed into objects and written out again, which a page of
 * 1,000 entries (about 1 MB) cost the server's thread for every pull. */
async function changesText(sql: Sql, since: number, limit: number) {
  const { rows } = await sql.query<{
    seq: number;
    topic: string;
    key: string;
    data: string | null;
  }>(
    {
      name: 'artmint_changes_since_text',
      text: 'SELECT seq, topic, key, data::text AS data FROM changes WHERE seq > $1 ORDER BY seq LIMIT $2',
    },
    [since, limit + 1],
  );
  const { page, cursor, more } = logPage(rows, since, limit);
  const entries = page.map(
    (row) =>
      `{"seq":${row.seq},"topic":${JSON.stringify(row.topic)},"key":${JSON.stringify(row.key)},"data":${row.data ?? 'null'}}`,
  );
  return { json: `[${entries.join(',')}]`, cursor, more };
}

/** An answer's bytes. */
type Body = Uint8Array<ArrayBuffer>;
const encoder = new TextEncoder();

/** Full pages kept: at most this many bytes, each for at most FULL_PAGE_MS. */
export const FULL_PAGES_BYTES = 16 * 1024 * 1024;
const FULL_PAGE_MS = 60_000;

/**
 * The answers of full pages (`more`: the page holds `limit` entries and the log goes on), by log,
 * cursor and page size. A full page never changes: later entries go to later pages, and
 * compaction only removes an entry that a later one replaces, so an answer kept from before it
 * still leads a device to the same state. Bounded by bytes, the least recently asked going first.
 */
function fullPages() {
  const kept = new Map<string, { body: Body; until: number }>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = kept.get(key);
    if (!page) return;
    kept.delete(key);
    bytes -= page.body.length;
  };
  return {
    get(key: string): Body | undefined {
      const page = kept.get(key);
      if (!page) return undefined;
      drop(key);
      if (page.until < Date.now()) return undefined;
      kept.set(key, page);
      bytes += page.body.length;
      return page.body;
    },
    set(key: string, body: Body) {
      drop(key);
      if (body.length > FULL_PAGES_BYTES) return;
      kept.set(key, { body, until: Date.now() + FULL_PAGE_MS });
      bytes += body.length;
      for (const oldest of kept.keys()) {
        if (bytes <= FULL_PAGES_BYTES) break;
        drop(oldest);
      }
    },
  };
}

/** `behind`: entries behind the newest past which a device starts from the snapshot. A pull is
 * a public read (docs/security.md "Read bounds"): on `db.publicReads`, never the log reader's
 * connections, which live delivery needs. */
export function pullRoutes(db: Database, behind?: number) {
  const reads = db.publicReads;
  const app = new Hono<AppEnv>();
  // The answer, made once for every pull at the same cursor and page size; a full page's kept.
  const pages = oneAtATime<Body>();
  const full = fullPages();
  const page = async (since: number, limit: number) => {
    // Behind the compacted part of the log, or too far behind: the device starts from the
    // snapshot (compaction.ts).
    const window = await logWindow(reads);
    const { logId } = window;
    if (mustStartOver(since, window, behind)) {
      const reset: PullResponse = { changes: [], cursor: since, more: false, reset: true, logId };
      return encoder.encode(JSON.stringify(reset));
    }
    const key = `${logId}:${since}:${limit}`;
    const kept = full.get(key);
    if (kept) return kept;
    const { json, cursor, more } = await changesText(reads, since, limit);
    const body = encoder.encode(
      `{"changes":${json},"cursor":${cursor},"more":${more},"logId":${JSON.stringify(logId)}}`,
    );
    if (more) full.set(key, body);
    return body;
  };
  app.get('/', async (c) => {
    const parsed = parseQuery(PullQuerySchema, (name) => c.req.query(name));
    if (!parsed.ok) return apiError(c, 400, parsed.error);
    const { since = 0, limit = PULL_PAGE } = parsed.query;
    c.header('Cache-Control', 'no-store');
    // The shared read belongs to no one client: it runs outside the request that happened to
    // start it, so that client going away cancels nothing the others wait for.
    const body = await pages(`${since}:${limit}`, () =>
      requestSignal.exit(() => page(since, limit)),
    );
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
