import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { onLiveChanges } from '@/data/sync/live-signal';
import type { Change } from '@shared/protocol';
import { isBid } from '@/data/schemas';

/** What the region says about changes that arrived live, on this screen; null: nothing. */
export function liveMessage(pathname: string, changes: readonly Change[]): string | null {
  const detail = /^\/item-detail\/(\d+)$/.exec(pathname);
  const watched = detail ? Number(detail[1]) : pathname === paths.auction ? 'any' : null;
  if (watched === null) return null;
  // A new bid arrives active; a bid marked outbid, won or closed later is not a new bid.
  const fresh = changes
    .filter((change) => change.topic === 'bid' && change.data !== null)
    .map((change) => change.data)
    .filter(isBid)
    .filter((bid) => (bid as { status?: string }).status === 'active')
    .filter((bid) => watched === 'any' || bid.itemId === watched);
  const newest = fresh.at(-1);
  if (!newest) return null;
  // The server logs the bid's item with it: an offer on an item that is not an auction is not
  // a highest bid (issue 31), and may be below the best offer.
  const item = changes.find(
    (change) => change.topic === 'item' && Number(change.key) === newest.itemId,
  )?.data as { saleKind?: string } | null | undefined;
  const offer = item?.saleKind !== undefined && item.saleKind !== 'auctions';
  return offer ? `New offer ${newest.priceEth} ETH` : `New highest bid ${newest.priceEth} ETH`;
}

/**
 * A polite live region telling screen-reader users what the live stream brought to the screen
 * they are on ("New highest bid 4.8 ETH" on an item page or the live auctions); the screen
 * itself updates through the refresh after sync (src/data/sync/boot.ts). Renders the region only.
 */
export function LiveAnnouncer() {
  const { pathname } = useLocation();
  const [said, setSaid] = useState<{ path: string; message: string } | null>(null);
  useEffect(
    () =>
      onLiveChanges((changes) => {
        const message = liveMessage(pathname, changes);
        if (message) setSaid({ path: pathname, message });
      }),
    [pathname],
  );
  // A new screen starts silent.
  const message = said?.path === pathname ? said.message : '';
  return (
    <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </span>
  );
}
