// The bid dialog of each kind of sale (issue 31; words from shared/sale-kinds.ts): "Place a
// Bid" on an auction, "Make an offer" elsewhere, which says before it is sent when the amount is
// below the best offer, and that the owner chooses.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { StorageFullError } from '@/data/errors';
import { SALE_KIND_TEXT } from '@shared/sale-kinds';
import type { SaleKind } from '@shared/types';
import { BidModal } from '../components/bid-modal';
import { useSessionStore } from '@/data/session-store';
import { expectSignInLinks } from '@/components/forms/__tests__/sign-in-links';
import { signedInStoreEachTest } from './helpers';

const store = signedInStoreEachTest();

function renderModal(saleKind: SaleKind = 'offers', highestBidEth = '3.55') {
  const onPlaced = vi.fn();
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/item-detail/7']}>
      <BidModal
        open
        item={{ id: 1, title: 'Violet Bloom', highestBidEth, saleKind }}
        creatorName="Amara Okafor"
        onClose={onClose}
        onPlaced={onPlaced}
      />
    </MemoryRouter>,
  );
  return { onPlaced, onClose, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, price: string, quantity: string) {
  const priceBox = screen.getByLabelText(/your (bid|offer)/i);
  const quantityBox = screen.getByLabelText(/quantity/i);
  await user.clear(priceBox);
  if (price) await user.type(priceBox, price);
  await user.clear(quantityBox);
  if (quantity) await user.type(quantityBox, quantity);
}

const submit = () => screen.getByRole('button', { name: /^(Place a bid|Make the offer)$/ });

describe('Make an offer (docs/product.md "Item detail", "Validation", "Fixed values"; issue 31)', () => {
  it.each(['offers', 'now'] as const)(
    'on a %s item is a dialog titled "Make an offer" with the minimum offer, fee and sample total',
    (kind) => {
      renderModal(kind);
      const text = SALE_KIND_TEXT[kind];
      expect(screen.getByRole('dialog', { name: text.dialogTitle })).toBeInTheDocument();
      expect(text.dialogTitle).toBe('Make an offer');
      expect(screen.getByRole('spinbutton', { name: 'Your offer (ETH)' })).toHaveValue(1.22);
      expect(screen.getByText('Minimum offer').nextElementSibling).toHaveTextContent('1.22 ETH');
      expect(screen.getByText('Service fee').nextElementSibling).toHaveTextContent('0.05 ETH');
      expect(screen.getByText('Total offer amount').nextElementSibling).toHaveTextContent(
        '1.27 ETH',
      );
      expect(screen.getByRole('dialog')).toHaveTextContent(
        'The best offer is 3.55 ETH. The owner chooses which offer to accept, if any.',
      );
      expect(screen.getByRole('button', { name: 'Make the offer' })).toBeEnabled();
    },
  );

  it('says before it is sent that an offer is below the best one, and still sends it', async () => {
    const spy = vi.spyOn(store(), 'placeBid');
    const { user, onPlaced } = renderModal('offers', '170.5');
    const price = screen.getByRole('spinbutton', { name: 'Your offer (ETH)' });
    // The minimum (1.22) is below the best offer already.
    expect(price).toHaveAccessibleDescription(/below the best offer of 170\.5 ETH/);
    await fill(user, '171', '1');
    expect(price).not.toHaveAccessibleDescription(/below the best offer/);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await fill(user, '160.5', '1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'This offer is below the best offer of 170.5 ETH. You can still make it: the owner chooses which offer to accept.',
    );
    expect(price).toHaveAccessibleDescription(/owner chooses which offer to accept/);
    await user.click(submit());
    expect(spy).toHaveBeenCalledWith({ itemId: 1, priceEth: '160.5', quantity: 1 });
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
  });

  it('says "No offers yet" and warns of nothing when nobody has made an offer', () => {
    renderModal('offers', '0');
    expect(screen.getByRole('dialog')).toHaveTextContent('No offers yet.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('Place a Bid (docs/product.md "Item detail", "Validation", "Fixed values")', () => {
  it('is a dialog titled "Place a Bid" on an auction, never warning of a lower offer', async () => {
    const { user } = renderModal('auctions');
    expect(screen.getByRole('dialog', { name: 'Place a Bid' })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'The highest bid is 3.55 ETH. A bid must beat it; the highest bid when the auction ends wins.',
    );
    await fill(user, '1', '1');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByText('Total bid amount').nextElementSibling).toHaveTextContent('1.05 ETH');
  });

  it('on an auction asks for the highest bid plus 0.01 ETH, as the server does', async () => {
    const { user } = renderModal('auctions');
    expect(screen.getByText('Minimum bid').nextElementSibling).toHaveTextContent('3.56 ETH');
    expect(screen.getByLabelText(/your bid/i)).toHaveValue(3.56);
    await fill(user, '3.555', '1');
    await user.click(submit());
    expect(await screen.findByText('The minimum bid is 3.56 ETH.')).toBeInTheDocument();
    expect(screen.getByLabelText(/your bid/i)).toHaveAttribute('aria-invalid', 'true');
  });

  it('computes the total live from price x quantity + fee', async () => {
    const { user } = renderModal();
    const total = () => screen.getByText('Total offer amount').nextElementSibling;
    await fill(user, '1.1', '3');
    expect(total()).toHaveTextContent('3.35 ETH');
    await user.clear(screen.getByLabelText(/quantity/i));
    await user.type(screen.getByLabelText(/quantity/i), '2');
    expect(total()).toHaveTextContent('2.25 ETH');
  });

  it('refuses quantity 6 with an inline message and saves nothing', async () => {
    const spy = vi.spyOn(store(), 'placeBid');
    const { user, onPlaced } = renderModal();
    await fill(user, '2', '6');
    await user.click(submit());
    const quantity = screen.getByLabelText(/quantity/i);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(/at most 5 editions/i);
    expect(quantity).toHaveFocus();
    expect(spy).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(await store().listBids(1)).toEqual([]);
  });

  it('refuses a bid below the minimum with an inline message and saves nothing', async () => {
    const spy = vi.spyOn(store(), 'placeBid');
    const { user } = renderModal();
    await fill(user, '1.21', '1');
    await user.click(submit());
    const price = screen.getByLabelText(/your offer/i);
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/the minimum offer is 1\.22 eth/i);
    expect(spy).not.toHaveBeenCalled();
  });

  it('saves a valid bid through placeBid and reports it', async () => {
    const spy = vi.spyOn(store(), 'placeBid');
    const { user, onPlaced, onClose } = renderModal();
    await fill(user, '4.2', '2');
    await user.click(submit());
    expect(spy).toHaveBeenCalledWith({ itemId: 1, priceEth: '4.2', quantity: 2 });
    await waitFor(() =>
      expect(onPlaced).toHaveBeenCalledWith(
        expect.objectContaining({ itemId: 1, priceEth: '4.2', quantity: 2 }),
      ),
    );
    expect(onClose).toHaveBeenCalled();
    expect(await store().listBids(1)).toHaveLength(1);
  });

  it('keeps what was typed and says why when the device refuses the write', async () => {
    vi.spyOn(store(), 'placeBid').mockRejectedValue(new StorageFullError());
    const { user, onClose } = renderModal();
    await fill(user, '4.2', '2');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/storage is full/i));
    expect(screen.getByLabelText(/your offer/i)).toHaveValue(4.2);
    expect(screen.getByLabelText(/quantity/i)).toHaveValue(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with the X button and with Escape', async () => {
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Place a Bid, signed out (docs/product.md "Online": bids ask to sign in first)', () => {
  it('asks to sign in to make an offer, with no amount field', () => {
    useSessionStore.getState().signOut();
    renderModal('offers');
    const dialog = screen.getByRole('dialog', { name: 'Make an offer' });
    expect(dialog).toHaveTextContent('Sign in to make an offer.');
    expect(screen.queryByLabelText(/your offer/i)).not.toBeInTheDocument();
  });

  it('asks to sign in, with login and signup coming back to the item, and has no amount field', async () => {
    useSessionStore.getState().signOut();
    const placeBid = vi.spyOn(store(), 'placeBid');
    renderModal('auctions');
    const dialog = screen.getByRole('dialog', { name: 'Place a Bid' });
    expect(dialog).toHaveTextContent('Sign in to place a bid.');
    expectSignInLinks('/item-detail/7');
    expect(screen.queryByLabelText(/your bid/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place a bid' })).not.toBeInTheDocument();
    expect(placeBid).not.toHaveBeenCalled();
  });
});
