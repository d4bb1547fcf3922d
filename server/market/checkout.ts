// Buy Now (docs/product.md "The server decides"): an item sells once, at its price, never to its
// owner, nor once its end has passed; the buyer becomes the owner, and Buy Now on a live auction
// ends it.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import { SALE_KIND_TEXT } from '../../shared/sale-kinds.ts';
import { addActivity, purchaseEntry } from './activity.ts';
import { lockItem } from './amounts.ts';
import { endOpenBids, itemChange } from './sale.ts';

export type CheckoutArgs = v.InferOutput<(typeof MUTATION_ARGS)['checkout']>;

interface CheckoutTarget {
  id: number;
  owner_id: number;
  sale_kind: string;
  title: string;
  image: string;
  ended: boolean;
  sold: boolean;
  unlisted: boolean;
}

export async function checkout(
  tx: Sql,
  account: SessionAccount,
  id: string,
  args: CheckoutArgs,
): Promise<void> {
  if (!(await lockItem(tx, args.itemId))) {
    throw new Refusal('not-found', 'This item no longer exists.');
  }
  const { rows } = await tx.query<CheckoutTarget>(
    `SELECT i.id, i.owner_id, i.sale_kind, i.data->>'title' AS title, i.data->>'image' AS image,
       coalesce(i.ends_at <= now(), false)
         OR (i.sale_kind = 'auctions' AND i.settled_at IS NOT NULL) AS ended,
       EXISTS (SELECT 1 FROM purchases p WHERE p.item_id = i.id) AS sold,
       i.unlisted_at IS NOT NULL AS unlisted
     FROM items i WHERE i.id = $1`,
    [args.itemId],
  );
  const item = rows[0];
  if (!item) throw new Refusal('not-found', 'This item no longer exists.');
  if (item.owner_id === account.id) throw new Refusal('forbidden', 'You already own this item.');
  if (item.sold) throw new Refusal('sold', 'This item is already sold.');
  if (item.unlisted) {
    throw new Refusal('unlisted', 'Its owner took this item off sale, so it cannot be bought.');
  }
  if (item.ended) {
    throw new Refusal(
      'ended',
      item.sale_kind === 'auctions'
        ? 'This auction has ended, so it can no longer be bought.'
        : `${SALE_KIND_TEXT.now.ended}: its end has passed, so it can no longer be bought.`,
    );
  }
  const { rows: bought } = await tx.query<{ price: string; created_at: Date }>(
    `INSERT INTO purchases (id, item_id, account_id, buyer, price_eth)
     SELECT $1, i.id, $3, $4, i.price_eth FROM items i WHERE i.id = $2
     RETURNING trim_scale(price_eth)::text AS price, created_at`,
    [id, item.id, account.id, account.name],
  );
  const purchase = bought[0];
  if (!purchase) throw new Refusal('not-found', 'This item no longer exists.');
  await tx.query(
    `UPDATE items SET owner_id = $2,
       settled_at = CASE WHEN sale_kind = 'auctions' THEN now() ELSE settled_at END,
       ends_at = CASE WHEN sale_kind = 'auctions' THEN least(ends_at, now()) ELSE ends_at END
     WHERE id = $1`,
    [item.id, account.id],
  );
  // The item's open bids end with the sale; on an auction its bidders are told it ended.
  const auction = item.sale_kind === 'auctions';
  const changes = [...(await endOpenBids(tx, { ...item, auction })), await itemChange(tx, item.id)];
  const at = purchase.created_at.toISOString();
  await addActivity(
    tx,
    purchaseEntry(item, { id, buyer: account.name, priceEth: purchase.price, at }, account.id),
    changes,
  );
  if (auction) {
    await addActivity(tx, {
      id: `ended-${item.id}`,
      type: 'Sale',
      at,
      description: `Auction ended: ${item.title} was bought with Buy Now for ${purchase.price} ETH, so its bids are closed`,
      image: item.image,
      itemId: item.id,
      tags: ['Sales'],
    });
  }
}
