// The server's VAPID key pair (docs/operations.md "Web Push"): from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when both are set, else made on first start and kept in the database
// (push_keys, migration 025), so that every server process on it signs with the same pair.
import webPush from 'web-push';
import type { Sql } from '../db/database.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** The operator's contact the push services see (VAPID_SUBJECT): a mailto: or https: URL. */
  subject: string;
}

/** What the environment says (config.ts): both keys or neither, and the subject. */
export interface VapidSettings {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject?: string | undefined;
}

/** The subject when VAPID_SUBJECT is unset: the site's origin if https, else a placeholder. */
function defaultSubject(publicOrigin: string | undefined): string {
  return publicOrigin?.startsWith('https://') ? publicOrigin : 'mailto:operator@artmint.invalid';
}

/** The key pair the server signs with, read once (the answer is kept by the caller). */
export async function loadVapidKeys(
  db: Sql,
  settings: VapidSettings,
  publicOrigin?: string,
): Promise<VapidKeys> {
  const subject = settings.subject || defaultSubject(publicOrigin);
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject };
  }
  const made = webPush.generateVAPIDKeys();
  // Two processes starting together: the first insert wins, both read the same row.
  await db.query(
    `INSERT INTO push_keys (id, public_key, private_key) VALUES (1, $1, $2)
     ON CONFLICT (id) DO NOTHING`,
    [made.publicKey, made.privateKey],
  );
  const { rows } = await db.query<{ public_key: string; private_key: string }>(
    'SELECT public_key, private_key FROM push_keys WHERE id = 1',
  );
  const row = rows[0];
  if (!row) throw new Error('push_keys has no key pair');
  return { publicKey: row.public_key, privateKey: row.private_key, subject };
}

/** The key pair, loaded at the first ask and kept. */
export function vapidKeysOf(db: Sql, settings: VapidSettings, publicOrigin?: string) {
  let loading: Promise<VapidKeys> | null = null;
  return () => {
    loading ??= loadVapidKeys(db, settings, publicOrigin).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
