// A card's Bid Now / Make an offer / Buy Now, or, once the sale is over, what happened instead:
// a card of an ended auction or listing, a sold or an unlisted item says so and offers no buy or
// bid control (the item page's buttons are off then too, sale-state.ts). An item with an end
// turns over at it on the shared clock, without a reload; only this part re-renders each second.
import type { ReactNode } from 'react';
import { saleCardText } from '@/data/sale-state';
import { saleState } from '@shared/sale-state';
import type { Item } from '@shared/types';
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

function TimedAction(props: SaleActionProps) {
  const now = useNow();
  return <Closed {...props} text={saleCardText(saleState(props.item, now))} />;
}

export function SaleAction(props: SaleActionProps) {
  const { item } = props;
  // Only an item with an end, still on sale by the server's word, has an end to wait for.
  if (item.liveDate && !item.settledAt && !item.soldTo && !item.unlisted) {
    return <TimedAction {...props} />;
  }
  return <Closed {...props} text={saleCardText(saleState(item, null))} />;
}
