// The one transaction a word of the server lands in (apply.ts, snapshot-end.ts, and the
// account's own log: account-apply.ts): every store it may touch, and the sequence each record
// it landed carries.
import type { ArtmintDb } from '../device/schema';
import { isObject } from '../schemas';

const STORES = [
  'remoteItems',
  'remoteCreators',
  'bids',
  'purchases',
  'activity',
  'favourites',
  'follows',
  'profile',
  'outbox',
  'account',
  'items',
  'mutations',
  'notifications',
  'savedSearches',
  'syncMeta',
] as const;

export type Tx = ReturnType<typeof openTx>;

export function openTx(db: ArtmintDb) {
  return db.transaction([...STORES], 'readwrite');
}

/** The sequence of a stored record's last change (none: before sequences were kept). */
export function seqOf(record: unknown): number {
  return isObject(record) && typeof record.seq === 'number' ? record.seq : -1;
}
