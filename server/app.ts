// The Artmint server's HTTP surface: the JSON API under /api and the built PWA for every other
// GET, on one origin, behind the usual security headers.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { HashingBusy } from './auth/passwords.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionToken } from './auth/session-cookie.ts';
import { sessionCache } from './auth/sessions.ts';
import { isDatabaseDown, publicReadsOf, type Database } from './db/database.ts';
import { Abandoned, PoolBusy } from './db/read-lane.ts';
import type { Mailer } from './mail.ts';
import { pullRoutes } from './sync/pull.ts';
import { snapshotRoutes } from './sync/snapshot.ts';
import { listRoutes } from './catalog/item-routes.ts';
import { pushRoutes } from './sync/push.ts';
import { createEventHub } from './sync/event-hub.ts';
import { eventRoutes } from './sync/events.ts';
import { meRoutes } from './accounts/me.ts';
import { mailUnsubscribeRoutes } from './accounts/mail-unsubscribe.ts';
import { mailSecretOf } from './notifications/mail-token.ts';
import { notificationRoutes } from './notifications/inbox.ts';
import { collectionRoutes } from './catalog/collection-lists.ts';
import { creatorRoutes } from './catalog/creator-lists.ts';
import { imageRoutes } from './catalog/image-routes.ts';
import { savedSearchRoutes } from './watch/saved-searches.ts';
import { shareRoutes } from './watch/shares.ts';
import { historyRoutes } from './market/history.ts';
import { vapidKeysOf } from './push/keys.ts';
import { webPushRoutes } from './push/routes.ts';
import type { PushSettings } from './push/settings.ts';
import type { AppEnv } from './http/app-env.ts';
import { BadRequest, JSON_LIMIT } from './http/body.ts';
import {
  apiError,
  fixedWindow,
  rateLimiter,
  sharedWindow,
  tooMany,
  type RateLimit,
} from './http/guards.ts';
import {
  clientAddress as addressOf,
  hostGuard,
  sameOriginWrites,
  sitePolicy,
} from './http/site.ts';
import { createStaticSite, type DetailKind } from './http/static-site.ts';
import { DEFAULT_READ_LIMITS, readGuard, type ReadLimits } from './http/read-guard.ts';

export interface AppOptions {
  db: Database;
  mailer: Mailer;
  /** The built app (dist/); without it the server answers the API only. */
  dist?: string;
  /** PUBLIC_ORIGIN; unset, http://localhost:PORT (site.ts). */
  publicOrigin?: string | undefined;
  /** The port the server listens on (4173 unless said). */
  port?: number;
  /** TRUST_PROXY: proxies in front that append to X-Forwarded-For. */
  trustProxy?: number;
  limits?: { login?: RateLimit; writes?: RateLimit };
  /** The public reads' budgets and gate (read-guard.ts; docs/security.md "Read bounds"). */
  reads?: Partial<ReadLimits>;
  log?: (line: string) => void;
  /** What one account's uploads may take in all (images.ts UPLOAD_QUOTA_BYTES). */
  uploadQuotaBytes?: number;
  /** Items one account may list in an hour (uploads.ts UPLOADS_PER_HOUR); 0: no limit. */
  uploadsPerHour?: number;
  /** Live streams one account and one address may hold at once (events.ts); 0: no cap. */
  streamsPerAccount?: number;
  streamsPerAddress?: number;
  /** Entries behind the log's newest past which a device starts from the snapshot
   * (SNAPSHOT_BEHIND; server/sync/compaction.ts). */
  snapshotBehind?: number;
  /** How long a live stream may take no data before it is dropped (stream-limits.ts STALL_MS). */
  streamStallMs?: number;
  /** The bytes a live stream may hold for a slow browser (stream-limits.ts STREAM_BUFFER_BYTES). */
  streamBufferBytes?: number;
  /** Web Push's keys and the endpoints' allowed origins (server/push/settings.ts). */
  push?: PushSettings;
  /** MAIL_SECRET: signs the mails' unsubscribe links; unset, the database's (mail-token.ts). */
  mailSecret?: string | undefined;
}

export const DEFAULT_LIMITS = {
  // Per address: 10 sign-in attempts a minute.
  login: { max: 10, windowMs: 60_000 },
  // Per account, or per address when signed out: 600 writes a minute.
  writes: { max: 600, windowMs: 60_000 },
} satisfies Record<string, RateLimit>;

// No inline script anywhere. Styles: the one stylesheet is a file; React's prerendered markup
// carries a few style="" attributes (image boxes, progress), hence style-src-attr only.
// Frames: the two embeds (contact map, hero video), loaded only when opened.
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  styleSrcAttr: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameSrc: ['https://www.youtube-nocookie.com', 'https://www.openstreetmap.org'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const DETAIL_TABLES: Record<DetailKind, string> = {
  item: 'items',
  creator: 'creators',
  blog: 'blog_posts',
};

export function createApp(options: AppOptions) {
  const { db, mailer } = options;
  const log = options.log ?? ((line: string) => console.error(line));
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const site = sitePolicy(options);
  const clientAddress = (c: Context) => addressOf(site, c);
  const app = new Hono<AppEnv>();

  app.use('*', hostGuard(site));
  app.use('*', async (c, next) => {
    c.set('site', site);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: CSP,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
    }),
  );

  const api = new Hono<AppEnv>();
  api.use('*', sameOriginWrites());
  const tooLarge = (c: Context) => apiError(c, 413, 'The request is too large (64 KB at most).');
  const jsonLimit = bodyLimit({ maxSize: JSON_LIMIT, onError: tooLarge });
  // Image uploads have their own limit (10 MB, in imageRoutes); every other body is JSON. A
  // body of a declared length is checked on the header alone: Hono's bodyLimit reads it
  // through the web Request, which makes @hono/node-server build one for every call (about a
  // tenth of the server's CPU for a bid). Only a body without one (chunked) goes through
  // bodyLimit, which counts it as it streams.
  api.use('*', async (c, next) => {
    if (c.req.method === 'PUT' && c.req.path.startsWith('/api/images/')) return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) {
      return jsonLimit(c, next);
    }
    if (Number(length) > JSON_LIMIT) return tooLarge(c);
    return next();
  });
  const sessions = sessionCache(db);
  api.use('*', async (c, next) => {
    c.set('account', await sessions.account(sessionToken(c)));
    await next();
  });
  // A sign-out, a password change or a deleted account takes effect in this process at once;
  // the others hear of it through the database (sessionCache).
  api.use('/auth/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET') sessions.forget();
  });
  const byAddress = (c: Context) => clientAddress(c);
  // Sign-in attempts are counted per account and address together in the route (so nobody can
  // lock an owner out from elsewhere), and per address here, at ten times that, against one
  // address trying many accounts.
  // On PostgreSQL these counts are shared by every server process (sharedWindow); on the
  // embedded database there is one process.
  const counter = (limit: RateLimit, name: string) =>
    db.kind === 'postgres' ? sharedWindow(db, limit, name) : fixedWindow(limit);
  const loginsByAddress = { ...limits.login, max: limits.login.max * 10 };
  api.use(
    '/auth/login',
    rateLimiter(counter(loginsByAddress, 'login-address'), byAddress, 'sign-in attempts'),
  );
  api.use(
    '/auth/reset-request',
    rateLimiter(counter(limits.login, 'reset-address'), byAddress, 'reset requests'),
  );
  api.use(
    '/auth/signup',
    rateLimiter(counter(limits.login, 'signup-address'), byAddress, 'sign-up attempts'),
  );
  // Writes per account (or address when signed out): a push counts once per mutation it
  // carries, so a batch of 50 costs what 50 single writes cost. On PostgreSQL each mutation is
  // counted in the database in its own request (push.ts, migration 009) and other writes with
  // one statement (sharedWindow), so every server process shares the count; on the embedded
  // database, here. Favourites and follows, each of which puts a record into the public log
  // every device reads, are also counted on their own in each process, at a tenth of that.
  // The body read here is the one the push route reads (Hono keeps it).
  const shared = db.kind === 'postgres' && limits.writes.max > 0;
  const writes = shared ? sharedWindow(db, limits.writes, 'writes') : fixedWindow(limits.writes);
  const social = fixedWindow({ ...limits.writes, max: Math.ceil(limits.writes.max / 10) });
  const writerKey = (c: Context<AppEnv>) => {
    const account = c.get('account');
    return account ? `account:${account.id}` : `address:${clientAddress(c)}`;
  };
  api.use('*', async (c, next) => {
    if (!/^(POST|PUT|PATCH|DELETE)$/.test(c.req.method)) return next();
    const key = writerKey(c);
    const isPush = c.req.path === '/api/push';
    let weight = 1;
    let socialWeight = 0;
    if (isPush && /^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      const body = (await c.req.json().catch(() => null)) as { mutations?: unknown } | null;
      if (Array.isArray(body?.mutations)) {
        weight = Math.max(1, body.mutations.length);
        socialWeight = body.mutations.filter((m: { kind?: unknown } | null) =>
          /^(favourite|follow)$/.test(String(m?.kind)),
        ).length;
      }
    }
    const socialRetry = socialWeight > 0 ? social.hit(key, socialWeight) : null;
    if (socialRetry !== null) return tooMany(c, socialRetry, 'favourites and follows at once');
    // A push on PostgreSQL is counted by its mutations' own statements.
    if (isPush && shared) return next();
    const retry = await writes.hit(key, weight);
    if (retry !== null) return tooMany(c, retry, 'changes at once');
    return next();
  });
  // Every search and list (the public reads) within its budget and through one fair gate, on
  // the database's connections for public reads (docs/security.md "Read bounds").
  const guardReads = readGuard({ ...DEFAULT_READ_LIMITS, ...options.reads }, clientAddress);
  for (const group of [
    '/changes',
    '/snapshot',
    '/items',
    '/creators',
    '/collections',
    '/activity',
  ]) {
    api.use(`${group}/*`, guardReads);
  }
  const reads = publicReadsOf(db);
  api.get('/health', (c) => c.json({ ok: true, database: db.kind }));
  const auth = authRoutes(db, mailer, site, log, counter(limits.login, 'login'));
  api.route('/auth', auth);
  api.route('/changes', pullRoutes(reads, options.snapshotBehind));
  api.route('/snapshot', snapshotRoutes(reads));
  api.route('/items', listRoutes(reads));
  api.route('/creators', creatorRoutes(reads));
  api.route('/collections', collectionRoutes(reads));
  const events = createEventHub(db, log, options.snapshotBehind);
  api.route(
    '/events',
    eventRoutes(events, clientAddress, {
      stallMs: options.streamStallMs,
      bufferBytes: options.streamBufferBytes,
      perAccount: options.streamsPerAccount,
      perAddress: options.streamsPerAddress,
      watchSession: (c, accountId, end) => sessions.watchStream(sessionToken(c), accountId, end),
    }),
  );
  api.route(
    '/push',
    pushRoutes(
      db,
      (c) =>
        shared
          ? {
              key: `writes:${writerKey(c)}`,
              max: limits.writes.max,
              windowSecs: limits.writes.windowMs / 1000,
            }
          : null,
      options.uploadsPerHour,
    ),
  );
  api.route('/me', meRoutes(db));
  api.route('/notifications', notificationRoutes(db));
  const pushKeys = vapidKeysOf(db, options.push?.vapid ?? {}, options.publicOrigin);
  const allowOrigins = options.push?.allowOrigins ?? [];
  api.route('/web-push', webPushRoutes(db, { keys: pushKeys, allowOrigins }));
  api.route('/saved-searches', savedSearchRoutes(db));
  api.route('/shares', shareRoutes(db));
  api.route('/', historyRoutes(reads));
  api.route('/images', imageRoutes(db, options.uploadQuotaBytes));
  api.all('*', (c) => apiError(c, 404, 'There is no such API route.'));
  // The mails' one-click unsubscribe: its token is the authority, and a mail provider posts it
  // from its own servers, so it is outside the API's same-origin check (mail-unsubscribe.ts).
  app.route('/api/mail', mailUnsubscribeRoutes(db, mailSecretOf(db, options.mailSecret)));
  app.route('/api', api);

  if (options.dist) {
    const staticSite = createStaticSite({
      dist: options.dist,
      async knows(kind, id) {
        const { rows } = await db.query(`SELECT 1 FROM ${DETAIL_TABLES[kind]} WHERE id = $1`, [id]);
        return rows.length > 0;
      },
    });
    app.on(['GET', 'HEAD'], '*', (c) => staticSite.respond(c.req.raw, c.req.path));
  }
  app.all('*', (c) => apiError(c, 404, 'Not found.'));

  app.onError((error, c) => {
    if (error instanceof BadRequest) {
      return apiError(c, 400, error.message, error.fields);
    }
    if (error instanceof HashingBusy) {
      c.header('Retry-After', '5');
      return apiError(c, 503, 'Too many sign-ins at once. Try again in a few seconds.');
    }
    const timedOut = (error as { code?: unknown }).code === '57014';
    if (error instanceof PoolBusy || error instanceof Abandoned || timedOut) {
      // Load shed, a public read past READ_STATEMENT_MS, or nobody left to answer: no log line.
      c.header('Retry-After', '1');
      return apiError(c, 503, 'The server is busy. Try again in a moment.');
    }
    if (error instanceof HTTPException) {
      return apiError(c, error.status, error.message || 'The request was refused.');
    }
    if (isDatabaseDown(error)) {
      log(`${c.req.method} ${c.req.path}: database unavailable`);
      c.header('Retry-After', '2');
      return apiError(c, 503, 'The server cannot reach its database. Try again in a moment.');
    }
    // One line, no stack, no SQL, no values: the error's kind and code only.
    const code = (error as { code?: unknown }).code;
    log(
      `${c.req.method} ${c.req.path}: ${error.name}${typeof code === 'string' ? ` ${code}` : ''}`,
    );
    return apiError(c, 500, 'Something went wrong on the server. Try again.');
  });

  // The live stream's hub and the sessions' listener: stopped (the streams ended, the
  // listeners closed) before the database.
  return Object.assign(app, {
    events,
    /** The VAPID key pair the push worker signs with (server/push/keys.ts). */
    pushKeys,
    /** Resolves once the work done after answering (reset mails) is done. */
    idle: () => auth.idle(),
    async stop() {
      await Promise.all([events.stop(), sessions.stop()]);
    },
  });
}
