// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addEth, compareEth, formatWei, normalizeEth, parseEthToWei } from '../decimal';
import { minimumBidEth } from '../market';

describe('parseEthToWei', () => {
  it('reads whole and decimal amounts exactly', () => {
    expect(parseEthToWei('1')).toBe(10n ** 18n);
    expect(parseEthToWei('3.55')).toBe(3_550_000_000_000_000_000n);
    expect(parseEthToWei('0.004')).toBe(4_000_000_000_000_000n);
    expect(parseEthToWei('.5')).toBe(500_000_000_000_000_000n);
    expect(parseEthToWei(' 2. ')).toBe(2n * 10n ** 18n);
    expect(parseEthToWei('0.000000000000000001')).toBe(1n);
  });

  it('rejects what is not a plain non-negative decimal', () => {
    for (const bad of [
      '',
      '.',
      '-1',
      '1e3',
      '1,5',
      'abc',
      '1.2.3',
      '0.0000000000000000001',
      '+1',
    ]) {
      expect(parseEthToWei(bad), bad).toBeNull();
    }
  });
});

describe('formatWei', () => {
  it('drops trailing zeros and rounds half up to the given decimals', () => {
    expect(formatWei(1_270_000_000_000_000_000n)).toBe('1.27');
    expect(formatWei(2n * 10n ** 18n)).toBe('2');
    expect(formatWei(1_234_550_000_000_000_000n)).toBe('1.2346');
    expect(formatWei(1_234_549_999_999_999_999n)).toBe('1.2345');
    expect(formatWei(999_960_000_000_000_000n)).toBe('1');
    expect(formatWei(1n, 18)).toBe('0.000000000000000001');
    expect(formatWei(1_500_000_000_000_000_000n, 0)).toBe('2');
    expect(formatWei(-1_500_000_000_000_000_000n)).toBe('-1.5');
  });
});

describe('compareEth and addEth', () => {
  it('adds without float error: 1.22 + 0.05 = 1.27 and 0.1 + 0.2 = 0.3', () => {
    expect(addEth('1.22', '0.05')).toBe('1.27');
    expect(addEth('0.1', '0.2')).toBe('0.3');
    expect(addEth('3.5', '0.000000000000000001')).toBe('3.500000000000000001');
  });

  it('compares exactly, whatever the notation', () => {
    expect(compareEth('3.55', '3.5')).toBe(1);
    expect(compareEth('1.22', '1.220')).toBe(0);
    expect(compareEth('1.219999999999999999', '1.22')).toBe(-1);
    expect(compareEth('10', '9.99')).toBe(1);
  });

  it('throws a RangeError on invalid amounts', () => {
    expect(() => compareEth('abc', '1')).toThrow(RangeError);
    expect(() => addEth('1', '-1')).toThrow(RangeError);
  });

  it('normalizes to the shortest exact form', () => {
    expect(normalizeEth('01.50')).toBe('1.5');
    expect(normalizeEth('1.5x')).toBeNull();
  });
});

describe('the minimum bid (docs/product.md "The server decides")', () => {
  it('is the highest bid plus 0.01 ETH on an auction, with two decimals at least', () => {
    expect(minimumBidEth({ saleKind: 'auctions', highestBidEth: '3.55' })).toBe('3.56');
    expect(minimumBidEth({ saleKind: 'auctions', highestBidEth: '4.99' })).toBe('5.00');
    expect(minimumBidEth({ saleKind: 'auctions', highestBidEth: '1.255' })).toBe('1.265');
    expect(minimumBidEth({ saleKind: 'auctions', highestBidEth: '0' })).toBe('0.01');
  });

  it('is the 1.22 ETH minimum offer on any other item', () => {
    expect(minimumBidEth({ saleKind: 'offers', highestBidEth: '9' })).toBe('1.22');
    expect(minimumBidEth({ saleKind: 'now', highestBidEth: '0' })).toBe('1.22');
  });
});
