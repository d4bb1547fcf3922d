// docs/product.md "Explore one/two filters" (the last used filters are saved) and docs/architecture.md 5
// (version, allowlist, validation of what is read back, tested migrations).
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { EMPTY_FILTERS } from '../filters';
import {
  EXPLORE_STORE_VERSION,
  explorePersist,
  savedExploreFilters,
  useExploreStore,
} from '../store';

const { merge: mergeExplore, migrate: migrateExplore } = explorePersist;

const KEY = STORAGE_KEYS.exploreFilters;
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

afterEach(() => {
  useExploreStore.setState({ ...EMPTY_FILTERS });
  localStorage.clear();
});

describe('saving the filters', () => {
  it('writes only the filter fields (allowlist) with the store version', () => {
    useExploreStore.getState().save({ q: 'neon', category: 'music', sort: 'top' });
    expect(stored()).toEqual({
      state: { q: 'neon', category: 'music', sale: null, sort: 'top', type: null },
      version: EXPLORE_STORE_VERSION,
    });
  });

  it('saves only the fields a screen passes, keeping the others', () => {
    useExploreStore.getState().save({ category: 'art', sale: 'now' });
    useExploreStore.getState().save({ type: 'games', q: '' });
    expect(savedExploreFilters()).toEqual({
      ...EMPTY_FILTERS,
      category: 'art',
      sale: 'now',
      type: 'games',
    });
  });

  it('never saves anything but the known fields', () => {
    useExploreStore.getState().save({ sort: 'low', evil: 'x' } as never);
    expect(Object.keys((stored() as { state: object }).state).sort()).toEqual([
      'category',
      'q',
      'sale',
      'sort',
      'type',
    ]);
  });

  it('forgets everything on reset (Clear filters)', () => {
    useExploreStore.getState().save({ q: 'x', sort: 'top' });
    useExploreStore.getState().reset();
    expect(savedExploreFilters()).toEqual(EMPTY_FILTERS);
    expect((stored() as { state: object }).state).toEqual(EMPTY_FILTERS);
  });
});

describe('reading the saved filters back', () => {
  const current = { ...EMPTY_FILTERS, save: () => undefined, reset: () => undefined };

  it('keeps every valid field', () => {
    const merged = mergeExplore(
      { q: 'violet', category: 'art', sale: 'offers', sort: 'low', type: 'memes' },
      current,
    );
    expect(merged).toMatchObject({
      q: 'violet',
      category: 'art',
      sale: 'offers',
      sort: 'low',
      type: 'memes',
    });
    expect(merged.save).toBe(current.save);
  });

  it('resets a corrupt field to its default and keeps the rest, key by key', () => {
    const merged = mergeExplore(
      { q: 42, category: 'paintings', sale: 'now', sort: ['top'], type: null, extra: 'x' },
      current,
    );
    expect(merged).toMatchObject({ q: '', category: null, sale: 'now', sort: null, type: null });
    expect(merged).not.toHaveProperty('extra');
  });

  it('normalises a stored query and refuses an absurdly long one', () => {
    expect(mergeExplore({ q: '  neon   cat ' }, current).q).toBe('neon cat');
    expect(mergeExplore({ q: 'x'.repeat(5000) }, current).q).toBe('');
  });

  it('ignores a value that is not an object', () => {
    expect(mergeExplore('garbage', current)).toEqual(current);
    expect(mergeExplore(null, current)).toEqual(current);
  });

  it('rehydrates from localStorage, dropping corrupt JSON', async () => {
    localStorage.setItem(
      KEY,
      JSON.stringify({ state: { sort: 'top', category: 'nope' }, version: EXPLORE_STORE_VERSION }),
    );
    await useExploreStore.persist.rehydrate();
    expect(savedExploreFilters()).toEqual({ ...EMPTY_FILTERS, sort: 'top' });

    localStorage.setItem(KEY, '{not json');
    useExploreStore.setState({ ...EMPTY_FILTERS });
    await useExploreStore.persist.rehydrate();
    expect(savedExploreFilters()).toEqual(EMPTY_FILTERS);
  });
});

describe('migrations', () => {
  it('passes a current-version state through unchanged', () => {
    const state = { q: 'a', category: 'art', sale: null, sort: 'top', type: null };
    expect(migrateExplore(state, EXPLORE_STORE_VERSION)).toEqual(state);
  });

  it('drops a state from a newer version or from one with no migration step', () => {
    expect(migrateExplore({ sort: 'top' }, EXPLORE_STORE_VERSION + 1)).toEqual({});
    expect(migrateExplore({ sort: 'top' }, 0)).toEqual({});
  });

  it('drops something that is not an object', () => {
    expect(migrateExplore('sort=top', EXPLORE_STORE_VERSION)).toEqual({});
  });

  it('starts from the defaults when an old-version entry is read back', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { sort: 'top' }, version: 0 }));
    await useExploreStore.persist.rehydrate();
    expect(savedExploreFilters()).toEqual(EMPTY_FILTERS);
  });
});
