// The item's share button records a share (docs/product.md "Notifications"): signed in, a share
// or a copied link sends POST /api/shares with the item's id, so its owner may be told; a share
// sheet closed unshared sends nothing, nor does a signed-out share.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem } from '@/data/__tests__/fixtures';
import { useSessionStore } from '@/data/session-store';
import { ItemMarket } from '../components/item-market';
import { signInForTests } from './helpers';

let sent: { path: string; body: unknown }[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      sent.push({ path, body: JSON.parse(String(init.body)) });
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  useSessionStore.getState().signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderShare() {
  render(
    <MemoryRouter>
      <ItemMarket
        item={makeItem({ id: 5, title: 'Saturn Drift', saleKind: 'now' })}
        ownedByYou={false}
        bids={[]}
        onBid={vi.fn()}
        onBuy={vi.fn()}
      />
    </MemoryRouter>,
  );
}

describe("the item's share button", () => {
  it('signed in, records the share once the link is copied', async () => {
    signInForTests();
    const user = userEvent.setup();
    const copied = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(sent).toEqual([{ path: '/api/shares', body: { itemId: 5 } }]));
    expect(copied).toHaveBeenCalledWith(expect.stringContaining('5'));
  });

  it('records nothing when the share sheet is closed unshared, or signed out', async () => {
    signInForTests();
    const user = userEvent.setup();
    const sheet = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share: sheet }));
    renderShare();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(sheet).toHaveBeenCalled());
    useSessionStore.getState().signOut();
    const shared = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share: shared }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(shared).toHaveBeenCalled());
    await new Promise((done) => setTimeout(done, 0));
    expect(sent).toEqual([]);
  });
});
