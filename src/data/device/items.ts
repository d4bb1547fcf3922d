// Items: the sample items merged with those created on this device, with the device's bids
// (highest bid) and purchases (owner) applied; and creating an item with its image.
import { ValidationError } from '../errors';
import { formatWei, parseEthToWei, WEI_DECIMALS, normalizeEth } from '@shared/decimal';
import { LOCAL_USER_ID, type Bid, type Creator, type Item } from '@shared/types';
import { type CreateItemInput } from '../records';
import { isBid, isItem, isPurchase } from '../schemas';
import type { DeviceContext } from './context';
import { nowIso } from './clock';
import {
  creatorArgs,
  defaultLocalCreator,
  getLocalCreator,
  localDisplayName,
  profileCreator,
  validateCreatorProfile,
} from './creators';
import { runWrite, sharedRead } from './db';
import { readOwned } from './readers';
import { PUBLIC, serverIdOfOwner } from '../owner';
import { listingActivity } from './activity';
import { imageFileError, imageRef, prepareImage } from './images';
import { validateItemInput } from '@shared/upload-rules';
import { itemFromInput } from '@shared/new-item';
import { afterQueued, queueIn } from './queue';
import { mergeRemote, readRemoteItems, readWaiting } from './remote';
import type { QueuedMutation } from '../core/outbox';
import type { WriteTx } from './write-tx';

function withUserWrites(
  item: Item,
  highest: Map<number, bigint>,
  bought: Set<number>,
  local: Creator | null,
  me: number | null,
): Item {
  let next = item;
  // The server names the signed-in collector by the account's id; on the device that is "you"
  // (the profile, Owned, "You" in activity): an upload keeps its place on the profile once the
  // server's copy replaces the device's, and what the account bought elsewhere shows as owned.
  if (me !== null && (item.creatorId === me || item.ownerId === me)) {
    next = {
      ...next,
      ...(item.creatorId === me ? { creatorId: LOCAL_USER_ID } : {}),
      ...(item.ownerId === me ? { ownerId: LOCAL_USER_ID } : {}),
    };
  }
  const bid = highest.get(item.id);
  if (bid !== undefined && bid > (parseEthToWei(item.highestBidEth) ?? 0n)) {
    next = { ...next, highestBidEth: formatWei(bid, WEI_DECIMALS) };
  }
  if (bought.has(item.id) && item.ownerId !== LOCAL_USER_ID) {
    next = { ...next, ownerId: LOCAL_USER_ID };
  }
  if (local && item.userCreated && next.creatorId === LOCAL_USER_ID) {
    next = { ...next, name: local.name, subtext: local.handle, avatar: local.avatar };
  }
  return next;
}

/** The item as the owner's waiting answers to its offers (offers.ts) leave it: shown at once,
 * and undone by itself when the server refuses, as the mutation stops waiting. */
export function withPendingAnswers(
  item: Item,
  waiting: readonly QueuedMutation[],
  bids: readonly Bid[],
): Item {
  let next = item;
  for (const m of waiting) {
    if (m.kind === 'unlist' && m.args.itemId === item.id) next = { ...next, unlisted: true };
    if (m.kind === 'accept-offer' && m.args.itemId === item.id) {
      const bid = bids.find((b) => b.id === m.args.bidId);
      if (bid) next = { ...next, soldTo: bid.bidder };
    }
  }
  return next;
}

/** The bids the server sent (everyone's) and the signed-in account's own. */
export function readBids(ctx: DeviceContext): Promise<Bid[]> {
  return readOwned(ctx.db, 'bids', [PUBLIC, ctx.owner()], isBid);
}

/** Items created on the device (newest first), then the server's or the sample items; user
 * writes applied. Shared by the callers that ask at once: never change it. */
export function loadMergedItems(ctx: DeviceContext): Promise<readonly Item[]> {
  return sharedRead(ctx.db, `items:${ctx.owner()}`, () => mergeItems(ctx));
}

async function mergeItems(ctx: DeviceContext): Promise<Item[]> {
  const [userItems, remote, bids, purchases, local, waiting] = await Promise.all([
    readOwned(ctx.db, 'items', ctx.owner(), isItem),
    readRemoteItems(ctx),
    readBids(ctx),
    readOwned(ctx.db, 'purchases', ctx.owner(), isPurchase),
    getLocalCreator(ctx),
    readWaiting(ctx),
  ]);
  const highest = new Map<number, bigint>();
  for (const bid of bids) {
    const wei = parseEthToWei(bid.priceEth);
    const current = highest.get(bid.itemId);
    if (wei !== null && (current === undefined || wei > current)) highest.set(bid.itemId, wei);
  }
  const bought = new Set(purchases.map((p) => p.itemId));
  // The server's copies replace the sample's (end times, bids and owners follow the server).
  const shared: Item[] = mergeRemote(ctx.sample.items, remote);
  const ordered = [...userItems.sort((a, b) => b.id - a.id), ...shared];
  const me = serverIdOfOwner(ctx.owner());
  const answers = waiting.filter((m) => m.kind === 'accept-offer' || m.kind === 'unlist');
  return ordered.map((item) =>
    withPendingAnswers(withUserWrites(item, highest, bought, local, me), answers, bids),
  );
}

export async function getItem(ctx: DeviceContext, id: number): Promise<Item | null> {
  return (await loadMergedItems(ctx)).find((item) => item.id === id) ?? null;
}

export async function listItemsByCreator(ctx: DeviceContext, creatorId: number): Promise<Item[]> {
  return (await loadMergedItems(ctx)).filter((item) => item.creatorId === creatorId);
}

export async function listItemsByOwner(ctx: DeviceContext, ownerId: number): Promise<Item[]> {
  return (await loadMergedItems(ctx)).filter((item) => item.ownerId === ownerId);
}

export async function listItemsByIds(ctx: DeviceContext, ids: readonly number[]): Promise<Item[]> {
  const byId = new Map((await loadMergedItems(ctx)).map((item) => [item.id, item]));
  return ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
}

/** An upload's outbox key: this prefix, then the item's id on the device. */
const UPLOAD_KEY = 'item:';

/** Undoes an upload the server refused (`key`: its outbox key): the device's item goes. */
export async function undoUpload(tx: WriteTx, key: string): Promise<void> {
  const localId = Number(key.slice(UPLOAD_KEY.length));
  if (Number.isInteger(localId)) await tx.objectStore('items').delete(localId);
}

/** Creates an item of the local user, its image, its Listing activity and (first time, or with
 * `creatorProfile`: become creator) the local creator profile, in one transaction. */
export async function createItem(ctx: DeviceContext, input: CreateItemInput): Promise<Item> {
  const imageType = input.imageType || input.image.type;
  const errors = {
    ...validateItemInput(input, ctx.now()),
    ...(input.creatorProfile ? validateCreatorProfile(input.creatorProfile) : {}),
  };
  const imageError = imageFileError(input.image, imageType);
  if (imageError) errors.image = imageError;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const image = await prepareImage(ctx, input.image, imageType);
  const existing = await getLocalCreator(ctx);
  const creator = input.creatorProfile
    ? profileCreator(ctx, input.creatorProfile, existing)
    : (existing ?? defaultLocalCreator(ctx, await localDisplayName(ctx)));
  const sampleMaxId = Math.max(0, ...ctx.sample.items.map((item) => item.id));
  const at = nowIso(ctx);
  const rate = input.rateEth?.trim() ?? '';
  const args = {
    title: input.title.trim(),
    description: input.description.trim(),
    type: input.type.trim(),
    rateEth: rate ? (normalizeEth(rate) ?? '') : '',
    ...(input.startDate?.trim() ? { startDate: input.startDate.trim() } : {}),
    ...(input.endDate?.trim() ? { endDate: input.endDate.trim() } : {}),
    imageId: image.key,
  };
  const owner = ctx.owner();
  const created = await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(
      ['items', 'images', 'creators', 'activity', 'mutations'],
      'readwrite',
    );
    const keys = await tx.objectStore('items').getAllKeys();
    const id = Math.max(1000, sampleMaxId, ...keys) + 1;
    const ref = imageRef(image);
    const item = itemFromInput(input, { id, image: ref, creator, now: ctx.now() });
    const thumbnails: [string, string] = [ref, existing ? creator.thumbnails[0] : ref];
    await Promise.all([
      tx.objectStore('images').put({ ...image, owner }),
      tx.objectStore('items').put({ ...item, owner }),
      tx.objectStore('creators').put({ ...creator, thumbnails, owner }),
      tx.objectStore('activity').put({ ...listingActivity(item, at, owner), owner }),
      // Become creator: the server makes the profile first, then the item under it.
      ...(input.creatorProfile
        ? [
            queueIn(ctx, tx, owner, {
              kind: 'creator',
              args: creatorArgs(input.creatorProfile),
              key: 'creator:me',
              label: `Creator profile ${creator.name}`,
            }),
          ]
        : []),
      queueIn(ctx, tx, owner, {
        kind: 'item',
        args,
        key: `${UPLOAD_KEY}${id}`,
        label: `Upload ${item.title}`,
      }),
      tx.done,
    ]);
    return item;
  });
  return afterQueued(created);
}
