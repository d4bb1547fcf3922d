// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  baseFavouriteCount,
  filterActivity,
  filterItems,
  foldText,
  matchesText,
  paginate,
  rankMatch,
  rankSearch,
  runningAuctions,
  sortAuctions,
  sortItems,
  type SearchCandidate,
} from '@shared/query';
import type { Item } from '@shared/types';
import { makeItem, NOW, sampleFixture } from './fixtures';

const items = sampleFixture().items;
const ids = (list: { id: number }[]) => list.map((x) => x.id);

describe('text matching', () => {
  it('ignores case and accents in both directions', () => {
    expect(foldText('Café ÉTÉ')).toBe('cafe ete');
    expect(matchesText(['Café Dreams'], 'cafe')).toBe(true);
    expect(matchesText(['Cafe Dreams'], 'CAFÉ')).toBe(true);
    expect(matchesText(['Cafe Dreams'], 'tea')).toBe(false);
  });

  it('needs every word, each in any field', () => {
    expect(matchesText(['Red Planet', 'Redmond Ray'], 'planet ray')).toBe(true);
    expect(matchesText(['Red Planet', 'Redmond Ray'], 'planet moon')).toBe(false);
  });
});

describe('filterItems', () => {
  it('searches title, creator name, handle, category and description', () => {
    expect(ids(filterItems(items, { q: 'smoke' }))).toEqual([1, 5]);
    expect(ids(filterItems(items, { q: 'bo chen' }))).toEqual([2, 4]);
    expect(ids(filterItems(items, { q: '@redmond' }))).toEqual([5]);
    expect(ids(filterItems(items, { q: 'memes' }))).toEqual([4]);
    expect(ids(filterItems(items, { q: 'cafe' }))).toEqual([2]);
  });

  it('combines every filter that is set', () => {
    expect(ids(filterItems(items, { category: 'Art' }))).toEqual([1, 5]);
    expect(ids(filterItems(items, { category: 'Art', q: 'planet' }))).toEqual([5]);
    expect(ids(filterItems(items, { saleKind: 'auctions', marketCategory: 'music' }))).toEqual([2]);
    expect(ids(filterItems(items, { saleKind: 'auctions', category: 'Art' }))).toEqual([]);
    expect(ids(filterItems(items, { creatorId: 2 }))).toEqual([2, 4]);
    expect(ids(filterItems(items, { category: null, q: '  ' }))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('sortItems', () => {
  it('sorts by rating and keeps data order on ties (stable)', () => {
    expect(ids(sortItems(items, 'top'))).toEqual([2, 1, 3, 5, 4]);
    expect(ids(sortItems(items, 'low'))).toEqual([4, 1, 3, 5, 2]);
    expect(ids(sortItems(items, null))).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('paginate', () => {
  const list = Array.from({ length: 10 }, (_, i) => i + 1);

  it('returns the page asked for with totals', () => {
    expect(paginate(list, 2, 4, 8)).toEqual({
      items: [5, 6, 7, 8],
      total: 10,
      page: 2,
      pageCount: 3,
      pageSize: 4,
    });
    expect(paginate(list, 3, 4, 8).items).toEqual([9, 10]);
  });

  it('clamps out-of-range pages and repairs bad sizes', () => {
    expect(paginate(list, 99, 4, 8).page).toBe(3);
    expect(paginate(list, 0, 4, 8).page).toBe(1);
    expect(paginate(list, Number.NaN, 4, 8).page).toBe(1);
    expect(paginate(list, undefined, 0, 8).pageSize).toBe(8);
    expect(paginate([], 5, 4, 8)).toMatchObject({ items: [], page: 1, pageCount: 1, total: 0 });
  });
});

describe('sortAuctions', () => {
  it('puts running auctions first, soonest ending first, then ended ones', () => {
    expect(ids(sortAuctions(items, NOW))).toEqual([2, 1, 5, 3]);
  });
});

describe('runningAuctions (the Live Auction page, issue 31)', () => {
  const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();
  const auction = (id: number, hours: number, fields: Partial<Item> = {}) =>
    makeItem({ id, title: `A${id}`, saleKind: 'auctions', liveDate: at(hours), ...fields });

  it('keeps only auctions still running, ending soonest first', () => {
    const list = [
      auction(1, 3),
      auction(2, 1),
      auction(3, -1),
      auction(4, 2, { settledAt: at(-1) }),
      auction(5, 2, { soldTo: 'Bo' }),
      auction(6, 2, { unlisted: true }),
      auction(7, 0.5),
      makeItem({ id: 8, title: 'Offers', saleKind: 'offers', liveDate: at(0.2) }),
      makeItem({ id: 9, title: 'Fixed', saleKind: 'now', liveDate: at(0.1) }),
      makeItem({ id: 10, title: 'No end', saleKind: 'now', liveDate: '' }),
    ];
    expect(ids(runningAuctions(list, NOW))).toEqual([7, 2, 1]);
  });
});

describe('search ranking', () => {
  it('ranks starts-with, then word starts-with, then contains', () => {
    expect(rankMatch('Red Planet', 'red')).toBe(0);
    expect(rankMatch('Abstract Smoke Red', 'red')).toBe(1);
    expect(rankMatch('Scarlet', 'lett')).toBeNull();
    expect(rankMatch('Infrared', 'red')).toBe(2);
    expect(rankMatch('Blue', 'red')).toBeNull();
  });

  it('orders hits by rank, keeps input order on ties, and honours the limit', () => {
    const candidate = (id: number, title: string): SearchCandidate => ({
      hit: { kind: 'item', id, title, subtitle: '', image: '' },
      texts: [title],
    });
    const list = [
      candidate(1, 'Infrared'),
      candidate(2, 'Abstract Red'),
      candidate(3, 'Red Planet'),
      candidate(4, 'Reddish'),
      candidate(5, 'Blue'),
    ];
    expect(ids(rankSearch(list, 'red', 8))).toEqual([3, 4, 2, 1]);
    expect(ids(rankSearch(list, 'red', 2))).toEqual([3, 4]);
    expect(rankSearch(list, '   ', 8)).toEqual([]);
  });
});

describe('filterActivity', () => {
  const entries = sampleFixture().activity;

  it('combines tags with OR, none means all, newest first', () => {
    expect(filterActivity(entries).map((e) => e.id)).toEqual(['s2', 's1']);
    expect(filterActivity(entries, { tags: ['Sales'] }).map((e) => e.id)).toEqual(['s1']);
    expect(filterActivity(entries, { tags: ['Sales', 'Music'] }).map((e) => e.id)).toEqual([
      's2',
      's1',
    ]);
    expect(filterActivity(entries, { tags: ['Burns'] })).toEqual([]);
    expect(filterActivity(entries, { itemId: 4 }).map((e) => e.id)).toEqual(['s2']);
  });
});

describe('baseFavouriteCount', () => {
  it('is a fixed positive number for sample items and 0 for created ones', () => {
    const item = makeItem({ id: 7, title: 'x' });
    expect(baseFavouriteCount(item)).toBe(baseFavouriteCount(item));
    expect(baseFavouriteCount(item)).toBeGreaterThan(0);
    expect(baseFavouriteCount({ ...item, userCreated: true })).toBe(0);
  });
});
