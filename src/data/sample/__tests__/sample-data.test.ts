// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  FAQ_PER_SECTION,
  FAQ_SECTIONS,
  QA_ENTRIES,
  SAMPLE_BLOG_COUNT,
  SAMPLE_ITEM_COUNT,
  TEAM_SIZE,
  WALLET_PROVIDER_COUNT,
} from '@/config/constants';
import { NO_BID_ETH } from '@shared/market';
import {
  SAMPLE_HIGHEST_BID_ETH,
  SAMPLE_PRICE_ETH,
  SUB_IMAGES_PER_ITEM,
  createSampleItems,
  sampleItems,
} from '@shared/sample/items';
import { ACTIVITY_TAGS, ITEM_CATEGORIES, type BlogCategory } from '@shared/types';
import {
  ITEM_CATEGORY_BY_ID,
  listAssetPaths,
  WALLET_IDS,
} from '../../../../scripts/generate-assets.mjs';
import { createSampleActivity, sampleActivity } from '../activity';
import { blogArticleBody, sampleBlogPosts } from '@shared/sample/blog';
import { sampleCollections } from '@shared/sample/collections';
import { sampleCreators } from '@shared/sample/creators';
import { faqSections, qaEntries, termsEntries } from '../faqs';
import { categoryOptions, itemOptions, sortOptions, uploadTypeOptions } from '../select-options';
import { teamMembers } from '../team';
import { sampleUser } from '@shared/sample/user';
import { walletProviders } from '../wallets';

const NOW = Date.UTC(2026, 4, 1, 9, 30);
const ids = (list: { id: number }[]) => list.map((x) => x.id);
const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const creatorIds = new Set(ids(sampleCreators));

describe('sample items', () => {
  const items = createSampleItems(NOW);

  it('has the template counts: 12 items, ids 1..12, 3 sub-images each (index 1..3)', () => {
    expect(SAMPLE_ITEM_COUNT).toBe(12);
    expect(ids(sampleItems)).toEqual(oneToN(SAMPLE_ITEM_COUNT));
    for (const item of sampleItems) {
      expect(item.subImage.map((s) => s.index)).toEqual(oneToN(SUB_IMAGES_PER_ITEM));
      expect(new Set([item.image, ...item.subImage.map((s) => s.image)]).size).toBe(4);
    }
  });

  it('spreads categories, market categories and sale kinds', () => {
    for (const category of ITEM_CATEGORIES) {
      expect(items.filter((i) => i.category === category).length, category).toBeGreaterThanOrEqual(
        2,
      );
    }
    expect(new Set(items.map((i) => i.marketCategory)).size).toBe(categoryOptions.length);
    expect(new Set(items.map((i) => i.saleKind)).size).toBe(itemOptions.length);
  });

  it('matches each item to art drawn for its category', () => {
    for (const item of items) expect(ITEM_CATEGORY_BY_ID[item.id], item.title).toBe(item.category);
  });

  it('uses the fixed sample price, the highest bid on auctions and no offer on the others', () => {
    for (const item of items) {
      expect([item.priceEth, item.highestBidEth], item.title).toEqual([
        SAMPLE_PRICE_ETH,
        item.saleKind === 'auctions' ? SAMPLE_HIGHEST_BID_ETH : NO_BID_ETH,
      ]);
    }
  });

  it('has ratings 0-5 with one decimal, including a tie', () => {
    const ratings = items.map((i) => i.rating);
    for (const r of ratings) {
      expect(r).toBeGreaterThanOrEqual(0);
      expect(r).toBeLessThanOrEqual(5);
      expect(Math.round(r * 10) / 10).toBe(r);
    }
    expect(new Set(ratings).size).toBeLessThan(ratings.length);
  });

  it('references real creators, owners and collections, and shows the creator it names', () => {
    const collectionIds = new Set(ids(sampleCollections));
    for (const item of items) {
      expect(creatorIds.has(item.creatorId)).toBe(true);
      expect(creatorIds.has(item.ownerId)).toBe(true);
      expect(collectionIds.has(item.collectionId)).toBe(true);
      const creator = sampleCreators.find((c) => c.id === item.creatorId);
      expect([item.name, item.subtext, item.avatar]).toEqual([
        creator?.name,
        creator?.handle,
        creator?.avatar,
      ]);
    }
  });

  it('has unique, well-formed contract addresses and token ids on ETH', () => {
    expect(new Set(items.map((i) => i.contractAddress)).size).toBe(items.length);
    expect(new Set(items.map((i) => i.tokenId)).size).toBe(items.length);
    for (const item of items) {
      expect(item.contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
      expect(item.tokenId).toMatch(/^\d+$/);
      expect(item.blockchain).toBe('ETH');
    }
  });

  it('ends every auction after `now`, within a week, and is a pure function of `now`', () => {
    for (const item of items) {
      const end = Date.parse(item.liveDate);
      expect(end).toBeGreaterThan(NOW);
      expect(end - NOW).toBeLessThan(7 * 24 * 3600 * 1000);
      expect(item.date).toBe(item.liveDate);
    }
    expect(createSampleItems(NOW)).toEqual(items);
    const later = createSampleItems(NOW + 60_000);
    expect(Date.parse(later[0]?.liveDate ?? '') - Date.parse(items[0]?.liveDate ?? '')).toBe(
      60_000,
    );
  });
});

describe('sample creators and collections', () => {
  it('has more than 9 creators with unique handles, some verified', () => {
    expect(sampleCreators.length).toBeGreaterThan(9);
    expect(ids(sampleCreators)).toEqual(oneToN(sampleCreators.length));
    expect(new Set(sampleCreators.map((c) => c.handle)).size).toBe(sampleCreators.length);
    for (const c of sampleCreators) expect(c.handle).toMatch(/^@[a-z]+$/);
    expect(sampleCreators.filter((c) => c.verified)).toHaveLength(7);
    for (const c of sampleCreators) expect(Number(c.volumeEth)).toBeGreaterThan(0);
  });

  it('has 10 collections, mostly of 25 items, by real creators, each with a strip of 3', () => {
    expect(ids(sampleCollections)).toEqual(oneToN(10));
    expect(sampleCollections.filter((c) => c.items === 25).length).toBeGreaterThan(5);
    for (const c of sampleCollections) {
      expect(creatorIds.has(c.creatorId)).toBe(true);
      expect(c.subImage.map((s) => s.index)).toEqual([1, 2, 3]);
    }
  });
});

describe('sample blog', () => {
  it('has 12 posts in 2026 by real creators, covering every category', () => {
    expect(ids(sampleBlogPosts)).toEqual(oneToN(SAMPLE_BLOG_COUNT));
    const categories: BlogCategory[] = [
      'Arts',
      'Illustration',
      'Music',
      'Video',
      'Games',
      'Memes',
      'GIFs',
      'Tech',
    ];
    expect(new Set(sampleBlogPosts.map((p) => p.category))).toEqual(new Set(categories));
    for (const post of sampleBlogPosts) {
      const author = sampleCreators.find((c) => c.id === post.authorId);
      expect(post.subtext).toBe(author?.handle);
      expect(new Date(post.date).toISOString()).toBe(post.date);
      expect(new Date(post.date).getUTCFullYear()).toBe(2026);
      expect(post.excerpt.length).toBeGreaterThan(40);
    }
  });

  it('has about six paragraphs of article text', () => {
    expect(blogArticleBody.length).toBeGreaterThanOrEqual(6);
    for (const p of blogArticleBody) expect(p.length).toBeGreaterThan(100);
  });
});

describe('sample activity', () => {
  it('has 12 entries of the four template types, in the past, newest first, for real items', () => {
    const feed = createSampleActivity(NOW);
    expect(feed).toHaveLength(12);
    expect(new Set(feed.map((e) => e.type))).toEqual(
      new Set(['Listing', 'Sale', 'Offer', 'Deposit']),
    );
    const times = feed.map((e) => Date.parse(e.at));
    expect(times.every((t) => t < NOW)).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const e of feed) expect(ids(sampleItems)).toContain(e.itemId);
    expect(new Set(sampleActivity.map((e) => e.id)).size).toBe(12);
  });

  it('uses every filter chip at least once', () => {
    const used = new Set(sampleActivity.flatMap((e) => e.tags));
    for (const chip of ACTIVITY_TAGS) expect(used.has(chip), chip).toBe(true);
  });
});

describe('wallets, team, FAQs and options', () => {
  it('lists the 11 wallet providers in the template order, each with an https install page', () => {
    expect(walletProviders.map((w) => w.title)).toEqual([
      'MetaMask',
      'Alpha',
      'Binance',
      'Bitski',
      'Coinbase',
      'Enjin',
      'Formatic',
      'Pionex',
      'Torus',
      'Trustwallet',
      'Wallet Connect',
    ]);
    expect(walletProviders).toHaveLength(WALLET_PROVIDER_COUNT);
    expect(walletProviders.map((w) => w.id)).toEqual([...WALLET_IDS]);
    for (const w of walletProviders) expect(new URL(w.installUrl).protocol).toBe('https:');
    expect(walletProviders.find((w) => w.id === 'metamask')?.rdns).toBe('io.metamask');
  });

  it('has a team of 4', () => {
    expect(teamMembers).toHaveLength(TEAM_SIZE);
    for (const m of teamMembers) expect(m.name && m.title).toBeTruthy();
  });

  it('has 4 FAQ sections of the 4 template questions, with distinct real answers', () => {
    expect(faqSections.map((s) => [s.id, s.title])).toEqual([
      ['buying', 'Buying Questions'],
      ['general', 'General Questions'],
      ['payments', 'Payments Questions'],
      ['support', 'Support Questions'],
    ]);
    expect(faqSections).toHaveLength(FAQ_SECTIONS);
    for (const s of faqSections) {
      expect(s.entries).toHaveLength(FAQ_PER_SECTION);
      expect(s.entries.map((e) => e.title)).toEqual([
        'How does it work?',
        'Do I need a designer to use the product?',
        'What do I need to do to start selling?',
        'What happens when I receive an order?',
      ]);
    }
    const answers = faqSections.flatMap((s) => s.entries.map((e) => e.content));
    expect(new Set(answers).size).toBe(16);
    for (const a of [
      ...answers,
      ...qaEntries.map((e) => e.content),
      ...termsEntries.map((e) => e.content),
    ]) {
      expect(a.length).toBeGreaterThan(60);
      expect(a).not.toMatch(/lorem|ipsum/i);
    }
    expect(qaEntries).toHaveLength(QA_ENTRIES);
    expect(termsEntries).toHaveLength(4);
  });

  it('has the template select options', () => {
    expect(categoryOptions.map((o) => `${o.label}=${o.value}`)).toEqual([
      'Art=art',
      'Domain Names=domain',
      'Music=music',
      'Sports=sports',
      'Trading Cards=trading',
      'Virtual World=virtual',
    ]);
    expect(itemOptions.map((o) => `${o.label}=${o.value}`)).toEqual([
      'Buy Now=now',
      'Auctions=auctions',
      'Offers=offers',
    ]);
    expect(sortOptions.map((o) => `${o.label}=${o.value}`)).toEqual([
      'Top Rated=top',
      'Lower Rated=low',
    ]);
    expect(uploadTypeOptions.map((o) => o.label)).toEqual(['GIFs', 'Music', 'Video', 'Tech']);
  });

  it('has a placeholder user with a 0x wallet string and an ETH balance', () => {
    expect(sampleUser.walletString).toMatch(/^0x[0-9a-f]{40}$/);
    expect(sampleUser.balanceEth).toBe('2.45');
  });
});

describe('image references', () => {
  it('point only at files the asset generator writes', () => {
    const generated = new Set(listAssetPaths().map((p) => `/${p}`));
    const urls = [
      ...sampleItems.flatMap((i) => [i.image, i.avatar, ...i.subImage.map((s) => s.image)]),
      ...sampleCreators.flatMap((c) => [c.avatar, c.banner, ...c.thumbnails]),
      ...sampleCollections.flatMap((c) => [c.image, c.avatar, ...c.subImage.map((s) => s.image)]),
      ...sampleBlogPosts.map((p) => p.image),
      ...sampleActivity.map((e) => e.image),
      ...teamMembers.map((m) => m.image),
      ...walletProviders.map((w) => w.image),
      sampleUser.avatar,
    ];
    const missing = urls.filter((u) => !generated.has(u));
    expect(missing).toEqual([]);
    expect(urls.length).toBeGreaterThan(150);
  });
});
