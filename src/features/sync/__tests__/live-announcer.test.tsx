import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { emitLiveChanges } from '@/data/sync/live-signal';
import type { Change } from '@shared/protocol';
import { LiveAnnouncer } from '../components/live-announcer';

let seq = 0;
const bid = (itemId: number, priceEth: string, status = 'active'): Change => {
  seq += 1;
  return {
    seq,
    topic: 'bid',
    key: `bid-${seq}`,
    data: {
      id: `bid-${seq}`,
      itemId,
      priceEth,
      quantity: 1,
      bidder: 'Bo',
      at: '2026-11-25T12:00:00.000Z',
      status,
    },
  };
};

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <LiveAnnouncer />
    </MemoryRouter>,
  );
  return screen.getByRole('status');
}

describe('the live announcer', () => {
  it("says a new highest bid on the item page's own item, politely", () => {
    const region = renderAt('/item-detail/5');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    act(() => emitLiveChanges([bid(6, '9')]));
    expect(region).toHaveTextContent('');
    act(() => emitLiveChanges([bid(5, '3.55', 'outbid'), bid(5, '4.8')]));
    expect(region).toHaveTextContent('New highest bid 4.8 ETH');
  });

  it('says an offer on an item that takes offers is an offer, not a highest bid (issue 31)', () => {
    const region = renderAt('/item-detail/3');
    const item: Change = { seq: 99, topic: 'item', key: '3', data: { id: 3, saleKind: 'offers' } };
    act(() => emitLiveChanges([bid(3, '160.5'), item]));
    expect(region).toHaveTextContent('New offer 160.5 ETH');
  });

  it('says nothing when an auction settles and its bids are marked won or outbid', () => {
    const region = renderAt('/item-detail/5');
    act(() => emitLiveChanges([bid(5, '4.8', 'won'), bid(5, '4.1', 'outbid')]));
    expect(region).toHaveTextContent('');
  });

  it('says any new bid on the live auctions page, and nothing elsewhere', () => {
    const region = renderAt('/auction');
    act(() => emitLiveChanges([bid(11, '7.25')]));
    expect(region).toHaveTextContent('New highest bid 7.25 ETH');
  });

  it('stays silent on a screen that shows no bids', () => {
    const region = renderAt('/blogs');
    act(() => emitLiveChanges([bid(5, '4.8')]));
    expect(region).toHaveTextContent('');
  });
});
