// Starts the Artmint server: `npm start` (after a build) or `npm run serve`. Embedded PGlite in
// DATA_DIR unless DATABASE_URL names a PostgreSQL server; migrates and seeds on start; stops
// cleanly on SIGTERM and SIGINT. A start-up failure is one clear line and exit code 1.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { seedIfEmpty } from './catalog/seed.ts';
import { readConfig, redactUrl, type ServerConfig } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { lockDataDir } from './db/lock.ts';
import { migrate } from './db/migrate.ts';
import { createApp } from './app.ts';
import { createMailer, type Mailer } from './mail.ts';
import { startSettler, type Settler } from './market/settlement.ts';
import { startHousekeeping, type Housekeeper } from './housekeeping.ts';
import { startMailDigest, type MailDigester } from './notifications/mail-digest.ts';
import { mailSecretOf } from './notifications/mail-token.ts';
import { sitePolicy } from './http/site.ts';
import { startCompaction, type Compactor } from './sync/compaction.ts';
import { startPushWorker, type PushWorker } from './push/worker.ts';

const log = (line: string) => console.error(`artmint: ${line}`);

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const first = String(e?.message ?? e).split('\n')[0] ?? '';
  return e?.code ? `${first} (${e.code})` : first;
}

async function openDatabase(config: ServerConfig, release: { fn?: () => void }): Promise<Database> {
  if (config.databaseUrl) {
    try {
      return await openPostgres(config.databaseUrl, config.pools);
    } catch (error) {
      throw new Error(
        `cannot reach the database at ${redactUrl(config.databaseUrl)}: ${describe(error)}`,
      );
    }
  }
  try {
    mkdirSync(config.dataDir, { recursive: true });
    release.fn = lockDataDir(config.dataDir);
  } catch (error) {
    throw new Error(`cannot use the data folder ${config.dataDir}: ${describe(error)}`);
  }
  // The folder is ours, but its database may not be usable: in the way (a file), or damaged.
  const dbDir = join(config.dataDir, 'db');
  try {
    return await openPglite(dbDir, config.pools);
  } catch (error) {
    throw new Error(`cannot open the database in ${dbDir}: ${describe(error)}`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const release: { fn?: () => void } = {};
  let db: Database | undefined;
  let app: ReturnType<typeof createApp>;
  let mailer: Mailer;
  try {
    db = await openDatabase(config, release);
    try {
      await migrate(db);
    } catch (error) {
      const where = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir;
      throw new Error(`cannot set up the database at ${where}: ${describe(error)}`);
    }
    if (await seedIfEmpty(db)) log('new database: sample catalogue seeded');
    mailer = createMailer({ smtpUrl: config.smtpUrl, dir: join(config.dataDir, 'mail'), log });
    app = createApp({
      db,
      mailer,
      dist: config.dist,
      publicOrigin: config.publicOrigin,
      mailSecret: config.mailSecret,
      port: config.port,
      trustProxy: config.trustProxy,
      streamsPerAccount: config.streamsPerAccount,
      streamsPerAddress: config.streamsPerAddress,
      streamBufferBytes: config.streamBufferBytes,
      snapshotBehind: config.snapshotBehind,
      reads: config.reads,
      push: config.push,
      uploadsPerHour: config.uploadsPerHour,
      limits: {
        login: { max: config.loginPerMinute, windowMs: 60_000 },
        writes: { max: config.writesPerMinute, windowMs: 60_000 },
      },
      log,
    });
  } catch (error) {
    await db?.close().catch(() => undefined);
    release.fn?.();
    log(`could not start: ${describe(error)}`);
    process.exit(1);
  }
  let settler: Settler | undefined;
  let housekeeper: Housekeeper | undefined;
  let compactor: Compactor | undefined;
  let pusher: PushWorker | undefined;
  let mailDigest: MailDigester | undefined;
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir;
    log(`listening on http://localhost:${info.port} (${db.kind}: ${where})`);
    settler = startSettler(db, { log });
    pusher = startPushWorker(db, {
      keys: app.pushKeys,
      allowOrigins: config.push.allowOrigins,
      log,
    });
    housekeeper = startHousekeeping(db, { log, delivery: { mailer, to: config.messagesTo } });
    if (config.mailDigestMinutes > 0) {
      void mailSecretOf(db, config.mailSecret)()
        .then((secret) => {
          if (stopping) return;
          mailDigest = startMailDigest(db, {
            mailer,
            secret,
            // Links in mails are on the configured origin, never a request's Host.
            origin: sitePolicy(config).origin,
            minutes: config.mailDigestMinutes,
            log,
          });
        })
        .catch((error: unknown) => log(`mail: could not start: ${describe(error)}`));
    }
    if (config.compactEveryMs > 0) {
      compactor = startCompaction(db, {
        keep: config.logKeep,
        everyMs: config.compactEveryMs,
        log,
      });
    }
  });
  // Kept-alive connections stay open longer than a client or load balancer keeps its idle ones
  // (ALB: 60 s), so the server never closes one just as a request goes out on it, which the
  // client sees as a reset connection (Node's default is 5 s). Headers must still come first.
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  server.on('error', (error) => {
    log(`could not listen on port ${config.port}: ${describe(error)}`);
    void db.close().finally(() => {
      release.fn?.();
      process.exit(1);
    });
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    server.close();
    if ('closeAllConnections' in server) server.closeAllConnections();
    void Promise.all([
      app.stop(),
      settler?.stop(),
      housekeeper?.stop(),
      compactor?.stop(),
      pusher?.stop(),
      mailDigest?.stop(),
    ])
      .then(() => db.close())
      .catch(() => undefined)
      .finally(() => {
        release.fn?.();
        process.exit(0);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
