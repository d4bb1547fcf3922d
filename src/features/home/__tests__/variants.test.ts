// @vitest-environment node
// docs/product.md "Home pages": one config per home, composed from shared parts.
import { describe, expect, it } from 'vitest';
import { exploreWithFilters } from '@/config/paths';
import { defaultThemeFor } from '@/config/route-themes';
import { HOME_CONFIGS, HOME_IDS, homeConfigFor } from '../variants';

describe('home variants', () => {
  it('has one config per home, each with a distinct h1', () => {
    expect(HOME_CONFIGS.map((c) => c.id)).toEqual(HOME_IDS);
    expect(new Set(HOME_CONFIGS.map((c) => c.title)).size).toBe(10);
  });

  // Home one's sections are checked as a user sees them, by their headings, in tests/home.spec.ts.

  it('the account-area home has the item slider hero, best creators and hot items', () => {
    const ten = homeConfigFor('/index-ten/');
    expect(ten.hero).toBe('account');
    expect(ten.sections).toEqual(expect.arrayContaining(['bestCreators', 'hotItems']));
  });

  it('has the three hero kinds of the template among the variants', () => {
    const heroes = new Set(HOME_CONFIGS.filter((c) => c.id !== 'one').map((c) => c.hero));
    expect(heroes).toEqual(new Set(['video', 'explore', 'buySell', 'account']));
    expect(homeConfigFor('/index-three').title).toBe('Buy, sell and showcase NFTs');
  });

  it('variants three, six and nine are light', () => {
    const light = HOME_CONFIGS.filter((c) => defaultThemeFor(c.path) === 'light').map((c) => c.id);
    expect(light).toEqual(['three', 'six', 'nine']);
  });

  it('the filter form URL uses explore parameters and leaves empty ones out', () => {
    expect(exploreWithFilters({ q: ' bloom ', category: 'art', sale: 'now', sort: 'top' })).toBe(
      '/explore-one?q=bloom&category=art&items=now&sort=top',
    );
    expect(exploreWithFilters({ q: '' })).toBe('/explore-one');
  });
});
