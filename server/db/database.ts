// The server's one database interface, over PGlite (embedded, the default) or a PostgreSQL
// server (DATABASE_URL). Domain code writes plain SQL with $1 parameters and never knows which.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type * as PgliteModule from '@electric-sql/pglite';
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
   * to this process and back. Its result comes once the transaction has committed (a caller
   * may ignore it); an error rolls the whole back.
   */
  commitWith<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
  ): Promise<QueryResult<T>>;
  /**
   * Runs `text` (a SAVEPOINT, a lock, a write: its result is not returned) just before the
   * next statement, or the commit when none follows; on PostgreSQL in the same request. Its
   * error is that next statement's.
   */
  sendWithNext(text: string, params?: unknown[]): void;
}

/**
 * Runs a write whose result nobody reads: in a transaction, with its next statement (on
 * PostgreSQL in the same request, often the commit's), which it precedes and whose error it
 * becomes; elsewhere at once.
 */
export async function writeSoon(sql: Sql, text: string, params?: unknown[]): Promise<void> {
  if ('sendWithNext' in sql) (sql as Transaction).sendWithNext(text, params);
  else await sql.query(text, params);
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
   * sent meanwhile is gone), and `onLost` when that connection is lost (or could not be made at
   * first). Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * The results of a transaction's commitWith statements, handed out once it has committed, or
 * its error once it failed. A caller that ignores one is never told of an unhandled rejection:
 * the transaction itself throws that error.
 */
function commitResults() {
  let settle: { resolve(results: QueryResult<unknown>[]): void; reject(error: unknown): void };
  const all = new Promise<QueryResult<unknown>[]>((resolve, reject) => {
    settle = { resolve, reject };
  });
  all.catch(() => undefined);
  return {
    result<T>(index: number): Promise<QueryResult<T>> {
      const one = all.then((results) => results[index] as QueryResult<T>);
      one.catch(() => undefined);
      return one;
    },
    async around<T>(transaction: Promise<[T, QueryResult<unknown>[]]>): Promise<T> {
      try {
        const [value, results] = await transaction;
        settle.resolve(results);
        return value;
      } catch (error) {
        settle.reject(error);
        throw error;
      }
    },
  };
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return wrapPglite(dataDir ? await PGlite.create(dataDir) : await PGlite.create());
}

type Statement = [string, unknown[] | undefined];

/** PGlite's protocol tools and node-postgres's conversion of a parameter, loaded when needed. */
let pgliteTools:
  | Promise<{
      module: typeof PgliteModule;
      prepareValue: (value: unknown) => string | Buffer | null;
    }>
  | undefined;

/**
 * A transaction's statements on PGlite in one call: each one's Parse (once for a named one),
 * Bind, Describe and Execute, and a single Sync, as one protocol message. PGlite's own query()
 * makes six calls into the database per statement (parse, describe the parameters, bind,
 * describe, execute, sync) and parses and plans the statement every time; here a statement
 * with parameters is a named prepared statement (see prepared()), planned once when a generic
 * plan does as well. Parameters go as node-postgres sends them (text, typed by the server).
 * After an error the rest is skipped up to the Sync, and the error is thrown.
 */
function pgliteBatch(db: PGlite) {
  const parsed = new Set<string>();
  // Names a failed batch sent a Parse for: each may exist or not, so it is closed first.
  const unsure = new Set<string>();
  return async (statements: Statement[]): Promise<QueryResult<unknown>[]> => {
    pgliteTools ??= import('@electric-sql/pglite').then((module) => ({
      module,
      prepareValue: (
        createRequire(import.meta.url)('pg/lib/utils.js') as {
          prepareValue: (value: unknown) => string | Buffer | null;
        }
      ).prepareValue,
    }));
    const { module, prepareValue } = await pgliteTools;
    const { serialize } = module.protocol;
    const parts: Uint8Array[] = [];
    const parsing: string[] = [];
    for (const [text, params] of statements) {
      const name = prepared(text, params).name ?? '';
      // A name already parsed, before or earlier in this batch, is not again.
      if (!name || (!parsed.has(name) && !parsing.includes(name))) {
        if (unsure.has(name)) parts.push(serialize.close({ type: 'S', name }));
        parts.push(serialize.parse({ text, name, types: [] }));
        if (name) parsing.push(name);
      }
      parts.push(serialize.bind({ statement: name, values: (params ?? []).map(prepareValue) }));
      parts.push(serialize.describe({ type: 'P', name: '' }));
      parts.push(serialize.execute({}));
    }
    parts.push(serialize.sync());
    const message = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    let messages;
    try {
      ({ messages } = await db.execProtocol(message, { syncToFs: false }));
    } catch (error) {
      for (const name of parsing) unsure.add(name);
      throw error;
    }
    for (const name of parsing) {
      parsed.add(name);
      unsure.delete(name);
    }
    return module.parse.parseResults(messages, db.parsers).map((result) => ({
      rows: result.rows,
      rowCount: /^(INSERT|UPDATE|DELETE|MERGE)$/.test(
        (result as { command?: string }).command ?? '',
      )
        ? ((result as { rowCount?: number }).rowCount ?? 0)
        : 0,
    }));
  };
}

/** The Database interface over an open PGlite (tests open theirs from a seeded dump). */
export function wrapPglite(db: PGlite): Database {
  const batch = pgliteBatch(db);
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
    transaction: (work) => {
      const committed = commitResults();
      return committed.around(
        db.transaction(async () => {
          // Inside PGlite's transaction, which keeps every other query out until it ends.
          const last: Statement[] = [];
          const waiting: Statement[] = [];
          const result = await work({
            query: async <T>(t: string, p?: unknown[]) =>
              (await batch([...waiting.splice(0), [t, p]])).at(-1) as QueryResult<T>,
            sendWithNext: (t, p) => void waiting.push([t, p]),
            commitWith: <T>(t: string, p?: unknown[]) => committed.result<T>(last.push([t, p]) - 1),
          });
          const held = waiting.splice(0);
          if (held.length === 0 && last.length === 0) return [result, []];
          const results = await batch([...held, ...last]);
          return [result, results.slice(results.length - last.length)] as [
            typeof result,
            QueryResult<unknown>[],
          ];
        }),
      );
    },
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

/** What a batch needs of node-postgres's connection (its own, not part of its typed API). */
interface PgConnection {
  stream: Writable;
  parsedStatements: Record<string, string>;
  parse(query: { text: string; name?: string; types: number[] }): void;
  bind(config: { statement?: string; values: unknown[]; valueMapper: unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
}

interface PgResult extends PgModule.QueryResult {
  addFields(fields: unknown): void;
  parseRow(values: unknown): unknown;
  addRow(row: unknown): void;
  addCommandComplete(message: unknown): void;
}

/**
 * Several statements as one request: each one's Parse (once per connection for a named one),
 * Bind and Execute, and a single Sync after the last, written to the socket at once. PostgreSQL
 * runs them in order without waiting for this process, and answers all of them in one flush.
 * After an error it skips the rest, up to the Sync. A query object node-postgres runs like its
 * own (it hands it the connection and the answer's messages).
 */
class Batch {
  readonly results: PgResult[];
  private current = 0;
  /** Names this batch parses: a connection whose batch failed may have parsed any of them. */
  readonly parsing: string[] = [];
  callback: (error: Error | null, results?: PgResult[]) => void = () => undefined;

  constructor(
    private readonly statements: PgModule.QueryConfig[],
    private readonly pg: PgInternals,
  ) {
    this.results = statements.map(() => new pg.Result(undefined, pg.types));
  }

  submit(connection: PgConnection): null {
    connection.stream.cork();
    try {
      for (const { text, name, values } of this.statements) {
        // A name already parsed, on this connection or earlier in this batch, is not again.
        if (
          !name ||
          (connection.parsedStatements[name] === undefined && !this.parsing.includes(name))
        ) {
          connection.parse({ text, name, types: [] });
          if (name) this.parsing.push(name);
        }
        connection.bind({
          statement: name,
          values: values ?? [],
          valueMapper: this.pg.prepareValue,
        });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return null;
  }

  handleRowDescription(message: { fields: unknown }): void {
    this.results[this.current]?.addFields(message.fields);
  }

  handleDataRow(message: { fields: unknown }): void {
    const result = this.results[this.current];
    result?.addRow(result.parseRow(message.fields));
  }

  handleCommandComplete(message: unknown, connection: PgConnection): void {
    this.results[this.current]?.addCommandComplete(message);
    const name = this.statements[this.current]?.name;
    if (name) connection.parsedStatements[name] = this.statements[this.current]?.text ?? '';
    this.current += 1;
  }

  handleEmptyQuery(): void {
    this.current += 1;
  }

  handleError(error: Error): void {
    this.callback(error);
  }

  handleReadyForQuery(): void {
    this.callback(null, this.results);
  }

  handlePortalSuspended(): void {}
  handleCopyInResponse(): void {}
  handleCopyData(): void {}
}

interface PgInternals {
  Result: new (rowMode: undefined, types: unknown) => PgResult;
  types: unknown;
  prepareValue: unknown;
}

/** Runs `statements` on `client` as one request (Batch); each one's result, in order. */
function runBatch(
  client: PgModule.PoolClient,
  statements: PgModule.QueryConfig[],
  pg: PgInternals,
): Promise<PgResult[]> {
  const batch = new Batch(statements, pg);
  return new Promise((resolve, reject) => {
    batch.callback = (error, results) => {
      if (!error) return resolve(results ?? []);
      // A statement this batch parsed may exist on the server without node-postgres knowing:
      // the next Parse of its name would fail, so the connection is not used again.
      reject(Object.assign(error, { discardConnection: batch.parsing.length > 0 }));
    };
    void client.query(batch as unknown as PgModule.QueryConfig);
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
  // node-postgres's own conversion of a parameter (Dates, arrays, objects as JSON).
  const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
    prepareValue: unknown;
  };
  const internals: PgInternals = {
    Result: pg.Result as unknown as PgInternals['Result'],
    types: pg.types,
    prepareValue,
  };
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
    transaction: (work) => {
      const committed = commitResults();
      return committed.around(pgTransaction(work, committed));
    },
    exec: async (text) => {
      await pgCall(() => pool.query(text));
    },
    listen: (channel, onNotify, onLost) => listenPostgres(pg, url, channel, onNotify, onLost),
    close: async () => {
      await Promise.all([pool.end(), readers.end()]);
    },
  };

  async function pgTransaction<T>(
    work: (tx: Transaction) => Promise<T>,
    committed: ReturnType<typeof commitResults>,
  ): Promise<[T, QueryResult<unknown>[]]> {
    const client = await pgCall(() => pool.connect());
    // The connection may die while the client is checked out, between two statements (the
    // server restarting): without a listener that 'error' event would end the process. The
    // next statement fails instead, and the broken client leaves the pool.
    let lost: Error | undefined;
    const onError = (error: Error) => {
      lost = error;
    };
    client.on('error', onError);
    // Statements whose result nobody waits for (BEGIN, a SAVEPOINT, a lock, an activity row)
    // are held until the next one, and those for the commit go with COMMIT, each batch as
    // one request of prepared statements (Batch). A transaction that only sends and commits
    // (a bid, bids.ts) is one request: a request and its answer, more than the statements'
    // own work, are what a statement costs the server, PostgreSQL and the locks held
    // meanwhile.
    const waiting: PgModule.QueryConfig[] = [];
    let sent = false;
    const send = async (statements: PgModule.QueryConfig[]) => {
      const batch = sent ? statements : [{ text: 'BEGIN' }, ...statements];
      sent = true;
      try {
        return await runBatch(client, batch, internals);
      } catch (error) {
        if ((error as { discardConnection?: boolean }).discardConnection) {
          lost ??= error as Error;
        }
        throw tagged(error);
      }
    };
    const last: PgModule.QueryConfig[] = [];
    try {
      const result = await work({
        query: async <T>(text: string, params?: unknown[]) =>
          wrap<T>((await send([...waiting.splice(0), prepared(text, params)])).at(-1) as PgResult),
        sendWithNext: (text, params) => void waiting.push(prepared(text, params)),
        commitWith: <R>(text: string, params?: unknown[]) =>
          committed.result<R>(last.push(prepared(text, params)) - 1),
      });
      if (!sent && waiting.length === 0 && last.length === 0) return [result, []];
      const held = waiting.splice(0);
      const results = await send([...held, ...last, { text: 'COMMIT' }]);
      // The commit's own statements' results, after those sent with it and before COMMIT.
      return [result, results.slice(-1 - last.length, -1).map((one) => wrap(one))];
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
  }
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
  onLost?: () => void,
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
      if (!stopped) onLost?.();
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
