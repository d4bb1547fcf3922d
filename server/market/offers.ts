// The owner's answers to offers (docs/product.md "The server decides": on items that are not
// auctions a bid is an offer, which the owner may accept): accept one, and the item sells to
// that bidder; or unlist the item, and it takes no more bids or Buy Now.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { addActivity } from './activity.ts';
import { lockItem } from './amounts.ts';
import { endOpenBids, itemChange, sellToBid, type SaleItem } from './sale.ts';

export type AcceptOfferArgs = v.InferOutput<(typeof MUTATION_ARGS)['accept-offer']>;
export type UnlistArgs = v.InferOutput<(typeof MUTATION_ARGS)['unlist']>;

interface OwnedTarget {
  id: number;
  owner_id: number;
  sale_kind: string;
  title: string;
  image: string;
  settled: boolean;
  unlisted: boolean;
  sold: boolean;
}

/** Locks the item and checks the account owns it. */
async function ownedItem(tx: Sql, account: SessionAccount, itemId: number): Promise<OwnedTarget> {
  if (!(await lockItem(tx, itemId))) throw new Refusal('not-found', 'This item no longer exists.');
  const { rows } = await tx.query<OwnedTarget>(
    `SELECT i.id, i.owner_id, i.sale_kind, i.data->>'title' AS title, i.data->>'image' AS image,
       i.settled_at IS NOT NULL AS settled, i.unlisted_at IS NOT NULL AS unlisted,
       EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) AS sold
     FROM items i WHERE i.id = $1`,
    [itemId],
  );
  const item = rows[0];
  if (!item) throw new Refusal('not-found', 'This item no longer exists.');
  if (item.owner_id !== account.id) {
    throw new Refusal('forbidden', 'Only the owner of this item can answer its offers.');
  }
  return item;
}

const saleItem = (item: OwnedTarget): SaleItem => ({
  id: item.id,
  title: item.title,
  image: item.image,
  auction: item.sale_kind === 'auctions',
});

export async function acceptOffer(
  tx: Sql,
  account: SessionAccount,
  args: AcceptOfferArgs,
): Promise<void> {
  const item = await ownedItem(tx, account, args.itemId);
  if (item.sale_kind === 'auctions') {
    throw new Refusal('forbidden', 'An auction sells to its highest bid when it ends.');
  }
  if (item.sold) throw new Refusal('sold', 'This item is already sold.');
  if (item.unlisted) throw new Refusal('unlisted', 'This item is unlisted, so it has no offers.');
  const { rows } = await tx.query<{ status: string }>(
    'SELECT status FROM bids WHERE id = $1 AND item_id = $2',
    [args.bidId, item.id],
  );
  if (rows[0]?.status !== 'active' || !(await sellToBid(tx, saleItem(item), args.bidId))) {
    throw new Refusal(
      'conflict',
      'This offer is no longer open (withdrawn, closed or made by a deleted account). Look at the open offers again.',
    );
  }
}

export async function unlistItem(
  tx: Sql,
  account: SessionAccount,
  args: UnlistArgs,
): Promise<void> {
  const item = await ownedItem(tx, account, args.itemId);
  if (item.unlisted) return;
  if (item.sale_kind === 'auctions' && !item.settled) {
    throw new Refusal('conflict', 'A live auction runs to its end; unlist it after it ends.');
  }
  await tx.query('UPDATE items SET unlisted_at = now() WHERE id = $1', [item.id]);
  const changes = [...(await endOpenBids(tx, saleItem(item))), await itemChange(tx, item.id)];
  await addActivity(
    tx,
    {
      id: `unlisted-${item.id}-${Date.now()}`,
      type: 'Listing',
      at: new Date().toISOString(),
      description: `Unlisted: ${item.title} is no longer for sale`,
      image: item.image,
      itemId: item.id,
      tags: ['Listing'],
    },
    changes,
  );
}
