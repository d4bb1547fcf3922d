// Favourite items and followed creators; each toggle also adds (or removes) its activity entry.
import { NotFoundError, ValidationError } from '../errors';
import { baseFavouriteCount } from '@shared/query';
import { LOCAL_USER_ID, type Creator, type Item } from '@shared/types';
import { isFavouriteRecord, isFollowRecord } from '../schemas';
import { followActivity, followActivityId, likeActivity, likeActivityId } from './activity';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import { getCreator, listedCreators } from './creators';
import { runWrite, sharedRead, type DbHandle } from './db';
import type { Owner } from '../owner';
import type { WriteTx } from './write-tx';
import { FIRST_SERVER_ITEM_ID } from '@shared/protocol';
import { readOne, readOwned } from './readers';
import { getItem, listItemsByCreator, listItemsByIds } from './items';
import { afterQueued, queueIn } from './queue';
import { isRemoteItem, readWaiting, pendingToggle } from './remote';

function byNewest<T extends { at: string }>(records: T[]): T[] {
  return records.sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export async function toggleFavourite(ctx: DeviceContext, itemId: number): Promise<boolean> {
  const item = await getItem(ctx, itemId);
  if (!item) throw new NotFoundError('item', itemId);
  const at = nowIso(ctx);
  const owner = ctx.owner();
  const on = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['favourites', 'activity', 'mutations'], 'readwrite');
    const favourites = tx.objectStore('favourites');
    const activity = tx.objectStore('activity');
    const isOn = (await favourites.get([owner, itemId])) !== undefined;
    const writes = isOn
      ? [favourites.delete([owner, itemId]), activity.delete([owner, likeActivityId(itemId)])]
      : [
          favourites.put({ itemId, at, owner }),
          activity.put({ ...likeActivity(item, at, owner), owner }),
        ];
    const queued = queueIn(ctx, tx, owner, {
      kind: 'favourite',
      args: { itemId, on: !isOn },
      key: `favourite:${itemId}`,
      label: isOn ? `Remove ${item.title} from favourites` : `Favourite ${item.title}`,
    });
    await Promise.all([...writes, queued, tx.done]);
    return !isOn;
  });
  return afterQueued(on);
}

/** Undoes a favourite change the server refused: the favourite (and its activity entry) goes,
 * or comes back, stamped `at`. */
export async function undoFavourite(
  tx: WriteTx,
  owner: Owner,
  { itemId, on }: { itemId: number; on: boolean },
  at: string,
): Promise<void> {
  if (on) {
    await tx.objectStore('favourites').delete([owner, itemId]);
    await tx.objectStore('activity').delete([owner, likeActivityId(itemId)]);
  } else await tx.objectStore('favourites').put({ itemId, at, owner });
}

/** Every card on a screen asks at once: one read of the account's favourites answers them. */
export async function isFavourite(ctx: DeviceContext, itemId: number): Promise<boolean> {
  const owner = ctx.owner();
  const ids = await sharedRead(ctx.db, `favourite ids:${owner}`, async () => {
    const records = await readOwned(ctx.db, 'favourites', owner, isFavouriteRecord);
    return new Set(records.map((r) => r.itemId));
  });
  return ids.has(itemId);
}

export async function listFavourites(ctx: DeviceContext): Promise<Item[]> {
  const records = byNewest(await readOwned(ctx.db, 'favourites', ctx.owner(), isFavouriteRecord));
  return listItemsByIds(
    ctx,
    records.map((r) => r.itemId),
  );
}

/**
 * The favourites of `owner` whose item the device does not hold, newest first: ids of the
 * server's range outside the working set (a favourite made on another device of the account,
 * sync/account-items.ts fetches them). [] when the device store cannot say.
 */
export async function missingFavouriteIds(db: DbHandle, owner: Owner): Promise<number[]> {
  const records = byNewest(await readOwned(db, 'favourites', owner, isFavouriteRecord));
  const ids = records.map((r) => r.itemId).filter((id) => id >= FIRST_SERVER_ITEM_ID);
  if (ids.length === 0) return [];
  try {
    const items = (await db.get()).transaction('remoteItems').store;
    const held = await Promise.all(ids.map((id) => items.count(id)));
    return ids.filter((_, i) => held[i] === 0);
  } catch {
    return [];
  }
}

export function favouritesNotSaved(ctx: DeviceContext): Promise<number[]> {
  return missingFavouriteIds(ctx.db, ctx.owner());
}

export async function favouriteCount(ctx: DeviceContext, itemId: number): Promise<number> {
  const [item, favourite, remote, waiting] = await Promise.all([
    getItem(ctx, itemId),
    isFavourite(ctx, itemId),
    readOne(ctx.db, 'remoteItems', itemId, isRemoteItem),
    readWaiting(ctx),
  ]);
  if (!item) return 0;
  if (!remote) return baseFavouriteCount(item) + (favourite ? 1 : 0);
  // The server's count has every synced favourite; add what still waits on this device.
  const delta = pendingToggle(waiting, `favourite:${itemId}`, favourite) ?? 0;
  return Math.max(0, remote.favourites + delta);
}

export async function toggleFollow(ctx: DeviceContext, creatorId: number): Promise<boolean> {
  if (creatorId === LOCAL_USER_ID) {
    throw new ValidationError(
      { creatorId: 'You cannot follow yourself.' },
      'You cannot follow yourself.',
    );
  }
  const creator = await getCreator(ctx, creatorId);
  if (!creator) throw new NotFoundError('creator', creatorId);
  const [firstItem] = await listItemsByCreator(ctx, creatorId);
  const at = nowIso(ctx);
  const owner = ctx.owner();
  const on = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['follows', 'activity', 'mutations'], 'readwrite');
    const follows = tx.objectStore('follows');
    const activity = tx.objectStore('activity');
    const isOn = (await follows.get([owner, creatorId])) !== undefined;
    const writes = isOn
      ? [follows.delete([owner, creatorId]), activity.delete([owner, followActivityId(creatorId)])]
      : [
          follows.put({ creatorId, at, owner }),
          activity.put({ ...followActivity(creator, firstItem?.id ?? 0, at, owner), owner }),
        ];
    const queued = queueIn(ctx, tx, owner, {
      kind: 'follow',
      args: { creatorId, on: !isOn },
      key: `follow:${creatorId}`,
      label: isOn ? `Unfollow ${creator.name}` : `Follow ${creator.name}`,
    });
    await Promise.all([...writes, queued, tx.done]);
    return !isOn;
  });
  return afterQueued(on);
}

/** Undoes a follow change the server refused, as undoFavourite does a favourite's. */
export async function undoFollow(
  tx: WriteTx,
  owner: Owner,
  { creatorId, on }: { creatorId: number; on: boolean },
  at: string,
): Promise<void> {
  if (on) {
    await tx.objectStore('follows').delete([owner, creatorId]);
    await tx.objectStore('activity').delete([owner, followActivityId(creatorId)]);
  } else await tx.objectStore('follows').put({ creatorId, at, owner });
}

export async function isFollowing(ctx: DeviceContext, creatorId: number): Promise<boolean> {
  const owner = ctx.owner();
  const ids = await sharedRead(ctx.db, `followed ids:${owner}`, async () => {
    const records = await readOwned(ctx.db, 'follows', owner, isFollowRecord);
    return new Set(records.map((r) => r.creatorId));
  });
  return ids.has(creatorId);
}

export async function listFollows(ctx: DeviceContext): Promise<Creator[]> {
  const [records, creators] = await Promise.all([
    readOwned(ctx.db, 'follows', ctx.owner(), isFollowRecord),
    listedCreators(ctx),
  ]);
  const byId = new Map(creators.map((c) => [c.id, c]));
  return byNewest(records).flatMap((r) => {
    const creator = byId.get(r.creatorId);
    return creator ? [creator] : [];
  });
}

/** The creator's followers, counting a follow from this device (0 for an unknown id). */
export async function followerCount(ctx: DeviceContext, creatorId: number): Promise<number> {
  return (await getCreator(ctx, creatorId))?.followers ?? 0;
}
