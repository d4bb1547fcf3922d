// A card's Buy Now / Bid Now, or, once the sale is over, what happened instead: a card of an
// ended auction, a sold or an unlisted item says so and offers no buy or bid control (the item
// page's buttons are off then too, sale-state.ts). An auction turns over at its end on the
// shared clock, without a reload; only this part re-renders each second, not the whole card.
import type { ReactNode } from 'react';
import { saleCardText, saleState } from '@/data/sale-state';
import type { Item } from '@/data/types';
import { useNow } from '@/lib/clock';

export interface SaleActionProps {
  item: Item;
  /** The class of the text shown once the sale is over. */
  className?: string;
  /** The control while the item is on sale. */
  children: ReactNode;
}

function Closed({ text, className, children }: { text: string | null } & SaleActionProps) {
  return text === null ? children : <p className={className}>{text}</p>;
}

function AuctionAction(props: SaleActionProps) {
  const now = useNow();
  return <Closed {...props} text={saleCardText(saleState(props.item, now))} />;
}

export function SaleAction(props: SaleActionProps) {
  const { item } = props;
  // Only an auction still running by the server's word has an end to wait for.
  if (item.saleKind === 'auctions' && !item.settledAt) return <AuctionAction {...props} />;
  return <Closed {...props} text={saleCardText(saleState(item, null))} />;
}
