// The open offers on an item that is for sale but not an auction (a bid there is an offer, which
// the owner may accept; shared/sale-kinds.ts), best first: everyone sees them, each offer
// below the best one says so. The owner also sees Accept on each, and Unlist; both ask for a
// confirmation first (a sale and an unlisting cannot be undone here), then queue the answer for
// the server; a refusal comes back in the sync panel.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { compareEth } from '@shared/decimal';
import type { Bid, Item } from '@shared/types';
import { acceptOffer, unlistItem } from '../api';
import styles from './item-offers.module.css';
import modalStyles from './item-modals.module.css';

export interface ItemOffersProps {
  item: Pick<Item, 'id' | 'title'>;
  /** The item's bids; those still open (status active) are its offers. */
  bids: readonly Bid[];
  /** The signed-in collector owns the item: Accept and Unlist are theirs. */
  owner: boolean;
  /** Called once an answer is queued (the page reloads its data). */
  onAnswered: (what: 'accepted' | 'unlisted', bid?: Bid) => void;
}

type Asking = { kind: 'accept'; bid: Bid } | { kind: 'unlist' } | null;

/** Open offers, highest first; ties keep the earlier one first. */
function openOffers(bids: readonly Bid[]): Bid[] {
  return bids
    .filter((bid) => bid.status === 'active')
    .sort((a, b) => compareEth(b.priceEth, a.priceEth) || Date.parse(a.at) - Date.parse(b.at));
}

export function ItemOffers({ item, bids, owner, onAnswered }: ItemOffersProps) {
  const offers = openOffers(bids);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setAsking(null);
    setFailure(null);
    setBusy(false);
  };
  const confirm = async () => {
    if (!asking || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      if (asking.kind === 'accept') {
        await acceptOffer({ itemId: item.id, bidId: asking.bid.id });
        onAnswered('accepted', asking.bid);
      } else {
        await unlistItem(item.id);
        onAnswered('unlisted');
      }
      close();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not save your answer.');
      setBusy(false);
    }
  };

  return (
    <section className={styles.offers} aria-labelledby="item-offers-title">
      <div className={styles.head}>
        <h2 id="item-offers-title" className={styles.title}>
          Open offers
        </h2>
        {owner && (
          <Button variant="ghost" size="sm" onClick={() => setAsking({ kind: 'unlist' })}>
            Unlist
          </Button>
        )}
      </div>
      {offers.length === 0 ? (
        <EmptyState
          level={3}
          title="No open offers"
          description={
            owner
              ? 'Offers collectors make on this item show here, for you to accept.'
              : 'Offers collectors make on this item show here; its owner chooses one.'
          }
        />
      ) : (
        <ul className={`plain-list ${styles.list}`} aria-label="Open offers">
          {offers.map((bid, index) => (
            <li key={bid.id} className={styles.offer}>
              <span className={styles.text}>
                <strong>
                  <bdi>{bid.priceEth} ETH</bdi>
                </strong>{' '}
                from <bdi>{bid.bidder}</bdi>
                <span className={styles.rank}>
                  {index === 0 || compareEth(bid.priceEth, offers[0]?.priceEth ?? '0') === 0
                    ? 'Best offer'
                    : 'Below the best offer'}
                </span>
              </span>
              {owner && (
                <Button
                  size="sm"
                  onClick={() => setAsking({ kind: 'accept', bid })}
                  aria-label={`Accept the offer of ${bid.priceEth} ETH from ${bid.bidder}`}
                >
                  Accept
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={asking !== null}
        onClose={close}
        size="sm"
        title={asking?.kind === 'accept' ? 'Accept this offer?' : `Unlist ${item.title}?`}
      >
        <div className={modalStyles.form}>
          <p className={modalStyles.lead}>
            {asking?.kind === 'accept' ? (
              <>
                <strong>{item.title}</strong> sells to <strong>{asking.bid.bidder}</strong> for{' '}
                <strong>
                  <bdi>{asking.bid.priceEth} ETH</bdi>
                </strong>
                . The other offers are closed.
              </>
            ) : (
              <>
                <strong>{item.title}</strong> will no longer be for sale: its open offers are
                closed, and nobody can bid on it or buy it.
              </>
            )}
          </p>
          {failure && <FormAlert>{failure}</FormAlert>}
          <div className={modalStyles.actions}>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              busy={busy}
              variant={asking?.kind === 'unlist' ? 'danger' : 'primary'}
              onClick={() => void confirm()}
            >
              {asking?.kind === 'accept' ? 'Accept offer' : 'Unlist item'}
            </Button>
          </div>
        </div>
      </Modal>
    </section>
  );
}
