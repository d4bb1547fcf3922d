// @vitest-environment node
// The one model of whether a sale is open (sale-state.ts) and the words a refusal without its own
// is given on the device (refusal-words.ts). The checks themselves run against the server in
// server/market/market.test.ts and sale-rules.test.ts.
import { describe, expect, it } from 'vitest';
import { refusalFallback } from '../refusal-words';
import { saleState } from '../sale-state';
import type { Item } from '../types';

const AT = '2026-03-01T12:00:00.000Z';
const END = Date.parse(AT);
const item = (fields: Partial<Item>) => ({
  saleKind: 'now' as const,
  liveDate: AT,
  date: AT,
  ...fields,
});

describe('whether a sale is open', () => {
  it('is open until the server says otherwise, or the clock passes the end', () => {
    expect(saleState(item({}), null)).toEqual({ kind: 'open' });
    expect(saleState(item({}), END - 1)).toEqual({ kind: 'open' });
    expect(saleState(item({}), END)).toEqual({ kind: 'expired' });
    // No end: on sale until it sells or is unlisted.
    expect(saleState(item({ liveDate: '', date: undefined }), END * 2)).toEqual({ kind: 'open' });
  });

  it("reads unlisted first, then sold, then the end, in the server's order", () => {
    expect(saleState(item({ soldTo: 'Bob', unlisted: true }), END)).toEqual({ kind: 'unlisted' });
    expect(saleState(item({ soldTo: 'Bob' }), END)).toEqual({ kind: 'sold', buyer: 'Bob' });
    const settled = item({ saleKind: 'auctions', settledAt: AT, soldTo: 'Bob', unlisted: true });
    expect(saleState(settled, null)).toEqual({ kind: 'unlisted' });
  });

  it('ends an auction once settled, or past its end by the clock; a bid or Buy Now won it', () => {
    const auction = item({ saleKind: 'auctions' });
    expect(saleState(auction, null)).toEqual({ kind: 'open' });
    expect(saleState(auction, END)).toEqual({
      kind: 'ended',
      settled: false,
      winner: null,
      byBid: false,
    });
    const won = { ...auction, settledAt: AT, soldTo: 'Bob' };
    expect(saleState(won, null, [{ status: 'won' }])).toEqual({
      kind: 'ended',
      settled: true,
      winner: 'Bob',
      byBid: true,
    });
    expect(saleState(won, null, [{ status: 'outbid' }])).toMatchObject({ byBid: false });
  });
});

describe('the words of a refusal that came without its own', () => {
  it("are the sale's own check's words", () => {
    expect(refusalFallback('bid', 'outbid')).toBe('You were outbid: bid again, higher.');
    expect(refusalFallback('bid', 'too-low')).toBe('The minimum offer is 1.22 ETH.');
    expect(refusalFallback('bid', 'sold')).toBe(
      'This item is already sold, so it takes no more offers.',
    );
    expect(refusalFallback('bid', 'ended')).toBe('This auction has ended.');
    expect(refusalFallback('checkout', 'sold')).toBe('This item is already sold.');
    expect(refusalFallback('checkout', 'forbidden')).toBe('You already own this item.');
    expect(refusalFallback('accept-offer', 'forbidden')).toBe(
      'Only the owner of this item can answer its offers.',
    );
    expect(refusalFallback('unlist', 'not-found')).toBe('This item no longer exists.');
  });

  it("are the code's own for what is no sale, and for a conflict or an old app", () => {
    expect(refusalFallback('favourite', 'not-found')).toBe('This no longer exists on the server.');
    expect(refusalFallback('follow', 'forbidden')).toBe('Only the owner can make this change.');
    expect(refusalFallback('bid', 'invalid')).toBe(
      'The server could not accept this change: check it and make it again.',
    );
    expect(refusalFallback('checkout', 'version')).toBe(
      'This app is out of date: reload to update, then make the change again.',
    );
    expect(refusalFallback('accept-offer', 'conflict')).toBe(
      'This clashed with a newer change on the server: make it again.',
    );
  });
});
