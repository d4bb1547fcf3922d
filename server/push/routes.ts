// The push subscription routes (docs/product.md "Notifications", shared/push.ts): GET the
// server's public key; POST a device's subscription, signed in, kept with the session that made
// it (a sign-out or a deleted account takes it along; migration 025); DELETE it. Bounded: the
// body (PUSH_BODY_MAX), the endpoint (PUSH_ENDPOINT_MAX, and only one the server may send to:
// endpoint.ts) and the devices per account (PUSH_SUBSCRIPTIONS_PER_ACCOUNT, the oldest goes).
import { Hono, type Context } from 'hono';
import {
  PUSH_BODY_MAX,
  PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from '../../shared/push.ts';
import { sessionToken } from '../auth/session-cookie.ts';
import { hashToken } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { readJson } from '../http/body.ts';
import { apiError } from '../http/guards.ts';
import { endpointAllowed } from './endpoint.ts';
import type { VapidKeys } from './keys.ts';

export interface PushRouteOptions {
  keys: () => Promise<VapidKeys>;
  allowOrigins: readonly string[];
}

/** A body past PUSH_BODY_MAX by its declared length (app.ts counts one without). */
const tooLarge = (c: Context) => Number(c.req.header('content-length') ?? 0) > PUSH_BODY_MAX;

export function webPushRoutes(db: Database, options: PushRouteOptions) {
  const app = new Hono<AppEnv>();
  app.get('/key', async (c) => {
    const { publicKey } = await options.keys();
    return c.json({ publicKey });
  });
  app.post('/subscription', async (c) => {
    const account = c.get('account');
    const token = sessionToken(c);
    if (!account || !token) return apiError(c, 401, 'Not signed in.');
    if (tooLarge(c)) return apiError(c, 413, 'The request is too large.');
    const body = await readJson(c, PushSubscriptionBodySchema);
    if (!endpointAllowed(body.endpoint, options.allowOrigins)) {
      return apiError(c, 400, 'This push service is not one the server sends to.', {
        endpoint: 'Only https push services are taken.',
      });
    }
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO push_subscriptions (account_id, session_hash, endpoint, p256dh, auth)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO UPDATE SET account_id = EXCLUDED.account_id,
           session_hash = EXCLUDED.session_hash, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, created_at = now()`,
        [account.id, hashToken(token), body.endpoint, body.keys.p256dh, body.keys.auth],
      );
      await tx.query(
        `DELETE FROM push_subscriptions WHERE id IN (
           SELECT id FROM push_subscriptions WHERE account_id = $1
           ORDER BY created_at DESC, id DESC OFFSET $2)`,
        [account.id, PUSH_SUBSCRIPTIONS_PER_ACCOUNT],
      );
    });
    return c.json({ ok: true }, 201);
  });
  app.delete('/subscription', async (c) => {
    const account = c.get('account');
    if (!account) return apiError(c, 401, 'Not signed in.');
    if (tooLarge(c)) return apiError(c, 413, 'The request is too large.');
    const body = await readJson(c, PushUnsubscribeBodySchema);
    await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND account_id = $2', [
      body.endpoint,
      account.id,
    ]);
    return c.body(null, 204);
  });
  return app;
}
