// A read-write transaction of the device store over any of its stores: what an undo of a refused
// write (beside that write: bids.ts, social.ts, items.ts) needs, whichever transaction runs it.
import type { IDBPTransaction, StoreNames } from 'idb';
import type { ArtmintSchema } from './schema';

export type WriteTx = IDBPTransaction<
  ArtmintSchema,
  ArrayLike<StoreNames<ArtmintSchema>>,
  'readwrite'
>;
