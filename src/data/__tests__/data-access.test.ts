// @vitest-environment node
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getDataAccess,
  loadSampleData,
  MISSING_IMAGE_SRC,
  resolveImage,
  setDataAccessForTests,
} from '../data-access';
import type { DataAccess } from '../contract/data-access';
import { makeItem } from './fixtures';

// The real sample modules are replaced by tiny ones: this checks the wiring, not the content.
vi.mock('@shared/sample/items', () => ({
  createSampleItems: (now: number) => [
    makeItem({
      id: 1,
      title: 'Wired item',
      liveDate: new Date(now + 60_000).toISOString(),
    }),
  ],
}));
vi.mock('@shared/sample/creators', async () => {
  const fixtures = await import('./fixtures');
  return {
    sampleCreators: [
      fixtures.makeCreator({ id: 1, name: 'Ana Lopez', banner: '/images/ana-banner.webp' }),
    ],
  };
});
vi.mock('@shared/sample/collections', () => ({ sampleCollections: [] }));
vi.mock('@shared/sample/blog', () => ({ sampleBlogPosts: [] }));
vi.mock('../sample/activity', () => ({
  createSampleActivity: (now: number) => [
    {
      id: 'a1',
      type: 'Sale',
      at: new Date(now).toISOString(),
      description: 'Sold',
      image: '/images/a.webp',
      itemId: 1,
      tags: ['Sales'],
    },
  ],
}));
vi.mock('../sample/wallets', () => ({
  walletProviders: [
    { id: 'metamask', title: 'MetaMask', image: '/m.webp', installUrl: 'https://metamask.io' },
  ],
}));
vi.mock('../sample/team', () => ({
  teamMembers: [{ image: '/t.webp', name: 'Tess', title: 'CEO' }],
}));
vi.mock('../sample/faqs', () => ({
  faqSections: [],
  qaEntries: [{ title: 'How does it work?', content: '...' }],
  termsEntries: [{ title: 'Terms', content: '...' }],
}));
vi.mock('@shared/sample/user', () => ({
  sampleUser: {
    name: 'Sample User',
    avatar: '/images/me.webp',
    walletString: '0x',
    balanceEth: '1',
  },
}));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  setDataAccessForTests(null);
});
afterEach(() => {
  setDataAccessForTests(null);
});

describe('loadSampleData', () => {
  it('builds the sample content as of the given time', () => {
    const now = new Date('2026-05-01T00:00:00Z');
    const sample = loadSampleData(now);
    expect(sample.items[0]?.liveDate).toBe('2026-05-01T00:01:00.000Z');
    expect(sample.activity[0]?.at).toBe(now.toISOString());
    expect(sample.qa).toHaveLength(1);
    expect(sample.localUser).toEqual({
      name: 'Sample User',
      avatar: '/images/me.webp',
      banner: '/images/ana-banner.webp',
    });
  });
});

describe('getDataAccess', () => {
  it('creates one device instance over the sample modules', async () => {
    const data = getDataAccess();
    expect(getDataAccess()).toBe(data);
    expect((await data.getItem(1))?.title).toBe('Wired item');
    expect((await data.listWalletProviders()).map((w) => w.title)).toEqual(['MetaMask']);
    expect((await data.listTeam())[0]?.name).toBe('Tess');
    expect(await data.listTerms()).toHaveLength(1);
  });

  it('can be replaced in tests', () => {
    const fake = {} as DataAccess;
    setDataAccessForTests(fake);
    expect(getDataAccess()).toBe(fake);
  });
});

describe('resolveImage', () => {
  it('passes ordinary URLs through', async () => {
    expect(await resolveImage('/images/item-1.webp')).toBe('/images/item-1.webp');
  });

  it('turns an idb: reference into an object URL, and a missing one into a placeholder', async () => {
    const ref = await getDataAccess().saveImage(
      new Blob([new Uint8Array(8)], { type: 'image/png' }),
    );
    expect(ref).toMatch(/^idb:/);
    const url = await resolveImage(ref);
    expect(url).toMatch(/^blob:/);
    expect(await resolveImage(ref)).toBe(url);
    expect(await resolveImage('idb:nothing-here')).toBe(MISSING_IMAGE_SRC);
  });
});
