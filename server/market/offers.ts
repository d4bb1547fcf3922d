// The owner's answers to offers (docs/product.md "The server decides": on items that are not
// auctions a bid is an offer, which the owner may accept): accept one, and the item sells to
// that bidder; or unlist the item, and it takes no more bids or Buy Now.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import { checkOffer, offerRefusal, type OfferAnswer } from '../../shared/sale-checks.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { addActivity } from './activity.ts';
import { endOpenBids, itemChange, sellToBid, type SaleItem } from './sale.ts';
import { lockSaleItem, saleTargetOf, type SaleItemRow } from './sale-facts.ts';
import { recordAccountChanges, recordBidsOfAccounts } from '../core/account-log.ts';

export type AcceptOfferArgs = v.InferOutput<(typeof MUTATION_ARGS)['accept-offer']>;
export type UnlistArgs = v.InferOutput<(typeof MUTATION_ARGS)['unlist']>;

/**
 * Locks the item and checks the account may give `answer` (shared/sale-checks.ts checkOffer,
 * the device's check, with its words); `offer` reads the offer's status after the lock.
 */
async function answerable(
  tx: Sql,
  account: SessionAccount,
  itemId: number,
  answer: (item: SaleItemRow) => Promise<OfferAnswer>,
): Promise<SaleItemRow> {
  const item = await lockSaleItem(tx, itemId);
  const refused = item
    ? checkOffer(saleTargetOf(item, account), await answer(item))
    : offerRefusal('not-found');
  if (refused) throw new Refusal(refused.code, refused.message);
  if (!item) throw new Error('a missing item was not refused');
  return item;
}

const saleItem = (item: SaleItemRow): SaleItem => ({
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
  const item = await answerable(tx, account, args.itemId, async ({ id }) => {
    const { rows } = await tx.query<{ status: string }>(
      'SELECT status FROM bids WHERE id = $1 AND item_id = $2',
      [args.bidId, id],
    );
    return { kind: 'accept', offer: rows[0] ?? null };
  });
  // A bidder who deleted the account since: the offer is no longer open.
  if (!(await sellToBid(tx, saleItem(item), args.bidId))) {
    const { code, message } = offerRefusal('offer-closed');
    throw new Refusal(code, message);
  }
}

export async function unlistItem(
  tx: Sql,
  account: SessionAccount,
  args: UnlistArgs,
): Promise<void> {
  const item = await answerable(tx, account, args.itemId, async () => ({ kind: 'unlist' }));
  if (item.unlisted) return; // Unlisted already: nothing changes.
  await tx.query('UPDATE items SET unlisted_at = now() WHERE id = $1', [item.id]);
  const ended = await endOpenBids(tx, saleItem(item));
  const listing = await itemChange(tx, item.id);
  const changes = [...ended, listing];
  // The accounts' own logs (docs/sync.md "Account channel"): the bidders' closed bids, and the
  // owner's offers received and listing.
  await recordBidsOfAccounts(tx, ended, item.sale_kind === 'auctions' ? null : account.id);
  await recordAccountChanges(tx, account.id, [
    { topic: 'upload', key: item.id, data: listing.data },
  ]);
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
