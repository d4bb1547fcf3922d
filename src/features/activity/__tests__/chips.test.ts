// @vitest-environment node
// docs/product.md "Activities" chips; docs/product.md "Activity filter chips": they filter the
// feed, several combine, "clear" resets; the chosen chips live in the URL.
import { describe, expect, it } from 'vitest';
import type { ActivityEntry, ActivityTag } from '@shared/types';
import { ACTIVITY_CHIPS, chipsSearch, filterFeed, parseChips, toggleChip } from '../chips';

const entry = (id: string, tags: ActivityTag[]): ActivityEntry => ({
  id,
  type: 'Sale',
  at: '2026-03-01T10:00:00.000Z',
  description: id,
  image: '/x.svg',
  itemId: 1,
  tags,
});

const feed = [
  entry('music-sale', ['Sales', 'Music']),
  entry('video-bid', ['Bids', 'Video']),
  entry('art-sale', ['Sales', 'Purchased', 'Illustration']),
  entry('burn', ['Burns']),
  entry('music-listing', ['Listing', 'Music']),
];
const ids = (list: ActivityEntry[]) => list.map((e) => e.id);

describe('the chips', () => {
  it('are the template chips in the template order', () => {
    // The template's "Filter by" list, as it reads there.
    expect(ACTIVITY_CHIPS.join(', ')).toBe(
      'Purchased, Sales, Burns, Likes, Bids, Following, Listing, Music, Video, Illustration',
    );
  });
});

describe('filterFeed', () => {
  it('shows everything with no chip', () => {
    expect(ids(filterFeed(feed, []))).toEqual(ids(feed));
  });

  it('shows one kind of activity', () => {
    expect(ids(filterFeed(feed, ['Sales']))).toEqual(['music-sale', 'art-sale']);
  });

  it('adds kinds of activity together (Sales + Bids)', () => {
    expect(ids(filterFeed(feed, ['Sales', 'Bids']))).toEqual([
      'music-sale',
      'video-bid',
      'art-sale',
    ]);
  });

  it('narrows activities by medium (Sales + Music = music sales)', () => {
    expect(ids(filterFeed(feed, ['Sales', 'Music']))).toEqual(['music-sale']);
    expect(ids(filterFeed(feed, ['Sales', 'Bids', 'Music', 'Video']))).toEqual([
      'music-sale',
      'video-bid',
    ]);
  });

  it('shows a medium on its own', () => {
    expect(ids(filterFeed(feed, ['Music']))).toEqual(['music-sale', 'music-listing']);
  });

  it('can leave nothing', () => {
    expect(filterFeed(feed, ['Burns', 'Music'])).toEqual([]);
  });
});

describe('chips in the URL', () => {
  it('reads chips case-insensitively, in the template order, ignoring unknown names', () => {
    expect(parseChips(new URLSearchParams('filter=music,SALES,,nope'))).toEqual(['Sales', 'Music']);
    expect(parseChips(new URLSearchParams('filter=bids&filter=video'))).toEqual(['Bids', 'Video']);
    expect(parseChips(new URLSearchParams(''))).toEqual([]);
  });

  it('writes a canonical query with the page only past page 1', () => {
    expect(chipsSearch([])).toBe('');
    expect(chipsSearch(['Music', 'Sales'])).toBe('filter=sales%2Cmusic');
    expect(chipsSearch(['Bids'], 2)).toBe('filter=bids&page=2');
    expect(parseChips(new URLSearchParams(chipsSearch(['Video', 'Likes'])))).toEqual([
      'Likes',
      'Video',
    ]);
  });

  it('toggles a chip on and off', () => {
    expect(toggleChip(['Sales'], 'Bids')).toEqual(['Sales', 'Bids']);
    expect(toggleChip(['Sales', 'Bids'], 'Sales')).toEqual(['Bids']);
  });
});
