// @vitest-environment node
// docs/product.md "Explore items", "Records and fields"; docs/product.md "Explore one/two
// filters": the pure filter logic, URL parsing and writing.
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  EMPTY_FILTERS,
  exploreHref,
  hasExploreParams,
  isEmptyFilters,
  normaliseQuery,
  parseExploreParams,
  toExploreSearch,
  toItemQuery,
  withFilter,
  type ExploreState,
} from '../filters';

const parse = (search: string, fields?: Parameters<typeof parseExploreParams>[1]) =>
  parseExploreParams(new URLSearchParams(search), fields);

const state = (patch: Partial<ExploreState> = {}): ExploreState => ({
  ...EMPTY_FILTERS,
  page: 1,
  ...patch,
});

describe('parseExploreParams (URL -> filters)', () => {
  it('reads every filter with its values (docs/product.md "Records and fields")', () => {
    expect(parse('q=violet&category=art&items=auctions&sort=low&type=games&page=2')).toEqual({
      q: 'violet',
      category: 'art',
      sale: 'auctions',
      sort: 'low',
      type: 'games',
      page: 2,
    });
  });

  it('accepts each Categories, Items and Sort By value', () => {
    for (const c of ['art', 'domain', 'music', 'sports', 'trading', 'virtual']) {
      expect(parse(`category=${c}`).category).toBe(c);
    }
    for (const s of ['now', 'auctions', 'offers']) expect(parse(`items=${s}`).sale).toBe(s);
    for (const s of ['top', 'low']) expect(parse(`sort=${s}`).sort).toBe(s);
    for (const t of ['games', 'art', 'music', 'video', 'memes'])
      expect(parse(`type=${t}`).type).toBe(t);
  });

  it('reads unknown or mistyped values as "any", so a bad link still shows results', () => {
    expect(parse('category=paintings&items=free&sort=newest&type=sports&page=abc')).toEqual(
      state(),
    );
    expect(parse('category=ART&sort=%20top%20').category).toBe('art');
    expect(parse('sort=%20top%20').sort).toBe('top');
  });

  it('reads a page only when it is a positive whole number', () => {
    expect(parse('page=3').page).toBe(3);
    for (const bad of ['0', '-2', '2.5', 'two', '', '1e3'])
      expect(parse(`page=${bad}`).page).toBe(1);
  });

  it('collapses spaces in the text query and cuts it at 100 characters', () => {
    expect(parse('q=%20%20neon%20%20%20cat%20').q).toBe('neon cat');
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
    expect(normaliseQuery(undefined)).toBe('');
  });

  it("reads only the fields a screen shows (explore one ignores explore three's chips)", () => {
    const one = parse('type=games&sort=top', ['q', 'category', 'sale', 'sort']);
    expect(one.type).toBeNull();
    expect(one.sort).toBe('top');
    const three = parse('category=art&type=games', ['q', 'sort', 'type']);
    expect(three.category).toBeNull();
    expect(three.type).toBe('games');
  });
});

describe('toExploreSearch (filters -> URL)', () => {
  it('writes a canonical query: fixed order, defaults and page 1 left out', () => {
    expect(toExploreSearch(state())).toBe('');
    expect(toExploreSearch(state({ sort: 'top', q: 'neon cat', category: 'music', page: 1 }))).toBe(
      'q=neon+cat&category=music&sort=top',
    );
    expect(toExploreSearch(state({ sale: 'offers', type: 'memes', page: 3 }))).toBe(
      'items=offers&type=memes&page=3',
    );
  });

  it('round-trips through parse', () => {
    const s = state({
      q: 'violet',
      category: 'art',
      sale: 'now',
      sort: 'low',
      type: 'art',
      page: 2,
    });
    expect(parse(toExploreSearch(s))).toEqual(s);
  });

  it('builds hrefs on the screen path', () => {
    expect(exploreHref('/explore-two', state())).toBe('/explore-two');
    expect(exploreHref('/explore-two', state({ sort: 'top' }))).toBe('/explore-two?sort=top');
  });

  it('knows whether a URL carries any explore parameter', () => {
    expect(hasExploreParams(new URLSearchParams(''))).toBe(false);
    expect(hasExploreParams(new URLSearchParams('utm=x'))).toBe(false);
    expect(hasExploreParams(new URLSearchParams('page=2'))).toBe(true);
    expect(hasExploreParams(new URLSearchParams('q='))).toBe(true);
  });
});

describe('combining filters', () => {
  it('keeps the other filters and returns to page 1 when one changes', () => {
    const next = withFilter(state({ category: 'art', sort: 'top', page: 2 }), { sale: 'now' });
    expect(next).toEqual(state({ category: 'art', sort: 'top', sale: 'now', page: 1 }));
  });

  it('turns every chosen filter into one data query (they combine)', () => {
    expect(
      toItemQuery(
        state({ q: 'bloom', category: 'art', sale: 'now', sort: 'low', type: 'games', page: 2 }),
        8,
      ),
    ).toEqual({
      q: 'bloom',
      category: 'Games',
      marketCategory: 'art',
      saleKind: 'now',
      sort: 'low',
      page: 2,
      pageSize: 8,
    });
    expect(toItemQuery(state(), 9)).toEqual({
      q: undefined,
      category: null,
      marketCategory: null,
      saleKind: null,
      sort: null,
      page: 1,
      pageSize: 9,
    });
  });

  it('counts the filters that narrow the results (sort does not)', () => {
    expect(activeFilterCount(state({ sort: 'top' }))).toBe(0);
    expect(isEmptyFilters(state({ sort: 'top' }))).toBe(false);
    expect(activeFilterCount(state({ q: 'x', category: 'art', sale: 'now', type: 'art' }))).toBe(4);
    expect(isEmptyFilters(state())).toBe(true);
  });
});
