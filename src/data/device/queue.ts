// Queues a device write in the sync outbox, inside the write's own transaction: the write and
// its mutation are saved together or not at all (docs/architecture.md "How data flows").
import type { IDBPTransaction } from 'idb';
import { queuedMutation, type MutationArgs } from '../core/outbox';
import type { Owner } from '../owner';
import type { MutationKind } from '@shared/protocol';
import { notifyLocalWrite } from '../core/signal';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import type { ArtmintSchema, StoreName } from './schema';

type WriteTx = IDBPTransaction<ArtmintSchema, StoreName[], 'readwrite'>;

export interface MutationSpec<K extends MutationKind> {
  kind: K;
  args: MutationArgs<K>;
  key: string;
  label: string;
  /** The mutation's id, when the write already used it as its record's id. */
  id?: string;
  /** The waiting mutations of the record this one takes in (QueuedMutation.absorbed). */
  absorbed?: string[];
}

/** Puts the mutation in the outbox store of `tx` (which must include "mutations"), under
 * `owner`: the account the write was made under. */
export function queueIn<K extends MutationKind>(
  ctx: DeviceContext,
  tx: WriteTx,
  owner: Owner,
  spec: MutationSpec<K>,
): Promise<string> {
  const id = spec.id ?? ctx.newMutationId();
  const record = queuedMutation({ ...spec, id, at: nowIso(ctx), owner });
  return tx.objectStore('mutations').put(record);
}

/** Tells the sync engine after the transaction has committed. */
export function afterQueued<T>(value: T): T {
  notifyLocalWrite();
  return value;
}
