// @vitest-environment node
// docs/product.md "real pagination, page in the URL": the ?page= parameter.
import { describe, expect, it } from 'vitest';
import { pageHref, pageOf, parsePage } from '../page-param';

describe('parsePage', () => {
  it('reads a positive whole page number', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('12')).toBe(12);
    expect(parsePage(' 3 ')).toBe(3);
  });

  it('reads anything else as page 1', () => {
    for (const bad of [null, undefined, '', '0', '-1', '2.5', 'abc', '1e2', '9999999']) {
      expect(parsePage(bad)).toBe(1);
    }
  });

  it('reads the page of a URL', () => {
    expect(pageOf(new URL('http://x/auction?page=2'))).toBe(2);
    expect(pageOf(new URL('http://x/auction'))).toBe(1);
  });
});

describe('pageHref', () => {
  it('adds the page past page 1 and keeps the other parameters', () => {
    expect(pageHref('/auction', 1)).toBe('/auction');
    expect(pageHref('/auction', 2)).toBe('/auction?page=2');
    expect(pageHref('/activity', 3, new URLSearchParams('filter=bids&page=9'))).toBe(
      '/activity?filter=bids&page=3',
    );
    expect(pageHref('/activity', 1, new URLSearchParams('filter=bids&page=2'))).toBe(
      '/activity?filter=bids',
    );
  });
});
