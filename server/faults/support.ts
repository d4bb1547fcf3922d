// What the fault scenarios share: the PostgreSQL cluster of scripts/with-postgres.sh (a fresh
// database per scenario, pg_ctl on the cluster itself), a device that speaks to a server over
// real HTTP with its own session cookie, and the server's stored state for the assertions.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import type { PushResponse } from '../../shared/protocol.ts';
import type { Database } from '../db/database.ts';
import { newPostgresDatabase, TEST_PASSWORD } from '../test/harness.ts';

export interface Cluster {
  /** The cluster's maintenance database URL. */
  url: string;
  pgBin: string;
  pgData: string;
}

/** The cluster with-postgres.sh started; these scenarios mean nothing without it. */
export function cluster(): Cluster {
  const { DATABASE_URL: url, PG_BIN: pgBin, PG_DATA: pgData } = process.env;
  if (!url || !pgBin || !pgData) {
    throw new Error(
      'The fault scenarios need PostgreSQL: run them through scripts/with-postgres.sh ' +
        '(DATABASE_URL, PG_BIN and PG_DATA unset).',
    );
  }
  return { url, pgBin, pgData };
}

let counter = 0;

/** A new, empty database on the cluster: its URL, a connection, and a drop for afterAll. */
export async function freshDatabase(): Promise<{
  url: string;
  db: Database;
  drop: () => Promise<void>;
}> {
  const database = await newPostgresDatabase(cluster().url, 'artmint_faults');
  return {
    ...database,
    drop: async () => {
      await database.db.close().catch(() => undefined);
      await database.drop();
    },
  };
}

/** Runs pg_ctl on the test cluster, as its owner (the postgres user when we are root). */
export async function pgCtl(...args: string[]): Promise<void> {
  const { pgBin, pgData } = cluster();
  const command = [join(pgBin, 'pg_ctl'), '-D', pgData, ...args];
  const [file = '', ...rest] =
    process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...command] : command;
  // The server's output goes to with-postgres.sh's log, never to a pipe of ours (pg_ctl would
  // wait on it).
  const child = spawn(file, [...rest, '-l', join(dirname(pgData), 'server.log')], {
    stdio: 'ignore',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`pg_ctl ${args.join(' ')} exited ${code}`);
}

/** A device talking to the server over HTTP, with its own session cookie. */
export class Device {
  cookie = '';
  constructor(public origin: string) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('origin', this.origin);
    if (this.cookie) headers.set('cookie', this.cookie);
    const response = await fetch(this.origin + path, { ...init, headers });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0] ?? '';
    return response;
  }

  post(path: string, json: unknown): Promise<Response> {
    return this.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  }

  async signUp(name: string): Promise<number> {
    counter += 1;
    const response = await this.post('/api/auth/signup', {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '')}.${counter}.${Date.now()}@example.com`,
      password: TEST_PASSWORD,
      terms: true,
    });
    if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
    return ((await response.json()) as { account: { id: number } }).account.id;
  }

  /** One push request; its status, Retry-After and body (null when not JSON). */
  async push(mutations: unknown[]): Promise<{
    status: number;
    retryAfter: string | null;
    body: (PushResponse & { error?: string }) | null;
  }> {
    const response = await this.post('/api/push', { mutations });
    const body = (await response.json().catch(() => null)) as
      (PushResponse & { error?: string }) | null;
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
  }
}

/** The stored outcome of these mutation ids: status by id, and how many rows there are. */
export async function storedMutations(
  db: Database,
  ids: string[],
): Promise<{ rows: number; status: Map<string, string> }> {
  const { rows } = await db.query<{ id: string; status: string }>(
    'SELECT id, status FROM mutations WHERE id = ANY($1::text[])',
    [ids],
  );
  return { rows: rows.length, status: new Map(rows.map((r) => [r.id, r.status])) };
}

/** Each item's bids (ids, oldest first) and highest bid, as the server stored them. */
export async function storedBids(
  db: Database,
  itemIds: number[],
): Promise<Map<number, { ids: string[]; highest: string }>> {
  const state = new Map<number, { ids: string[]; highest: string }>();
  for (const itemId of itemIds) {
    const { rows } = await db.query<{ id: string }>(
      'SELECT id FROM bids WHERE item_id = $1 ORDER BY created_at, id',
      [itemId],
    );
    const { rows: item } = await db.query<{ highest: string }>(
      'SELECT trim_scale(highest_bid_eth)::text AS highest FROM items WHERE id = $1',
      [itemId],
    );
    state.set(itemId, { ids: rows.map((r) => r.id), highest: item[0]?.highest ?? '' });
  }
  return state;
}

/** The account's favourite item ids, sorted. */
export async function storedFavourites(db: Database, accountId: number): Promise<number[]> {
  const { rows } = await db.query<{ item_id: number }>(
    'SELECT item_id FROM favourites WHERE account_id = $1 ORDER BY item_id',
    [accountId],
  );
  return rows.map((r) => r.item_id);
}

/** The value, or a thrown error naming what is missing (instead of a non-null assertion). */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`missing: ${what}`);
  return value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
