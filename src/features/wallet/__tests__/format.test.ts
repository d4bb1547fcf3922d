// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatEthAmount, formatEther, parseQuantity } from '../format';

const ETH = 10n ** 18n;

describe('formatEther: wei to ETH, exact (no floating point)', () => {
  it('formats whole and fractional amounts with every digit kept', () => {
    expect(formatEther(0n)).toBe('0');
    expect(formatEther(1n)).toBe('0.000000000000000001');
    expect(formatEther(ETH)).toBe('1');
    expect(formatEther(10_000n * ETH)).toBe('10000');
    expect(formatEther(1_234_567_891_234_567_891_234n)).toBe('1234.567891234567891234');
  });

  it('stays exact where floating point would not', () => {
    // 0.1 + 0.2 ETH: in doubles 0.30000000000000004
    expect(formatEther(ETH / 10n + (2n * ETH) / 10n)).toBe('0.3');
    // 2^53 + 1 wei cannot be held in a double.
    expect(formatEther(9_007_199_254_740_993n)).toBe('0.009007199254740993');
    expect(formatEther(2n ** 256n - 1n)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    );
  });

  it('keeps the sign of a negative amount', () => {
    expect(formatEther(-1_500_000_000_000_000_000n)).toBe('-1.5');
  });
});

describe('formatEthAmount: for display', () => {
  it('groups thousands and keeps at most 4 decimals, rounding down', () => {
    expect(formatEthAmount(1_234_567_891_234_567_891_234n)).toBe('1,234.5678');
    expect(formatEthAmount(999_999_999_999_999_999n)).toBe('0.9999');
    expect(formatEthAmount(10_000n * ETH)).toBe('10,000');
    expect(formatEthAmount(ETH + ETH / 2n)).toBe('1.5');
    expect(formatEthAmount(0n)).toBe('0');
  });

  it('says "< 0.0001" for a dust amount instead of a misleading 0', () => {
    expect(formatEthAmount(1n)).toBe('< 0.0001');
    expect(formatEthAmount(99_999_999_999_999n)).toBe('< 0.0001');
    expect(formatEthAmount(100_000_000_000_000n)).toBe('0.0001');
  });

  it('takes another number of decimals', () => {
    expect(formatEthAmount(1_234_567_891_234_567_891_234n, 2)).toBe('1,234.56');
    expect(formatEthAmount(1_234_567_891_234_567_891_234n, 0)).toBe('1,234');
  });
});

describe('parseQuantity', () => {
  it('reads JSON-RPC hex quantities as bigint', () => {
    expect(parseQuantity('0x0')).toBe(0n);
    expect(parseQuantity('0x21e19e0c9bab2400000')).toBe(10_000n * ETH);
  });
  it('rejects anything else', () => {
    for (const bad of ['', '0x', '21e1', '0xzz', 12, null, undefined, '0x1.5']) {
      expect(parseQuantity(bad)).toBeNull();
    }
  });
});
