// Uploaded images, in the database so that every server process reads them: one small storage
// interface (put, get, ownership) used by the image routes, uploads and profiles.
import type { SessionAccount } from '../core/session-account.ts';
import type { Sql } from '../db/database.ts';

export const IMAGE_URL_PREFIX = '/api/images/';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isImageId = (id: string) => UUID_RE.test(id);
export const imageUrl = (id: string) => `${IMAGE_URL_PREFIX}${id.toLowerCase()}`;

export interface StoredImage {
  contentType: string;
  bytes: Uint8Array;
}

export type PutOutcome = 'created' | 'same' | 'taken' | 'different' | 'quota';

/**
 * What one account's uploads may take in all. Images nothing uses are removed after a day
 * (server/housekeeping.ts), which gives their room back.
 */
export const UPLOAD_QUOTA_BYTES = 200 * 1024 * 1024;

/**
 * Stores an image once under its id; the same bytes again are accepted, other bytes are not,
 * and nothing past the account's quota.
 */
export async function putImage(
  db: Sql,
  accountId: number,
  id: string,
  image: StoredImage,
  quota = UPLOAD_QUOTA_BYTES,
): Promise<PutOutcome> {
  const key = id.toLowerCase();
  const inserted = await db.query(
    `INSERT INTO images (id, account_id, content_type, bytes, size)
     SELECT $1::text, $2::int, $3::text, $4::bytea, $5::int
     WHERE (SELECT coalesce(sum(size), 0) FROM images WHERE account_id = $2::int) + $5::int
       <= $6::bigint
     ON CONFLICT (id) DO NOTHING`,
    [key, accountId, image.contentType, image.bytes, image.bytes.length, quota],
  );
  if (inserted.rowCount > 0) return 'created';
  const { rows } = await db.query<{ account_id: number | null; same: boolean }>(
    'SELECT account_id, bytes = $2 AS same FROM images WHERE id = $1',
    [key, image.bytes],
  );
  const row = rows[0];
  if (!row) return 'quota';
  if (row.account_id !== accountId) return 'taken';
  return row.same ? 'same' : 'different';
}

export async function getImage(db: Sql, id: string): Promise<StoredImage | null> {
  const { rows } = await db.query<{ content_type: string; bytes: Uint8Array }>(
    'SELECT content_type, bytes FROM images WHERE id = $1',
    [id.toLowerCase()],
  );
  const row = rows[0];
  return row ? { contentType: row.content_type, bytes: row.bytes } : null;
}

/** Who uploaded the image: an account id, null for none, undefined when there is no such image. */
export async function imageOwner(db: Sql, id: string): Promise<number | null | undefined> {
  const { rows } = await db.query<{ account_id: number | null }>(
    'SELECT account_id FROM images WHERE id = $1',
    [id.toLowerCase()],
  );
  return rows[0] ? rows[0].account_id : undefined;
}

/** How a device refers to an image it keeps (src/data/records.ts IDB_IMAGE_PREFIX), uploaded
 * under the same id before the change that refers to it is pushed. */
const DEVICE_IMAGE_PREFIX = 'idb:';

/**
 * `/api/images/<id>` of an image this account uploaded, given as that URL, as the bare id or
 * as the device's `idb:<id>`; else null.
 */
export async function ownImageUrl(
  db: Sql,
  account: SessionAccount,
  ref: unknown,
): Promise<string | null> {
  if (typeof ref !== 'string') return null;
  const prefix = [IMAGE_URL_PREFIX, DEVICE_IMAGE_PREFIX].find((p) => ref.startsWith(p)) ?? '';
  const id = ref.slice(prefix.length);
  if (!isImageId(id)) return null;
  return (await imageOwner(db, id)) === account.id ? imageUrl(id) : null;
}
