// The server's one database interface, over PGlite (embedded, the default) or a PostgreSQL
// server (DATABASE_URL). Domain code writes plain SQL with $1 parameters and never knows which.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type PgModule from 'pg';

export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  rowCount: number;
}

export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A transaction's handle: its statements, and those that must run last, with its commit. */
export interface Transaction extends Sql {
  /**
   * Runs `text` after the transaction's work, just before it commits, in the order given. On
   * PostgreSQL these statements and the COMMIT go to the server as one request, so what they
   * lock (the change log's lock) is held only inside the database, never across a round trip
   * to this process and back. Its result is not returned; an error rolls the whole back.
   */
  commitWith(text: string, params?: unknown[]): void;
  /**
   * Runs `text` (no parameters, no result: a SAVEPOINT) just before the next statement, on
   * PostgreSQL in the same request.
   */
  sendWithNext(text: string): void;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Reads of the change log (pulls, the event streams' hub) on connections of their own: under
   * a burst of writes every pooled connection can be held by a push waiting for the log's lock,
   * and a read queued behind them would reach devices seconds after the commit.
   */
  readonly logReader: Sql;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations); no parameters. */
  exec(text: string): Promise<void>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a plain lower-case name), from this process
   * or any other on the same database, and once more after a lost connection is back (what was
   * sent meanwhile is gone). Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(dataDir ? await PGlite.create(dataDir) : await PGlite.create());
}

/** The Database interface over an open PGlite (tests open theirs from a seeded dump). */
export function wrapPglite(db: PGlite): Database {
  const run = async <T>(
    target: Pick<PGlite, 'query'>,
    text: string,
    params?: unknown[],
  ): Promise<QueryResult<T>> => {
    const result = await target.query<T>(text, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
  };
  const query: Sql['query'] = (text, params) => run(db, text, params);
  return {
    kind: 'pglite',
    query,
    // One connection in all: PGlite runs one statement at a time anyway.
    logReader: { query },
    transaction: (work) =>
      db.transaction(async (tx) => {
        const last: [string, unknown[] | undefined][] = [];
        const waiting: string[] = [];
        const result = await work({
          query: async (t, p) => {
            for (const text of waiting.splice(0)) await tx.query(text);
            return run(tx, t, p);
          },
          sendWithNext: (t) => void waiting.push(t),
          commitWith: (t, p) => void last.push([t, p]),
        });
        for (const text of waiting.splice(0)) await tx.query(text);
        for (const [text, params] of last) await run(tx, text, params);
        return result;
      }),
    exec: async (text) => {
      await db.exec(text);
    },
    async listen(channel, onNotify) {
      const stop = await db.listen(channel, () => onNotify());
      return async () => {
        if (!db.closed) await stop();
      };
    },
    close: () => db.close(),
  };
}

// node-postgres reports a connection lost or never made with a plain Error, without the
// SQLSTATE a server sends: these get 08006 (connection_failure), so the API answers them as
// "database unavailable" (503) like the server's own shutdown codes.
const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect|timeout expired)$/;

function tagged(error: unknown): unknown {
  if (error instanceof Error && !('code' in error) && CONNECTION_LOST.test(error.message)) {
    Object.assign(error, { code: '08006' });
  }
  return error;
}

/** A parameter as node-postgres would send it, as an SQL literal. */
function literal(escape: (text: string) => string, value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return escape(value.toISOString());
  if (typeof value === 'object') return escape(JSON.stringify(value));
  return escape(String(value));
}

/**
 * `text` with each `$n` replaced by its parameter as a quoted literal, untyped like a parameter:
 * the simple query protocol, the only one that takes several statements in one request, takes
 * no parameters. Only for statements of this server's own whose text has no `$` elsewhere.
 */
export function inlineParams(
  text: string,
  params: unknown[] = [],
  escape: (text: string) => string,
): string {
  if (params.length === 0) return text;
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index >= params.length) throw new Error(`no parameter $${n}`);
    return literal(escape, params[index]);
  });
}

/**
 * A statement with parameters as a named prepared statement (named by its text): each
 * connection parses it once, and PostgreSQL plans it once for all calls when a generic plan
 * does as well, where it had planned it afresh every time. Without parameters it stays a
 * simple query (migrations, several statements at once).
 */
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;
function prepared(text: string, values?: unknown[]): PgModule.QueryConfig {
  if (!values || values.length === 0) return { text };
  let name = statementNames.get(text);
  if (name === undefined) {
    // Texts built with a varying number of rows are many: past a few hundred, plain statements.
    if (statementNames.size >= MAX_PREPARED) return { text, values };
    name = `artmint_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/** Runs a pg call, tagging a lost connection's error (above). */
async function pgCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw tagged(error);
  }
}

export async function openPostgres(url: string): Promise<Database> {
  const pg = (await import('pg')).default;
  // int8 (counts, sequences) as numbers, as PGlite returns them; numeric stays a string.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE ?? 10) });
  // An idle client losing its connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  const wrap = <T>(result: { rows: unknown[]; rowCount: number | null }): QueryResult<T> => ({
    rows: result.rows as T[],
    rowCount: result.rowCount ?? 0,
  });
  // Fails here, at start-up, when the server cannot be reached.
  await pool.query('SELECT 1');
  const readers = new pg.Pool({ connectionString: url, max: 2 });
  readers.on('error', () => undefined);
  return {
    kind: 'postgres',
    logReader: {
      query: async <T>(text: string, params?: unknown[]) =>
        wrap<T>(await pgCall(() => readers.query(prepared(text, params)))),
    },
    query: async <T>(text: string, params?: unknown[]) =>
      wrap<T>(await pgCall(() => pool.query(prepared(text, params)))),
    async transaction(work) {
      const client = await pgCall(() => pool.connect());
      // The connection may die while the client is checked out, between two statements (the
      // server restarting): without a listener that 'error' event would end the process. The
      // next statement fails instead, and the broken client leaves the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      client.on('error', onError);
      // Statements with no result of their own (BEGIN, a SAVEPOINT) wait for the next one and
      // go with it in one request; those for the commit go with COMMIT. A push's transaction
      // is then four requests where it was ten: fewer writes to the socket, which are most of
      // the cost of a statement here, and shorter holds of the locks it takes.
      const waiting = ['BEGIN'];
      const inline = (text: string, params?: unknown[]) =>
        inlineParams(text, params, pg.escapeLiteral);
      let sent = false;
      const send = async (text: string, params?: unknown[]) => {
        sent = true;
        if (waiting.length === 0) return pgCall(() => client.query(prepared(text, params)));
        const batch = [...waiting.splice(0), inline(text, params)].join(';\n');
        const results = await pgCall(() => client.query(batch));
        // Several statements answer with one result each: the last is the caller's.
        return (Array.isArray(results) ? results.at(-1) : results) as PgModule.QueryResult;
      };
      const last: string[] = [];
      try {
        const result = await work({
          query: async <T>(text: string, params?: unknown[]) => wrap<T>(await send(text, params)),
          sendWithNext: (text) => void waiting.push(text),
          commitWith: (text, params) => void last.push(inline(text, params)),
        });
        if (sent || last.length > 0) await send([...last, 'COMMIT'].join(';\n'));
        return result;
      } catch (error) {
        if (sent) {
          await client.query('ROLLBACK').catch((rollback: Error) => {
            lost ??= rollback;
          });
        }
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    exec: async (text) => {
      await pgCall(() => pool.query(text));
    },
    listen: (channel, onNotify) => listenPostgres(pg, url, channel, onNotify),
    close: async () => {
      await Promise.all([pool.end(), readers.end()]);
    },
  };
}

/** Wait before connecting the listener again after its connection was lost. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), made again
 * whenever it is lost, e.g. while PostgreSQL restarts.
 */
async function listenPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  let client: InstanceType<typeof pg.Client> | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const again = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, RELISTEN_MS);
  };
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      again();
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', () => onNotify());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch {
      drop();
      return;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    // Whatever was notified while no connection listened is caught up now.
    onNotify();
  }
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}
