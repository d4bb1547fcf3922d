// The server's configuration, all from the environment (twelve-factor): read once at start-up.
import { resolve } from 'node:path';
import { DEFAULT_MESSAGES_TO } from './housekeeping.ts';
import { SNAPSHOT_BEHIND } from '../shared/protocol.ts';
import { COMPACT_EVERY_MS, LOG_KEEP } from './sync/compaction.ts';
import {
  MAX_STREAMS_PER_ACCOUNT,
  MAX_STREAMS_PER_ADDRESS,
  STREAM_BUFFER_BYTES,
} from './sync/stream-limits.ts';
import { DEFAULT_POOL_LIMITS, type PoolLimits } from './db/read-lane.ts';
import { DEFAULT_READ_LIMITS, type ReadLimits } from './http/read-guard.ts';
import { UPLOADS_PER_HOUR } from './catalog/uploads.ts';
import { readPushSettings, type PushSettings } from './push/settings.ts';
import { MAIL_DIGEST_MINUTES } from './notifications/mail-digest.ts';

export interface ServerConfig {
  port: number;
  host: string | undefined;
  /** Embedded database folder (PGlite), mail folder, lock: used when DATABASE_URL is unset. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The built app to serve; undefined with API_ONLY=1 (the API for `npm run dev`). */
  dist: string | undefined;
  smtpUrl: string | undefined;
  /** Notification mails: at most one per account every MAIL_DIGEST_MINUTES (0: no mails);
   * MAIL_SECRET signs their unsubscribe links (unset: one made and kept in the database). */
  mailDigestMinutes: number;
  mailSecret: string | undefined;
  /** The origin collectors use (links, the Origin check, cookies); see server/http/site.ts. */
  publicOrigin: string | undefined;
  /** How many proxies in front of the server append to X-Forwarded-For (0: none). */
  trustProxy: number;
  /** Where newsletter, contact and support messages are mailed (server/housekeeping.ts). */
  messagesTo: string;
  /** Live streams per account and per address (STREAMS_PER_ACCOUNT, STREAMS_PER_ADDRESS). */
  streamsPerAccount: number;
  streamsPerAddress: number;
  /** The bytes a live stream may hold for a browser that reads too slowly (STREAM_BUFFER_BYTES). */
  streamBufferBytes: number;
  loginPerMinute: number;
  writesPerMinute: number;
  /** Items one account may list in an hour (UPLOADS_PER_HOUR; 0: no limit). */
  uploadsPerHour: number;
  /** The change log's compaction (server/sync/compaction.ts): entries kept whole behind the
   * newest (LOG_KEEP), and how often it runs (COMPACT_EVERY_MS; 0: never). */
  logKeep: number;
  compactEveryMs: number;
  /** Entries behind the newest past which a device starts from the snapshot (SNAPSHOT_BEHIND). */
  snapshotBehind: number;
  /** The public reads' budgets and gate (READS_PER_ADDRESS, READS_PER_ACCOUNT a minute;
   * READS_AT_ONCE, READS_WAITING), and the database pools' bounds (READ_POOL_SIZE,
   * POOL_QUEUE, POOL_WAIT_MS, READ_STATEMENT_MS): docs/security.md "Read bounds". */
  reads: ReadLimits;
  pools: PoolLimits;
  /** Web Push: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, PUSH_ALLOW_ORIGINS
   * (docs/operations.md "Web Push"). */
  push: PushSettings;
}

function whole(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number of 0 or more (it is "${raw}")`);
  }
  return value;
}

export function readConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
): ServerConfig {
  return {
    port: whole('PORT', 4173, env),
    host: env.HOST || undefined,
    dataDir: resolve(root, env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    dist: env.API_ONLY === '1' ? undefined : resolve(root, env.ARTMINT_DIST || 'dist'),
    smtpUrl: env.SMTP_URL || undefined,
    mailDigestMinutes: whole('MAIL_DIGEST_MINUTES', MAIL_DIGEST_MINUTES, env),
    mailSecret: env.MAIL_SECRET || undefined,
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    trustProxy: whole('TRUST_PROXY', 0, env),
    messagesTo: env.MESSAGES_TO || DEFAULT_MESSAGES_TO,
    streamsPerAccount: whole('STREAMS_PER_ACCOUNT', MAX_STREAMS_PER_ACCOUNT, env),
    streamsPerAddress: whole('STREAMS_PER_ADDRESS', MAX_STREAMS_PER_ADDRESS, env),
    streamBufferBytes: whole('STREAM_BUFFER_BYTES', STREAM_BUFFER_BYTES, env),
    loginPerMinute: whole('RATE_LIMIT_LOGIN', 10, env),
    writesPerMinute: whole('RATE_LIMIT_WRITES', 600, env),
    uploadsPerHour: whole('UPLOADS_PER_HOUR', UPLOADS_PER_HOUR, env),
    logKeep: whole('LOG_KEEP', LOG_KEEP, env),
    compactEveryMs: whole('COMPACT_EVERY_MS', COMPACT_EVERY_MS, env),
    snapshotBehind: whole('SNAPSHOT_BEHIND', SNAPSHOT_BEHIND, env),
    reads: readLimits(env),
    pools: {
      readConnections: whole('READ_POOL_SIZE', DEFAULT_POOL_LIMITS.readConnections, env),
      queue: whole('POOL_QUEUE', DEFAULT_POOL_LIMITS.queue, env),
      waitMs: whole('POOL_WAIT_MS', DEFAULT_POOL_LIMITS.waitMs, env),
      readStatementMs: whole('READ_STATEMENT_MS', DEFAULT_POOL_LIMITS.readStatementMs, env),
    },
    push: readPushSettings(env),
  };
}

function readLimits(env: NodeJS.ProcessEnv): ReadLimits {
  const perMinute = (name: string, fallback: number) => ({
    max: whole(name, fallback, env),
    windowMs: 60_000,
  });
  return {
    perAddress: perMinute('READS_PER_ADDRESS', DEFAULT_READ_LIMITS.perAddress.max),
    perAccount: perMinute('READS_PER_ACCOUNT', DEFAULT_READ_LIMITS.perAccount.max),
    atOnce: Math.max(1, whole('READS_AT_ONCE', DEFAULT_READ_LIMITS.atOnce, env)),
    waiting: whole('READS_WAITING', DEFAULT_READ_LIMITS.waiting, env),
    refusalPauseMs: whole('READS_REFUSAL_PAUSE_MS', DEFAULT_READ_LIMITS.refusalPauseMs, env),
  };
}

/** A database URL fit for a log line: no password. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'the configured DATABASE_URL';
  }
}
