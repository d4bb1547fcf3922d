// "Checkout" (docs/product.md "Item detail", "Records and fields", "Fixed values", "Checkout
// records a purchase"): the price, the warnings of the item page, and a confirmation that records
// the purchase on the device and makes the buyer the owner. A failed write keeps the dialog open
// and says why.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { AlertIcon } from '@/components/ui/icon';
import { Modal } from '@/components/ui/modal';
import type { Item, Purchase } from '@shared/types';
import { NetworkNotice } from '@/components/wallet/network-notice';
import { SignInFirst, useSignedIn } from '@/components/forms/sign-in-first';
import { checkout } from '../api';
import { ethToUsd } from '../price';
import styles from './item-modals.module.css';

export const UNVERIFIED_WARNING = 'This creator is not verified';
export const RISK_WARNING = 'Purchase this item at your own risk';

export interface CheckoutModalProps {
  open: boolean;
  item: Pick<Item, 'id' | 'title' | 'priceEth'>;
  creatorName: string;
  creatorVerified: boolean;
  onClose: () => void;
  /** Called once the purchase is recorded (the modal closes itself). */
  onBought: (purchase: Purchase) => void;
}

/** Signed out, the dialog asks to sign in first: nothing is bought. */
export function CheckoutModal(props: CheckoutModalProps) {
  const signedIn = useSignedIn();
  return (
    <Modal open={props.open} onClose={props.onClose} title="Checkout">
      {signedIn ? <CheckoutBody {...props} /> : <SignInFirst action="buy this item" />}
    </Modal>
  );
}

function CheckoutBody({
  item,
  creatorName,
  creatorVerified,
  onClose,
  onBought,
}: CheckoutModalProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const usd = ethToUsd(item.priceEth);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const purchase = await checkout({ itemId: item.id, priceEth: item.priceEth });
      onBought(purchase);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not record the purchase.');
      setBusy(false);
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.lead}>
        You are about to purchase <strong>{item.title}</strong> from <strong>{creatorName}</strong>.
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <NetworkNotice />
      <dl className={styles.summary}>
        <div className={styles.total}>
          <dt>Price</dt>
          <dd>
            <bdi>{item.priceEth} ETH</bdi>
            {usd && <span className={styles.usd}> ({usd})</span>}
          </dd>
        </div>
      </dl>
      <ul className={styles.warnings} aria-label="Before you buy">
        {!creatorVerified && (
          <li>
            <AlertIcon />
            <span>{UNVERIFIED_WARNING}</span>
          </li>
        )}
        <li>
          <AlertIcon />
          <span>{RISK_WARNING}</span>
        </li>
      </ul>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button busy={busy} onClick={() => void confirm()}>
          Confirm purchase
        </Button>
      </div>
    </div>
  );
}
