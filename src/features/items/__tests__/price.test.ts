// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BID_MIN_MESSAGE,
  BID_PRICE_FORMAT_MESSAGE,
  BID_PRICE_REQUIRED_MESSAGE,
  BID_QUANTITY_MAX_MESSAGE,
  BID_QUANTITY_MESSAGE,
  bidTotal,
  ethToUsd,
  validateBidForm,
} from '../price';

describe('bid rules (docs/product.md "Fixed values": minimum 1.22 ETH, fee 0.05 ETH, at most 5)', () => {
  it('accepts the minimum bid and the maximum quantity', () => {
    expect(validateBidForm({ price: '1.22', quantity: '5' })).toEqual({});
    expect(validateBidForm({ price: ' 3.5 ', quantity: '1' })).toEqual({});
  });

  it('refuses a bid below the minimum, exactly (1.2199... is below)', () => {
    expect(validateBidForm({ price: '1.21', quantity: '1' })).toEqual({ price: BID_MIN_MESSAGE });
    expect(validateBidForm({ price: '1.219999999999999999', quantity: '1' }).price).toBe(
      BID_MIN_MESSAGE,
    );
  });

  it('explains an empty or unreadable price', () => {
    expect(validateBidForm({ price: '', quantity: '1' }).price).toBe(BID_PRICE_REQUIRED_MESSAGE);
    expect(validateBidForm({ price: '1e3', quantity: '1' }).price).toBe(BID_PRICE_FORMAT_MESSAGE);
    expect(validateBidForm({ price: '-2', quantity: '1' }).price).toBe(BID_PRICE_FORMAT_MESSAGE);
  });

  it('refuses more than 5 editions with its own message, and non-whole quantities', () => {
    expect(validateBidForm({ price: '2', quantity: '6' })).toEqual({
      quantity: BID_QUANTITY_MAX_MESSAGE,
    });
    for (const quantity of ['0', '1.5', '', 'two', '-1']) {
      expect(validateBidForm({ price: '2', quantity }).quantity).toBe(BID_QUANTITY_MESSAGE);
    }
  });

  it('totals price x quantity + fee without float rounding', () => {
    expect(bidTotal('1.22', '1')).toBe('1.27');
    expect(bidTotal('0.1', '3')).toBe('0.35');
    expect(bidTotal('1.1', '3')).toBe('3.35');
    expect(bidTotal('', '1')).toBeNull();
    expect(bidTotal('2', 'x')).toBeNull();
    expect(bidTotal('2', '0')).toBeNull();
  });
});

describe('USD at the one sample rate (3.5 ETH = $4,659.75)', () => {
  it('converts the sample price exactly and others proportionally', () => {
    expect(ethToUsd('3.5')).toBe('$4,659.75');
    expect(ethToUsd('7')).toBe('$9,319.50');
    expect(ethToUsd('1')).toBe('$1,331.36');
    expect(ethToUsd('0')).toBe('$0.00');
    expect(ethToUsd('abc')).toBeNull();
  });
});
