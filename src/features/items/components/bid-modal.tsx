// "Place a Bid" on an auction, "Make an offer" on any other item (docs/product.md "Item detail",
// "Records and fields", "Validation", "Fixed values"; the words of each kind are in
// shared/sale-kinds.ts): price in ETH and quantity, total shown live, saved on the device through
// the data access. On an auction the minimum is the highest bid plus the step; an offer may be
// below the best one, and the dialog says so before it is sent, and that the owner chooses. An
// invalid bid saves nothing; a failed write keeps the form.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert, TextField } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { BID_MAX_QUANTITY, BID_SERVICE_FEE_ETH } from '@shared/market';
import { minimumBidEth } from '@shared/market';
import { bestBidEth, isBelowBestOffer, saleKindText } from '@shared/sale-kinds';
import { ValidationError } from '@/data/errors';
import type { Bid, Item } from '@shared/types';
import { SignInFirst, useSignedIn } from '@/components/forms/sign-in-first';
import { placeBid } from '../api';
import { bidTotal, validateBidForm, type BidErrors, type BidFormValues } from '../price';
import styles from './item-modals.module.css';

export interface BidModalProps {
  open: boolean;
  item: Pick<Item, 'id' | 'title' | 'highestBidEth' | 'saleKind'>;
  creatorName: string;
  onClose: () => void;
  /** Called once the bid is saved (the modal closes itself). */
  onPlaced: (bid: Bid) => void;
}

/** Signed out, the dialog asks to sign in first: no amount field, nothing saved. */
export function BidModal(props: BidModalProps) {
  const signedIn = useSignedIn();
  const kind = saleKindText(props.item);
  return (
    <Modal open={props.open} onClose={props.onClose} title={kind.dialogTitle}>
      {signedIn ? (
        <BidForm {...props} />
      ) : (
        <SignInFirst action={kind.noun === 'bid' ? 'place a bid' : 'make an offer'} />
      )}
    </Modal>
  );
}

const FIELD_MAP: Record<string, keyof BidFormValues> = { priceEth: 'price', quantity: 'quantity' };

function BidForm({ item, creatorName, onClose, onPlaced }: BidModalProps) {
  const totalId = useId();
  const kind = saleKindText(item);
  const best = bestBidEth(item);
  // On an auction the highest bid plus 0.01 ETH, else 1.22 ETH: what the server accepts.
  const minimum = minimumBidEth(item);
  const [values, setValues] = useState<BidFormValues>({ price: minimum, quantity: '1' });
  const [errors, setErrors] = useState<BidErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const total = bidTotal(values.price, values.quantity);
  const below = isBelowBestOffer(item, values.price);

  const change = (field: keyof BidFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A message goes away as soon as the field is valid again.
    if (errors[field]) {
      const next = validateBidForm({ ...values, [field]: value }, minimum, kind.noun);
      setErrors((e) => ({ ...e, [field]: next[field] }));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validateBidForm(values, minimum, kind.noun);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = found.price ? 'price' : 'quantity';
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const bid = await placeBid({
        itemId: item.id,
        priceEth: values.price.trim(),
        quantity: Number(values.quantity),
      });
      onPlaced(bid);
      onClose();
    } catch (error) {
      if (error instanceof ValidationError) {
        const mapped: BidErrors = {};
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const field = FIELD_MAP[key];
          if (field) mapped[field] = message;
        }
        setErrors(mapped);
        setFailure(Object.keys(mapped).length > 0 ? null : error.message);
      } else {
        setFailure(
          error instanceof Error ? error.message : `Could not save your ${kind.noun}. Try again.`,
        );
      }
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className={styles.form}
      aria-busy={busy || undefined}
    >
      {kind.noun === 'bid' ? (
        <p className={styles.lead}>
          You are about to place a bid for <strong>{item.title}</strong> from{' '}
          <strong>{creatorName}</strong>.{' '}
          {best === null ? 'No bids yet.' : `The highest bid is ${best} ETH.`} A bid must beat it;
          the highest bid when the auction ends wins.
        </p>
      ) : (
        <p className={styles.lead}>
          You are about to make an offer for <strong>{item.title}</strong> from{' '}
          <strong>{creatorName}</strong>.{' '}
          {best === null ? 'No offers yet.' : `The best offer is ${best} ETH.`} The owner chooses
          which offer to accept, if any.
        </p>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label={kind.amountLabel}
        name="price"
        type="number"
        inputMode="decimal"
        min={minimum}
        step="any"
        autoComplete="off"
        required
        value={values.price}
        onChange={(e) => change('price')(e.target.value)}
        error={errors.price}
        hint={
          <>
            {kind.minimumLabel} {minimum} ETH.{' '}
            <span role="status" className={styles.note}>
              {below && (
                <>
                  This offer is below the best offer of <bdi>{best} ETH</bdi>. You can still make
                  it: the owner chooses which offer to accept.
                </>
              )}
            </span>
          </>
        }
      />
      <TextField
        label="Quantity"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={BID_MAX_QUANTITY}
        step={1}
        required
        value={values.quantity}
        onChange={(e) => change('quantity')(e.target.value)}
        error={errors.quantity}
        hint={`Editions to ${kind.noun === 'bid' ? 'bid on' : 'make an offer for'}, at most ${BID_MAX_QUANTITY}.`}
      />
      <dl className={styles.summary}>
        <div>
          <dt>{kind.minimumLabel}</dt>
          <dd>
            <bdi>{minimum} ETH</bdi>
          </dd>
        </div>
        <div>
          <dt>Service fee</dt>
          <dd>
            <bdi>{BID_SERVICE_FEE_ETH} ETH</bdi>
          </dd>
        </div>
        <div className={styles.total}>
          <dt>Total {kind.noun} amount</dt>
          <dd id={totalId} aria-live="polite">
            {total === null ? 'Enter a price and quantity' : <bdi>{total} ETH</bdi>}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} aria-describedby={totalId}>
          {kind.submit}
        </Button>
      </div>
    </form>
  );
}
