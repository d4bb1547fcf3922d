// Upload work: a new item on the server, with the same rules and shape as the device's
// (shared/new-item.ts, shared/upload-rules.ts). Its image must have been uploaded by the same account first
// (PUT /api/images/:imageId); the item gets a server id, and the account is its creator and
// owner (made a creator with its account name if it was not one yet). An upload with an end date
// is an auction ending then; one without has no end (ends_at NULL, migration 007) and its
// snapshot carries none.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import { itemFromInput } from '../../shared/new-item.ts';
import { validateItemInput } from '../../shared/upload-rules.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';
import { addActivity, listingEntry } from '../market/activity.ts';
import { Refusal } from '../core/refusal.ts';
import { ensureCreator } from './creators.ts';
import { imageOwner, imageUrl } from './images.ts';
import { itemSnapshot } from '../core/snapshots.ts';
import { recordChange } from '../core/change-log.ts';
import { recordAccountChanges } from '../core/account-log.ts';
import { notifyMentions } from '../notifications/events.ts';
import { tellSearchMatches } from '../notifications/saved-search-matches.ts';

export type ItemArgs = v.InferOutput<(typeof MUTATION_ARGS)['item']>;

/** Items one account may list in an hour, by default (UPLOADS_PER_HOUR; docs/security.md). */
export const UPLOADS_PER_HOUR = 60;

/**
 * Seconds until the account may list another item: null while it listed fewer than `perHour`
 * in the last hour (0: no limit), else until the oldest of its newest `perHour` is an hour old.
 * Every device keeps the newest items from the log (docs/sync.md "Working set"), so one account's
 * uploads are bounded here.
 */
export async function uploadWait(
  tx: Sql,
  accountId: number,
  perHour: number,
): Promise<number | null> {
  if (perHour <= 0) return null;
  const { rows } = await tx.query<{ count: number; wait: number | null }>(
    `SELECT count(*)::int AS count,
       ceil(extract(epoch FROM min(created_at) + interval '1 hour' - now()))::int AS wait
     FROM (SELECT created_at FROM items
           WHERE creator_id = $1 AND created_at > now() - interval '1 hour'
           ORDER BY created_at DESC LIMIT $2) AS recent`,
    [accountId, perHour],
  );
  const row = rows[0];
  if (!row || row.count < perHour) return null;
  return Math.max(1, row.wait ?? 1);
}

/** Creates the item; returns its server id. */
export async function uploadItem(
  tx: Sql,
  account: SessionAccount,
  mutationId: string,
  args: ItemArgs,
): Promise<number> {
  const now = new Date();
  const errors = validateItemInput(args, now);
  if (Object.keys(errors).length > 0) {
    throw new Refusal('invalid', 'Check the highlighted fields.', errors);
  }
  const owner = await imageOwner(tx, args.imageId);
  if (owner === undefined) {
    throw new Refusal('not-found', 'The image was not uploaded. Choose the file again.', {
      imageId: 'Upload the image first.',
    });
  }
  if (owner !== account.id) {
    throw new Refusal('forbidden', 'This image belongs to someone else.', {
      imageId: 'Choose one of your own files.',
    });
  }
  const creator = await ensureCreator(tx, account);
  const { rows } = await tx.query<{ id: number }>("SELECT nextval('item_ids')::int AS id");
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('item_ids gave no value');
  const item = {
    ...itemFromInput(args, {
      id,
      image: imageUrl(args.imageId),
      creator: { ...creator, followers: 0 },
      now,
    }),
    creatorId: account.id,
    ownerId: account.id,
  };
  await tx.query(
    `INSERT INTO items (id, creator_id, owner_id, sale_kind, price_eth, highest_bid_eth,
       ends_at, client_id, data)
     VALUES ($1, $2, $2, $3, $4, $5, $6::timestamptz, $7, $8)`,
    [
      id,
      account.id,
      item.saleKind,
      item.priceEth,
      item.highestBidEth,
      item.liveDate || null,
      mutationId,
      JSON.stringify(item),
    ],
  );
  // The public log and the account's own (docs/sync.md "Account channel") carry the same item.
  const snapshot = await itemSnapshot(tx, id);
  await recordChange(tx, 'item', id, snapshot);
  await recordAccountChanges(tx, account.id, [{ topic: 'upload', key: id, data: snapshot }]);
  await addActivity(tx, listingEntry(item, creator.name, account.id, now.toISOString()));
  await notifyMentions(tx, {
    itemId: id,
    title: item.title,
    text: args.description,
    by: account.id,
  });
  await tellSearchMatches(tx, { id, title: item.title, by: account.id });
  return id;
}
