// The notifications of the market's and the catalogue's events (docs/product.md
// "Notifications"), each called once by the write that causes it, in its transaction.
import type { Sql } from '../db/database.ts';
import { notify, type Written } from './write.ts';

/** An item sold or ended: its id, its title, and whether it was an auction. */
export interface NotifiedItem {
  id: number;
  title: string;
  auction: boolean;
}

/** The accounts that bid on the item, but `except`. */
async function otherBidders(tx: Sql, itemId: number, except: number): Promise<number[]> {
  const { rows } = await tx.query<{ account_id: number }>(
    `SELECT DISTINCT account_id FROM bids
     WHERE item_id = $1 AND account_id IS NOT NULL AND account_id <> $2`,
    [itemId, except],
  );
  return rows.map((row) => row.account_id);
}

/**
 * An item sold to a bid (server/market/sale.ts). An auction settled: the winner won, the seller
 * sold, every other bidder lost. An offer accepted: the buyer is told; the seller accepted it,
 * their own action.
 */
export async function notifySale(
  tx: Sql,
  item: NotifiedItem,
  sale: { buyer: number; seller: number | null; priceEth: string },
): Promise<Written[]> {
  const about = { itemId: item.id, facts: { title: item.title, priceEth: sale.priceEth } };
  if (!item.auction) {
    return notify(tx, 'offer-accepted', { ...about, to: [sale.buyer], actor: sale.seller });
  }
  return [
    ...(await notify(tx, 'won', { ...about, to: [sale.buyer] })),
    ...(await notify(tx, 'sold', { ...about, to: [sale.seller], actor: sale.buyer })),
    ...(await notify(tx, 'lost', { ...about, to: await otherBidders(tx, item.id, sale.buyer) })),
  ];
}

/** Buy Now (server/market/checkout.ts): the owner sold; on an auction, its bidders lost. */
export async function notifyBought(
  tx: Sql,
  item: NotifiedItem,
  sale: { buyer: number; seller: number; priceEth: string },
): Promise<Written[]> {
  const about = { itemId: item.id, facts: { title: item.title, priceEth: sale.priceEth } };
  const sold = await notify(tx, 'sold', { ...about, to: [sale.seller], actor: sale.buyer });
  if (!item.auction) return sold;
  const bidders = await otherBidders(tx, item.id, sale.buyer);
  return [...sold, ...(await notify(tx, 'lost', { ...about, to: bidders, actor: sale.buyer }))];
}

/** An auction ended with no bid (server/market/settlement.ts): its owner is told. */
export async function notifyUnsold(tx: Sql, item: NotifiedItem): Promise<Written[]> {
  const { rows } = await tx.query<{ owner_id: number }>(
    'SELECT owner_id FROM items WHERE id = $1',
    [item.id],
  );
  return notify(tx, 'unsold', {
    to: rows.map((row) => row.owner_id),
    itemId: item.id,
    facts: { title: item.title },
  });
}

/** Handles a text names, at most (each a lookup by the handle's index). */
export const MENTIONS_MAX = 10;

/** The @handles a text names, each once, in lower case. */
function handlesIn(text: string): string[] {
  const found = [...text.matchAll(/(?<![\w@])@(\w(?:[\w.-]{0,38}\w)?)/g)];
  return [...new Set(found.map((match) => (match[1] ?? '').toLowerCase()))];
}

/**
 * A text that names @handles, by account `by`: a new item's description (server/catalog/
 * uploads.ts) or a creator's bio (server/catalog/creators.ts; `before` the bio it replaces,
 * whose handles were told already). Each account whose creator has a newly named handle is
 * told, the writer aside.
 */
export async function notifyMentions(
  tx: Sql,
  mention: { text: string; before?: string; by: number; itemId?: number; title?: string },
): Promise<Written[]> {
  const told = new Set(handlesIn(mention.before ?? ''));
  const handles = handlesIn(mention.text)
    .filter((handle) => !told.has(handle))
    .slice(0, MENTIONS_MAX);
  if (handles.length === 0) return [];
  const { rows } = await tx.query<{ account_id: number }>(
    `SELECT DISTINCT c.account_id FROM creators c
     WHERE c.account_id IS NOT NULL
       AND lower(c.data->>'handle') = ANY (SELECT '@' || h FROM unnest($1::text[]) h)
       AND (c.handle_key COLLATE "C") = ANY (SELECT artmint_search_key(h) FROM unnest($1::text[]) h)`,
    [handles],
  );
  return notify(tx, 'mention', {
    to: rows.map((row) => row.account_id),
    actor: mention.by,
    itemId: mention.itemId ?? null,
    facts: mention.title === undefined ? {} : { title: mention.title },
  });
}
