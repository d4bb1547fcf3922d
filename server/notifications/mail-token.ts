// The one-click unsubscribe of a notification mail (docs/product.md "Notifications"): a token
// naming the account and the mail switches the mail gathered, signed with HMAC-SHA256 by a secret
// every server process shares (MAIL_SECRET, or one made on the first start and kept in the
// database: migration 026). Whoever holds the token may turn those switches off, and nothing else:
// a changed account, switch or signature is refused.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { NOTIFICATION_KINDS, type NotificationToggle } from '../../shared/notifications.ts';
import type { Database } from '../db/database.ts';

/** The secret to sign with: `given` (MAIL_SECRET) when set, else the database's, made once. */
export async function mailSecret(db: Database, given?: string): Promise<string> {
  if (given) return given;
  await db.query(
    'INSERT INTO mail_secret (id, secret) VALUES (true, $1) ON CONFLICT (id) DO NOTHING',
    [randomBytes(32).toString('base64url')],
  );
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM mail_secret');
  const secret = rows[0]?.secret;
  if (!secret) throw new Error('the mail secret was not stored');
  return secret;
}

const SWITCHES = new Set(
  Object.values(NOTIFICATION_KINDS).map(({ section, toggle }) => `${section}.${toggle}`),
);

const Payload = v.object({
  a: v.pipe(v.number(), v.integer(), v.minValue(1)),
  s: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.check((s) => SWITCHES.has(s)),
      ),
    ),
    v.minLength(1),
    v.maxLength(SWITCHES.size),
  ),
});

export interface Unsubscribe {
  accountId: number;
  switches: NotificationToggle[];
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest();

/** The token of `switches` of the account: its payload and its signature, both base64url. */
export function unsubscribeToken(secret: string, { accountId, switches }: Unsubscribe): string {
  const names = [...new Set(switches.map(({ section, toggle }) => `${section}.${toggle}`))].sort();
  const payload = Buffer.from(JSON.stringify({ a: accountId, s: names })).toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** What a token grants, or null when it is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  if (token.length > 2000 || !/^[\w-]+\.[\w-]+$/.test(token)) return null;
  const [payload = '', signature = ''] = token.split('.');
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const checked = v.safeParse(Payload, parsed);
  if (!checked.success) return null;
  const switches = checked.output.s.map((name) => {
    const [section, toggle] = name.split('.');
    return { section, toggle } as NotificationToggle;
  });
  return { accountId: checked.output.a, switches };
}

/** mailSecret, asked once (a failed ask is asked again next time). */
export function mailSecretOf(db: Database, given?: string): () => Promise<string> {
  let secret: Promise<string> | null = null;
  return () => {
    secret ??= mailSecret(db, given).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
}
