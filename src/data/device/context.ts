// What every part of the device store shares: the database handle, the sample content it
// merges with, the clock and the id sources (injectable for tests), and the server's asks and
// the lander of its records, which the composing module hands in (device-data-access.ts):
// device/ imports nothing of sync/ (docs/architecture.md "The data layer's rooms").
import type { SampleData } from '../contract/data-access';
import type { ItemPageAsk } from '../contract/item-page';
import type { Owner } from '../owner';
import type {
  CollectionListAsk,
  CreatorAsk,
  CreatorListAsk,
  ItemListAsk,
} from '../remote/catalog-api';
import type { DbHandle } from './db';
import type { Change } from '@shared/protocol';

/** Lands the server's records in the device store through the one path of the server's word
 * (sync/apply.ts applyServerWord). */
export type LandRecords = (
  db: DbHandle,
  word: { changes: readonly Change[]; readAt?: number; at: string },
) => Promise<void>;

export interface DeviceContext {
  db: DbHandle;
  sample: SampleData;
  /** Whose records are read and written now (the signed-in account, or 'signed-out'). */
  owner: () => Owner;
  now: () => Date;
  newId: () => string;
  /** Ids of outbox mutations (and of the bids and purchases they carry): UUID v7. */
  newMutationId: () => string;
  /** Object URLs handed out for stored images, by image key (revoked on delete). */
  imageUrls: Map<string, string>;
  /** Lands what the server sent (a list's records, an opened item or creator: land.ts). */
  land: LandRecords;
  /** Asks the server for a list of items (item-lists.ts); none: the device answers alone. */
  lists?: ItemListAsk;
  /** Asks the server for an item the device does not hold (item-open.ts); none: it is unknown. */
  itemPage?: ItemPageAsk;
  /** Asks the server for the creators list (creator-lists.ts); none: the device answers alone. */
  creatorLists?: CreatorListAsk;
  /** Asks the server for a creator the device does not hold (creator-lists.ts openCreator). */
  creator?: CreatorAsk;
  /** Asks the server for the collections list (collection-lists.ts). */
  collectionLists?: CollectionListAsk;
  /** Whether `lists`, `itemPage`, `creatorLists` and `creator` may be asked now (default: yes); while not, the device
   * answers alone, as with neither, and `notAsked` is told (server-asks.ts). */
  serverOn?: () => boolean;
  notAsked?: () => void;
  /** How long a list the server answered is answered again from memory (server-asks.ts
   * askListOnce); none or 0: every list asks the server. */
  listsFreshMs?: number;
  /** A list was answered again from memory; it goes stale in `ms`: the screens read again then. */
  listsStale?: (ms: number) => void;
}
