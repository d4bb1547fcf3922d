// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { shortenAddress } from '../shorten-address';

describe('shortenAddress (docs/product.md "Fixed values": 6 + ... + 7)', () => {
  it('keeps the first 6 and last 7 characters', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234...2345678');
  });
  it('leaves short strings alone', () => {
    expect(shortenAddress('0x12345')).toBe('0x12345');
  });
  it('trims whitespace first', () => {
    expect(shortenAddress('  0xAbCdEf0000000000000000000000000000987654a ')).toBe(
      '0xAbCd...987654a',
    );
  });
});
