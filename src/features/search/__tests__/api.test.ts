// @vitest-environment node
// Where each kind of search hit opens (docs/product.md "Search box").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import { hrefForHit, searchSuggestions } from '../api';

beforeEach(() => setDataAccessForTests(freshStore().data));
afterEach(() => setDataAccessForTests(null));

describe('searchSuggestions', () => {
  it('finds every kind and gives each the page it opens', async () => {
    const hits = await searchSuggestions('red');
    const byKind = new Map(hits.map((h) => [h.kind, h.href]));
    expect(byKind.get('item')).toMatch(/^\/item-detail\/\d+$/);
    expect(byKind.get('creator')).toBe('/creator-profile/3');
    expect(byKind.get('collection')).toBe('/collections');
    expect(byKind.get('blog')).toBe('/blog-detail/2');
  });
  it('returns nothing for a blank query', async () => {
    expect(await searchSuggestions('   ')).toEqual([]);
  });
  it('maps hits to config paths', () => {
    const hit = { id: 5, title: 't', subtitle: 's', image: 'i' };
    expect(hrefForHit({ ...hit, kind: 'item' })).toBe('/item-detail/5');
    expect(hrefForHit({ ...hit, kind: 'blog' })).toBe('/blog-detail/5');
  });
});
