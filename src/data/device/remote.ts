// What the server last said (pulled items and creators) and how the device's own waiting
// changes adjust its counts: a favourite or follow still in the outbox counts once, on top
// of the server's figure, which already counts every synced one.
import * as v from 'valibot';
import { ItemSchema } from '@shared/schemas';
import { isCreator, isObject } from '../schemas';
import type { QueuedMutation } from '../core/outbox';
import type { Creator } from '@shared/types';
import type { DeviceContext } from './context';
import { readAll, readOwned } from './readers';
import type { RemoteItem } from './schema';

const RemoteItemSchema = v.object({
  ...ItemSchema.entries,
  favourites: v.pipe(v.number(), v.integer()),
});

export function isRemoteItem(value: unknown): value is RemoteItem {
  return v.is(RemoteItemSchema, value);
}

const OUTBOX_STATES: readonly unknown[] = ['waiting', 'synced', 'refused'];

/** A record of the outbox in any state (readAll deletes what its guard refuses, so the guard
 * must accept synced and refused changes too: the sync panel lists them). */
function isOutboxRecord(value: unknown): value is QueuedMutation {
  return (
    isObject(value) &&
    typeof value.id === 'string' &&
    typeof value.key === 'string' &&
    OUTBOX_STATES.includes(value.state)
  );
}

export function readRemoteItems(ctx: DeviceContext): Promise<RemoteItem[]> {
  return readAll(ctx.db, 'remoteItems', isRemoteItem);
}

export function readRemoteCreators(ctx: DeviceContext): Promise<Creator[]> {
  return readAll(ctx.db, 'remoteCreators', isCreator);
}

/** The signed-in owner's waiting mutations, oldest first. */
export async function readWaiting(ctx: DeviceContext): Promise<QueuedMutation[]> {
  const mine = await readOwned(ctx.db, 'mutations', ctx.owner(), isOutboxRecord);
  return mine.filter((m) => m.state === 'waiting');
}

/**
 * How much the device's waiting toggles of `key` move the server's count: 0 when none wait;
 * else "on now" minus "on before the first waiting toggle" (what the server still has).
 */
export function pendingToggle(waiting: readonly QueuedMutation[], key: string, onNow: boolean) {
  const first = waiting.find((m) => m.key === key);
  if (!first || (first.kind !== 'favourite' && first.kind !== 'follow')) return null;
  const before = !first.args.on;
  return (onNow ? 1 : 0) - (before ? 1 : 0);
}

/** Sample records replaced by the server's copy; records only the server has, first. */
export function mergeRemote<T extends { id: number }>(sample: readonly T[], remote: T[]): T[] {
  const byId = new Map(remote.map((r) => [r.id, r]));
  const sampleIds = new Set(sample.map((s) => s.id));
  const fresh = remote.filter((r) => !sampleIds.has(r.id)).sort((a, b) => b.id - a.id);
  return [...fresh, ...sample.map((s) => byId.get(s.id) ?? s)];
}
