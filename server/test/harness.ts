// Server tests run the real app on a real database, never a mock: PGlite in memory by default,
// or, when DATABASE_URL is set (npm test's PostgreSQL suite), a fresh database on that server
// for each test file. Requests go through app.request() (the whole middleware chain, no
// socket), from clients that keep their own cookie, like two collectors' browsers.
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedIfEmpty } from '../catalog/seed.ts';
import {
  openPglite,
  openPostgres,
  pgliteExtensions,
  wrapPglite,
  type Database,
} from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { DEFAULT_POOL_LIMITS, type PoolLimits } from '../db/read-lane.ts';
import { createApp, type AppOptions } from '../app.ts';
import { createMailer } from '../mail.ts';

export const ORIGIN = 'http://localhost:4173';

export interface TestClient {
  /** The session cookie, once signed in. */
  cookie: string | null;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  get(path: string): Promise<Response>;
  post(path: string, json?: unknown): Promise<Response>;
  /** Signs up a fresh account (password "correct horse 1") and keeps its session. */
  signUp(name?: string, email?: string): Promise<{ id: number; email: string; name: string }>;
}

export interface TestServer {
  db: Database;
  app: ReturnType<typeof createApp>;
  mailDir: string;
  client(): TestClient;
  /** Another app over the same database, as a second server process would be: its own event
   * hub, which hears of the first app's commits only through the database. Stop its hub
   * and its sessions' listener (`app.stop()`) when done. */
  secondApp(overrides?: Partial<AppOptions>): ReturnType<typeof createApp>;
  /** The mails written so far, oldest first, as raw text, once queued mails are sent. */
  mails(): Promise<string[]>;
  close(): Promise<void>;
}

export const TEST_PASSWORD = 'correct horse 1';
let counter = 0;

// Making a PGlite database (initdb in WebAssembly) and seeding it is most of a test file's
// time, so the first file of a run keeps a dump of its freshly seeded database in the temp
// folder and the next files start from it. The dump is keyed by the migrations and the sample
// data, and used for 10 minutes at most (sample auctions count from the seed's time).
const DUMP_MAX_AGE_MS = 10 * 60_000;

function seedKey(): string {
  const hash = createHash('sha256');
  for (const dir of [
    '../migrations/',
    '../migrations/functions/',
    '../../shared/sample/',
    '../catalog/',
  ]) {
    const path = fileURLToPath(new URL(dir, import.meta.url));
    for (const file of readdirSync(path).sort()) {
      if (!file.endsWith('.ts') && !file.endsWith('.sql')) continue;
      hash.update(file).update(readFileSync(join(path, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

async function openSeededPglite(limits: PoolLimits): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const file = join(tmpdir(), `artmint-test-seed-${seedKey()}.tar`);
  if (existsSync(file) && Date.now() - statSync(file).mtimeMs < DUMP_MAX_AGE_MS) {
    try {
      const loadDataDir = new Blob([readFileSync(file)]);
      const extensions = await pgliteExtensions();
      return wrapPglite(await PGlite.create({ loadDataDir, extensions }), limits);
    } catch {
      // A damaged dump: made again below.
    }
  }
  const pglite = await PGlite.create({ extensions: await pgliteExtensions() });
  const db = wrapPglite(pglite, limits);
  await migrate(db);
  await seedIfEmpty(db);
  const dump = await pglite.dumpDataDir('none');
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return db;
}

/** A new, empty database on the PostgreSQL server at `url`, and its drop. */
export async function newPostgresDatabase(
  url: string,
  prefix = 'artmint_test',
  limits: PoolLimits = DEFAULT_POOL_LIMITS,
): Promise<{ url: string; db: Database; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${(counter += 1)}`;
  const admin = await openPostgres(url);
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.href, limits);
  return {
    url: target.href,
    db,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

async function openTestDatabase(
  seedAt: number | undefined,
  limits: PoolLimits,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db =
      seedAt === undefined ? await openSeededPglite(limits) : await openPglite(null, limits);
    return { db, drop: async () => undefined };
  }
  return newPostgresDatabase(url, undefined, limits);
}

export async function startTestServer(
  options: Partial<
    Pick<
      AppOptions,
      | 'limits'
      | 'publicOrigin'
      | 'trustProxy'
      | 'mailer'
      | 'streamStallMs'
      | 'uploadQuotaBytes'
      | 'uploadsPerHour'
      | 'log'
      | 'reads'
      | 'push'
    >
  > & {
    seedAt?: number;
    /** The database pools' bounds (server/db/read-lane.ts); the defaults unless said. */
    pools?: Partial<PoolLimits>;
  } = {},
): Promise<TestServer> {
  const pools = { ...DEFAULT_POOL_LIMITS, ...options.pools };
  const { db, drop } = await openTestDatabase(options.seedAt, pools);
  await migrate(db);
  await seedIfEmpty(db, options.seedAt ?? Date.now());
  const mailDir = mkdtempSync(join(tmpdir(), 'artmint-mail-'));
  const newApp = (overrides: Partial<AppOptions> = {}) =>
    createApp({
      db,
      mailer: options.mailer ?? createMailer({ dir: mailDir, log: () => undefined }),
      publicOrigin: options.publicOrigin,
      push: options.push,
      trustProxy: options.trustProxy,
      streamStallMs: options.streamStallMs,
      uploadQuotaBytes: options.uploadQuotaBytes,
      // Items an hour: off unless a test sets it, as the write limits are.
      uploadsPerHour: options.uploadsPerHour ?? 0,
      // Every test's requests come from one address ("unknown", no socket): the read budgets
      // are off unless a test sets them; the fair gate keeps its defaults.
      reads: options.reads ?? {
        perAddress: { max: 0, windowMs: 60_000 },
        perAccount: { max: 0, windowMs: 60_000 },
      },
      ...overrides,
      limits: options.limits ?? {
        login: { max: 0, windowMs: 60_000 },
        writes: { max: 0, windowMs: 60_000 },
      },
      log: options.log ?? (() => undefined),
    });
  const app = newApp();

  const client = (): TestClient => {
    const self: TestClient = {
      cookie: null,
      async request(path, init = {}) {
        const headers = new Headers(init.headers);
        if (!headers.has('origin')) headers.set('origin', ORIGIN);
        if (self.cookie && !headers.has('cookie')) headers.set('cookie', self.cookie);
        let body = init.body;
        if (init.json !== undefined) {
          headers.set('content-type', 'application/json');
          body = JSON.stringify(init.json);
        }
        const response = await app.request(`${ORIGIN}${path}`, { ...init, headers, body });
        const set = response.headers.get('set-cookie');
        if (set) {
          const pair = set.split(';')[0] ?? '';
          self.cookie = /=$/.test(pair) || /max-age=0/i.test(set) ? null : pair;
        }
        return response;
      },
      get: (path) => self.request(path),
      post: (path, json) => self.request(path, { method: 'POST', json }),
      async signUp(name = 'Test Collector', email) {
        counter += 1;
        const response = await self.post('/api/auth/signup', {
          name,
          email: email ?? `collector${counter}.${Date.now()}@example.com`,
          password: TEST_PASSWORD,
          terms: true,
        });
        if (response.status !== 201) throw new Error(`signup answered ${response.status}`);
        return ((await response.json()) as { account: { id: number; email: string; name: string } })
          .account;
      },
    };
    return self;
  };

  return {
    db,
    app,
    mailDir,
    client,
    secondApp: newApp,
    async mails() {
      await app.idle();
      return readdirSync(mailDir)
        .sort()
        .map((file) => readFileSync(join(mailDir, file), 'utf8'));
    },
    async close() {
      await app.stop();
      await db.close();
      await drop();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
