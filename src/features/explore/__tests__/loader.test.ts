// @vitest-environment node
// docs/product.md "Explore one/two filters": saved filters are restored only when a screen is opened
// with none in the URL, never over the back button and never with filters the screen lacks.
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from '../filters';
import { restoreTarget, savedFor } from '../loader';
import { EXPLORE_CONFIGS } from '../variants';

const url = (path: string) => new URL(path, 'http://localhost');
const saved = {
  ...EMPTY_FILTERS,
  category: 'art' as const,
  sort: 'top' as const,
  type: 'games' as const,
};

describe('restoreTarget', () => {
  it('sends a bare URL to the saved filters this screen shows', () => {
    expect(restoreTarget(EXPLORE_CONFIGS.one, url('/explore-one'), saved, false)).toBe(
      '/explore-one?category=art&sort=top',
    );
    expect(restoreTarget(EXPLORE_CONFIGS.three, url('/explore-three'), saved, false)).toBe(
      '/explore-three?sort=top&type=games',
    );
  });

  it('serves a URL that has any explore parameter as it is (a shared link wins)', () => {
    for (const path of ['/explore-one?q=x', '/explore-one?page=2', '/explore-one?sort=low']) {
      expect(restoreTarget(EXPLORE_CONFIGS.one, url(path), saved, false)).toBeNull();
    }
  });

  it('does not restore on a screen that is already open (the back button)', () => {
    expect(restoreTarget(EXPLORE_CONFIGS.one, url('/explore-one'), saved, true)).toBeNull();
  });

  it('has nothing to restore when nothing this screen shows was saved', () => {
    const onlyChip = { ...EMPTY_FILTERS, type: 'art' as const };
    expect(restoreTarget(EXPLORE_CONFIGS.two, url('/explore-two'), onlyChip, false)).toBeNull();
    expect(savedFor(EXPLORE_CONFIGS.two, onlyChip)).toEqual(EMPTY_FILTERS);
  });
});
