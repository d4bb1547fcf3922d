// The server's one database interface, over PGlite (embedded, the default) or a PostgreSQL
// server (DATABASE_URL), through each driver's public API only: PGlite's query, exec,
// transaction and listen; node-postgres's Pool, Client and query (a statement with a name is a
// prepared statement, parsed once per connection). Domain code writes plain SQL with $1
// parameters and never knows which database it talks to. The writes that must hold a lock only
// inside the database (a bid, the change log's append) are PL/pgSQL functions in
// server/migrations/006_write_functions.sql; see docs/database.md.
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type PgModule from 'pg';
import {
  DEFAULT_POOL_LIMITS,
  PoolBusy,
  ReadLane,
  requestSignal,
  stillWanted,
  type PoolLimits,
} from './read-lane.ts';
import { listenPostgres } from './pg-listen.ts';

export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by an INSERT, UPDATE or DELETE. */
  rowCount: number;
}

/**
 * A statement with a name of its own: on PostgreSQL a prepared statement, parsed (and, when a
 * generic plan does as well, planned) once per connection. For the hot statements, called with
 * the same text every time; the name must be unique to the text.
 */
export interface NamedStatement {
  name: string;
  text: string;
}

export interface Sql {
  query<T = Record<string, unknown>>(
    statement: string | NamedStatement,
    params?: unknown[],
  ): Promise<QueryResult<T>>;
}

export interface Database extends Sql {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Reads of the change log (pulls, the event streams' hub) on connections of their own: under
   * a burst of writes every pooled connection can be busy, and a read queued behind them would
   * reach devices seconds after the commit.
   */
  readonly logReader: Sql;
  /**
   * Public reads (lists, searches, pulls, snapshots; docs/security.md "Read bounds"): on
   * PostgreSQL a pool of their own, each statement under a time limit, so they never take the
   * connections writes and the log reader need; on PGlite behind writes and live reads, never
   * ahead (read-lane.ts). Neither starts for a request whose client went away.
   */
  readonly publicReads: Pick<Database, 'query' | 'transaction'>;
  /**
   * Runs `work` in one transaction (BEGIN ... COMMIT on one connection): committed when it
   * resolves, rolled back when it throws.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs several statements separated by semicolons (migrations); no parameters. */
  exec(text: string): Promise<void>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (a plain lower-case name), from this process
   * or any other on the same database, and once more after a lost connection is back (what was
   * sent meanwhile is gone), and `onLost` when that connection is lost (or could not be made at
   * first). Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const textOf = (statement: string | NamedStatement) =>
  typeof statement === 'string' ? statement : statement.text;

/**
 * The extensions every PGlite database is opened with (migration 013 creates them; a database
 * made with them must be opened with them, test dumps included): pg_trgm and unaccent, which
 * PostgreSQL ships as contrib modules.
 */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

export async function openPglite(
  dataDir: string | null,
  limits: PoolLimits = DEFAULT_POOL_LIMITS,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const extensions = await pgliteExtensions();
  return wrapPglite(await PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions }), limits);
}

/** A database like `db` whose queries and transactions are public reads (publicReads). */
export function publicReadsOf(db: Database): Database {
  return { ...db, query: db.publicReads.query, transaction: db.publicReads.transaction };
}

/** PGlite's query, on the database or inside its transaction, as this interface's. */
function pgliteSql(target: Pick<PGlite, 'query'>): Sql {
  return {
    async query<T>(statement: string | NamedStatement, params?: unknown[]) {
      const result = await target.query<T>(textOf(statement), params);
      return { rows: result.rows, rowCount: result.affectedRows ?? 0 };
    },
  };
}

/** The Database interface over an open PGlite (tests open theirs from a seeded dump). */
export function wrapPglite(db: PGlite, limits: PoolLimits = DEFAULT_POOL_LIMITS): Database {
  const sql = pgliteSql(db);
  const lane = new ReadLane(limits);
  const urgent: Sql = {
    query: (statement, params) => lane.urgent(() => sql.query(statement, params)),
  };
  // PGlite's transaction keeps every other query out until it ends.
  const transaction: Database['transaction'] = (work) =>
    db.transaction((tx) => work(pgliteSql(tx)));
  return {
    kind: 'pglite',
    query: urgent.query,
    // One connection in all: PGlite runs one statement at a time anyway.
    logReader: urgent,
    publicReads: {
      query: (statement, params) => lane.read(() => sql.query(statement, params)),
      transaction: (work) => lane.read(() => transaction(work)),
    },
    transaction: (work) => lane.urgent(() => transaction(work)),
    exec: async (text) => {
      await lane.urgent(() => db.exec(text));
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

/** True for errors that mean the database is out of reach (restarting, connection lost): the
 * API answers them 503 and a job tries again, each logging one "database unavailable" line. */
export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3]|08\w{3})$/.test(code) || code === '53300')
  );
}

// node-postgres reports a connection lost or never made with a plain Error, without the
// SQLSTATE a server sends: these get 08006 (connection_failure), so the API answers them as
// "database unavailable" (503) like the server's own shutdown codes.
const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout expired)$/;

function tagged(error: unknown): unknown {
  // Waited for a pooled connection past POOL_WAIT_MS: the pool is busy, not the database down.
  if (error instanceof Error && error.message === 'timeout exceeded when trying to connect') {
    return new PoolBusy();
  }
  if (error instanceof Error && !('code' in error) && CONNECTION_LOST.test(error.message)) {
    Object.assign(error, { code: '08006' });
  }
  return error;
}

/** Runs a pg call, tagging a lost connection's error (above). */
async function pgCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw tagged(error);
  }
}

/** node-postgres's query config of a statement: a named one is prepared. */
function config(statement: string | NamedStatement, values?: unknown[]): PgModule.QueryConfig {
  return typeof statement === 'string' ? { text: statement, values } : { ...statement, values };
}

/** This interface's query over a node-postgres pool or client. */
function pgSql(target: Pick<PgModule.Pool, 'query'>): Sql {
  return {
    async query<T>(statement: string | NamedStatement, params?: unknown[]) {
      const result = await pgCall(() => target.query(config(statement, params)));
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
  };
}

/**
 * A pool with a bounded queue: a request finding `limits.queue` already waiting for a
 * connection is refused (PoolBusy) rather than held; one waiting past `limits.waitMs` fails
 * (node-postgres's connection timeout; 0: no limit). With `cancels` (public reads): not started
 * for a request whose client went away, and cancelled (pg_cancel_backend, on the `cancels`
 * pool) when it goes away while its statement runs.
 */
function boundedPool(pool: PgModule.Pool, limits: PoolLimits, cancels?: PgModule.Pool) {
  const admit = () => {
    if (cancels) stillWanted();
    if (pool.waitingCount >= limits.queue) throw new PoolBusy();
  };
  const sql = pgSql(pool);
  const backends = new WeakMap<PgModule.PoolClient, number>();
  /** Runs `run` on a checked-out client, cancelled if the request's client goes away. */
  const cancellable = async <T>(run: OnClient<T>): Promise<T> => {
    const signal = requestSignal.getStore();
    let cancelling: Promise<unknown> | undefined;
    return checkedOut(
      pool,
      async (client, markLost) => {
        const cancel = () => {
          const pid = backends.get(client);
          if (pid === undefined || !cancels) return;
          cancelling = cancels.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => undefined);
        };
        if (!backends.has(client)) {
          const { rows } = await pgCall(() =>
            client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'),
          );
          if (rows[0]) backends.set(client, rows[0].pid);
        }
        stillWanted();
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          return await run(client, markLost);
        } finally {
          signal?.removeEventListener('abort', cancel);
        }
      },
      // The cancel lands before the connection serves anybody else.
      () => cancelling,
    );
  };
  const live = () => Boolean(cancels && requestSignal.getStore());
  return {
    async query<T>(statement: string | NamedStatement, params?: unknown[]) {
      admit();
      if (!live()) return sql.query<T>(statement, params);
      return cancellable((client) => pgSql(client).query<T>(statement, params));
    },
    transaction: async <T>(work: (tx: Sql) => Promise<T>): Promise<T> => {
      admit();
      const transact: OnClient<T> = (client, markLost) => inTransaction(client, markLost, work);
      return live() ? cancellable(transact) : checkedOut(pool, transact);
    },
  };
}

type OnClient<T> = (client: PgModule.PoolClient, markLost: (error: Error) => void) => Promise<T>;

/** Runs `run` on a client of `pool`, then (after `settle`) gives it back, broken when its
 * connection was lost: it may die while checked out, between two statements (the server
 * restarting); unheard, that 'error' event would end the process. */
async function checkedOut<T>(
  pool: PgModule.Pool,
  run: OnClient<T>,
  settle?: () => Promise<unknown> | undefined,
): Promise<T> {
  const client = await pgCall(() => pool.connect());
  let lost: Error | undefined;
  const markLost = (error: Error) => {
    lost ??= error;
  };
  client.on('error', markLost);
  try {
    return await run(client, markLost);
  } finally {
    await settle?.();
    client.off('error', markLost);
    client.release(lost);
  }
}

/** Runs `work` in one transaction (BEGIN ... COMMIT, ROLLBACK when it throws) on `client`. */
async function inTransaction<T>(
  client: PgModule.PoolClient,
  markLost: (error: Error) => void,
  work: (tx: Sql) => Promise<T>,
): Promise<T> {
  try {
    await pgCall(() => client.query('BEGIN'));
    const result = await work(pgSql(client));
    await pgCall(() => client.query('COMMIT'));
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(markLost);
    throw error;
  }
}

export async function openPostgres(
  url: string,
  limits: PoolLimits = DEFAULT_POOL_LIMITS,
): Promise<Database> {
  const pg = (await import('pg')).default;
  // int8 (counts, sequences) as numbers, as PGlite returns them; numeric stays a string.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const newPool = (max: number, extra: PgModule.PoolConfig = {}) => {
    const made = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: limits.waitMs,
      ...extra,
    });
    // An idle client losing its connection must not take the process down; the pool replaces it.
    made.on('error', () => undefined);
    return made;
  };
  const pool = newPool(Number(process.env.PG_POOL_SIZE ?? 10));
  // Fails here, at start-up, when the server cannot be reached.
  await pgCall(() => pool.query('SELECT 1'));
  // Three pools: writes and everything else; the log's newest sequence and the event hub's
  // reads; public reads, whose every statement ends at READ_STATEMENT_MS.
  const live = newPool(2);
  const reads = newPool(Math.max(1, limits.readConnections), {
    statement_timeout: limits.readStatementMs || undefined,
  });
  // A connection of its own for cancelling a public read whose client went away.
  const cancels = newPool(1);
  const main = boundedPool(pool, limits);
  return {
    kind: 'postgres',
    logReader: { query: boundedPool(live, limits).query },
    publicReads: boundedPool(reads, limits, cancels),
    query: main.query,
    transaction: main.transaction,
    exec: async (text) => {
      await pgCall(() => pool.query(text));
    },
    listen: (channel, onNotify, onLost) => listenPostgres(pg, url, channel, onNotify, onLost),
    close: async () => {
      await Promise.all([pool.end(), live.end(), reads.end(), cancels.end()]);
    },
  };
}
