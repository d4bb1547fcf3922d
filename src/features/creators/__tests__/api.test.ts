// @vitest-environment node
// The creators feature's data (docs/product.md "Creators and profiles": the list 9 per page, a
// profile with a fallback for unknown ids; `/creator-profile` is the local user's own profile).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeCreator, sampleFixture } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { loadCreatorProfile, loadCreatorsPage, parseCreatorId, parsePage } from '../api';

let data: DeviceDataAccess;

beforeEach(() => {
  const sample = sampleFixture();
  // 12 creators: two pages of 9.
  sample.creators = Array.from({ length: 12 }, (_, i) =>
    makeCreator({ id: i + 1, name: `Creator ${i + 1}` }),
  );
  data = freshStore(sample).data;
  setDataAccessForTests(data);
});
afterEach(() => setDataAccessForTests(null));

describe('parsePage / parseCreatorId', () => {
  it('accepts positive page numbers only', () => {
    expect(parsePage('2')).toBe(2);
    for (const raw of [null, '', '0', '-1', '1.5', 'abc']) expect(parsePage(raw)).toBe(1);
  });
  it('accepts non-negative integer ids only', () => {
    expect(parseCreatorId('7')).toBe(7);
    expect(parseCreatorId('0')).toBe(0);
    for (const raw of [undefined, '', '-1', '1e3', 'abc', '2.5']) {
      expect(parseCreatorId(raw)).toBeNull();
    }
  });
});

describe('Creators list (docs/product.md "Fixed values": creators grid max 9)', () => {
  it('pages all creators 9 at a time', async () => {
    const first = await loadCreatorsPage(1);
    expect(first.items).toHaveLength(9);
    expect(first.pageCount).toBe(2);
    const second = await loadCreatorsPage(2);
    expect(second.items.map((c) => c.id)).toEqual([10, 11, 12]);
  });
});

describe('Creator profile', () => {
  it('loads a creator with their items, and an unknown id as unknown', async () => {
    const profile = await loadCreatorProfile('2');
    expect(profile).toMatchObject({ kind: 'creator', own: false, creator: { name: 'Creator 2' } });
    if (profile.kind !== 'creator') throw new Error('expected a creator');
    expect(profile.created.items.map((i) => i.title)).toEqual(['Café Dreams', 'Neon Cat']);
    expect(await loadCreatorProfile('999')).toEqual({ kind: 'unknown', requested: '999' });
    expect(await loadCreatorProfile('abc')).toEqual({ kind: 'unknown', requested: 'abc' });
  });

  it('without an id shows your own profile with favourites and follows', async () => {
    await data.toggleFavourite(4);
    await data.toggleFollow(3);
    const profile = await loadCreatorProfile(undefined);
    if (profile.kind !== 'creator') throw new Error('expected a creator');
    expect(profile.own).toBe(true);
    expect(profile.saved).toBe(false);
    expect(profile.creator.id).toBe(0);
    expect(profile.favourites.map((i) => i.id)).toEqual([4]);
    expect(profile.following.map((c) => c.id)).toEqual([3]);
    expect((await loadCreatorProfile('0')).kind).toBe('creator');
  });

  it('uses the saved creator profile and the profile name when there are any', async () => {
    await data.saveProfileSection('personal', { firstName: 'Rae', lastName: 'Lin' });
    const unsaved = await loadCreatorProfile(undefined);
    expect(unsaved).toMatchObject({ creator: { name: 'Rae Lin' }, saved: false });
    await data.createCreatorProfile({ name: 'Rae the Maker' });
    const saved = await loadCreatorProfile(undefined);
    expect(saved).toMatchObject({ creator: { name: 'Rae the Maker' }, saved: true });
  });
});
