// @vitest-environment node
// The one table of each kind of sale's words (issue 31), and the figures it reads from an item.
import { describe, expect, it } from 'vitest';
import {
  bestBidText,
  isBelowBestOffer,
  saleEnd,
  SALE_KIND_TEXT,
  saleKindText,
} from '@shared/sale-kinds';
import { SALE_KINDS } from '@shared/types';
import { itemOptions } from '../sample/select-options';
import { makeItem } from './fixtures';

describe('SALE_KIND_TEXT', () => {
  it('keeps the template words where they are true', () => {
    expect(SALE_KIND_TEXT.auctions).toMatchObject({
      best: 'Highest Bid',
      endsIn: 'Auction ends in',
      bidAction: 'Bid Now',
      buyAction: 'Buy Now',
      dialogTitle: 'Place a Bid',
    });
    expect(SALE_KIND_TEXT.offers).toMatchObject({
      best: 'Best offer',
      none: 'No offers yet',
      price: null,
      bidAction: 'Make an offer',
      buyAction: null,
      endsIn: 'Listing ends in',
    });
    expect(SALE_KIND_TEXT.now).toMatchObject({
      price: 'Price',
      buyAction: 'Buy Now',
      bidAction: 'Make an offer',
      noun: 'offer',
    });
  });

  it('names explore\'s "Items" options after the kinds', () => {
    expect(itemOptions).toEqual(
      SALE_KINDS.map((value) => ({ value, label: SALE_KIND_TEXT[value].filter })),
    );
    expect(itemOptions.map((o) => o.label)).toEqual(['Buy Now', 'Auctions', 'Offers']);
  });
});

describe('the figures of an item', () => {
  const offers = makeItem({ id: 1, title: 'Tide', saleKind: 'offers', highestBidEth: '170.5' });

  it('says "No offers yet" or "No bids yet" for a zero figure', () => {
    expect(bestBidText(offers)).toBe('170.5 ETH');
    expect(bestBidText({ ...offers, highestBidEth: '0' })).toBe('No offers yet');
    expect(bestBidText({ ...offers, saleKind: 'auctions', highestBidEth: '0' })).toBe(
      'No bids yet',
    );
    expect(saleKindText(offers)).toBe(SALE_KIND_TEXT.offers);
  });

  it('tells an offer below the best one, never on an auction', () => {
    expect(isBelowBestOffer(offers, '160.5')).toBe(true);
    expect(isBelowBestOffer(offers, '170.5')).toBe(false);
    expect(isBelowBestOffer(offers, 'abc')).toBe(false);
    expect(isBelowBestOffer({ ...offers, highestBidEth: '0' }, '2')).toBe(false);
    expect(isBelowBestOffer({ ...offers, saleKind: 'auctions' }, '160.5')).toBe(false);
  });

  it('has no end for an empty end date', () => {
    expect(saleEnd({ liveDate: '' })).toBeNull();
    expect(saleEnd({ liveDate: 'soon' })).toBeNull();
  });
});
