import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_USER_ID } from '@/data/data-access';
import { StorageError } from '@/data/errors';
import { CheckoutModal } from '../components/checkout-modal';
import { useSessionStore } from '@/data/session-store';
import { expectSignInLinks } from '@/components/forms/__tests__/sign-in-links';
import { signedInStoreEachTest } from './helpers';

const store = signedInStoreEachTest();

function renderCheckout(creatorVerified: boolean) {
  const onBought = vi.fn();
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/item-detail/7']}>
      <CheckoutModal
        open
        item={{ id: 4, title: 'Saturn Drift', priceEth: '3.5' }}
        creatorName="Noah Lindqvist"
        creatorVerified={creatorVerified}
        onClose={onClose}
        onBought={onBought}
      />
    </MemoryRouter>,
  );
  return { onBought, onClose, user: userEvent.setup() };
}

describe('Checkout (docs/product.md "Item detail", "Checkout records a purchase")', () => {
  it('warns that the creator is not verified and that the purchase is at your own risk', () => {
    renderCheckout(false);
    expect(screen.getByRole('dialog', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('This creator is not verified')).toBeInTheDocument();
    expect(screen.getByText('Purchase this item at your own risk')).toBeInTheDocument();
    expect(screen.getByText(/3\.5 ETH/)).toBeInTheDocument();
    expect(screen.getByText(/\$4,659\.75/)).toBeInTheDocument();
  });

  it('does not claim a verified creator is unverified', () => {
    renderCheckout(true);
    expect(screen.queryByText('This creator is not verified')).not.toBeInTheDocument();
    expect(screen.getByText('Purchase this item at your own risk')).toBeInTheDocument();
  });

  it('records the purchase and the local user becomes the owner', async () => {
    const spy = vi.spyOn(store(), 'checkout');
    const { user, onBought, onClose } = renderCheckout(false);
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(spy).toHaveBeenCalledWith({ itemId: 4, priceEth: '3.5' });
    await waitFor(() =>
      expect(onBought).toHaveBeenCalledWith(expect.objectContaining({ itemId: 4 })),
    );
    expect(onClose).toHaveBeenCalled();
    expect((await store().getItem(4))?.ownerId).toBe(LOCAL_USER_ID);
  });

  it('stays open and says why when the write fails', async () => {
    vi.spyOn(store(), 'checkout').mockRejectedValue(new StorageError());
    const { user, onClose, onBought } = renderCheckout(false);
    await user.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/could not save/i));
    expect(onClose).not.toHaveBeenCalled();
    expect(onBought).not.toHaveBeenCalled();
  });
});

describe('Checkout, signed out (docs/product.md "Online": checkout asks to sign in first)', () => {
  it('asks to sign in, with login and signup coming back to the item, and buys nothing', async () => {
    useSessionStore.getState().signOut();
    const checkout = vi.spyOn(store(), 'checkout');
    renderCheckout(false);
    const dialog = screen.getByRole('dialog', { name: 'Checkout' });
    expect(dialog).toHaveTextContent('Sign in to buy this item.');
    expectSignInLinks('/item-detail/7');
    expect(screen.queryByRole('button', { name: 'Confirm purchase' })).not.toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
    expect((await store().getItem(4))?.ownerId).not.toBe(LOCAL_USER_ID);
  });
});
