// Buy Now (docs/product.md "The server decides"): an item sells once, at its price, never to its
// owner, nor once its end has passed; the buyer becomes the owner, and Buy Now on a live auction
// ends it. The rules and their words are the device's (shared/sale-checks.ts checkCheckout), on
// the item as this transaction reads it.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import { NOT_FOUND_MESSAGE } from '../../shared/market.ts';
import { checkCheckout } from '../../shared/sale-checks.ts';
import { notifyBought } from '../notifications/events.ts';
import { addActivity, purchaseEntry } from './activity.ts';
import { endOpenBids, itemChange } from './sale.ts';
import { lockSaleItem, saleTargetOf } from './sale-facts.ts';
import { recordBidsOfAccounts, recordSaleOfAccounts } from '../core/account-log.ts';

export type CheckoutArgs = v.InferOutput<(typeof MUTATION_ARGS)['checkout']>;

export async function checkout(
  tx: Sql,
  account: SessionAccount,
  id: string,
  args: CheckoutArgs,
): Promise<void> {
  const item = await lockSaleItem(tx, args.itemId);
  const refused = checkCheckout(item ? saleTargetOf(item, account) : null);
  if (refused) throw new Refusal(refused.code, refused.message);
  if (!item) throw new Error('checkCheckout let a missing item through');
  const { rows: bought } = await tx.query<{ price: string; created_at: Date }>(
    `INSERT INTO purchases (id, item_id, account_id, buyer, price_eth)
     SELECT $1, i.id, $3, $4, i.price_eth FROM items i WHERE i.id = $2
     RETURNING trim_scale(price_eth)::text AS price, created_at`,
    [id, item.id, account.id, account.name],
  );
  const purchase = bought[0];
  if (!purchase) throw new Refusal('not-found', NOT_FOUND_MESSAGE);
  await tx.query(
    `UPDATE items SET owner_id = $2,
       settled_at = CASE WHEN sale_kind = 'auctions' THEN now() ELSE settled_at END,
       ends_at = CASE WHEN sale_kind = 'auctions' THEN least(ends_at, now()) ELSE ends_at END
     WHERE id = $1`,
    [item.id, account.id],
  );
  // The item's open bids end with the sale; on an auction its bidders are told it ended.
  const auction = item.sale_kind === 'auctions';
  await notifyBought(
    tx,
    { ...item, auction },
    { buyer: account.id, seller: item.owner_id, priceEth: purchase.price },
  );
  const ended = await endOpenBids(tx, { ...item, auction });
  const sold = await itemChange(tx, item.id);
  const changes = [...ended, sold];
  const at = purchase.created_at.toISOString();
  // The accounts' own logs (docs/sync.md "Account channel"): the bidders' ended bids (and the
  // seller's offers received), the buyer's purchase, the seller's listing.
  await recordBidsOfAccounts(tx, ended, auction ? null : item.owner_id);
  await recordSaleOfAccounts(tx, {
    buyer: account.id,
    seller: item.owner_id,
    purchase: { id, itemId: item.id, priceEth: purchase.price, buyer: account.name, at },
    item: sold,
  });
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
