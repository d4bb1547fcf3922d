import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from './fixtures';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

describe('search', () => {
  it('ranks starts-with before word starts-with; ties keep items, creators, collections, posts', async () => {
    const hits = await store.data.search('red');
    expect(hits.map((h) => `${h.kind}:${h.title}`)).toEqual([
      'item:Red Planet',
      'creator:Redmond Ray',
      'item:Abstract Smoke Red',
      'collection:Scarlet Red Collection',
      'blog:Why reds sell',
    ]);
    expect(hits[1]).toMatchObject({ id: 3, subtitle: '@redmondray' });
  });

  it('is accent-insensitive, honours the limit and ignores empty queries', async () => {
    expect((await store.data.search('CAFE'))[0]).toMatchObject({ kind: 'item', id: 2 });
    expect(await store.data.search('red', 2)).toHaveLength(2);
    expect(await store.data.search('   ')).toEqual([]);
    expect(await store.data.search('zzz')).toEqual([]);
  });

  it('finds a creator by handle', async () => {
    expect((await store.data.search('@bo'))[0]).toMatchObject({ kind: 'creator', id: 2 });
  });
});

describe('collections, blog and creators', () => {
  it('pages and finds collections', async () => {
    expect((await store.data.listCollections()).items).toHaveLength(1);
    expect((await store.data.getCollection(1))?.title).toBe('Scarlet Red Collection');
    expect(await store.data.getCollection(9)).toBeNull();
  });

  it('pages blog posts and gives the newest ones', async () => {
    const page = await store.data.listBlogPosts(2, 3);
    expect(page).toMatchObject({ page: 2, pageCount: 2, total: 4 });
    expect(page.items.map((p) => p.id)).toEqual([4]);
    expect((await store.data.latestBlogPosts(2)).map((p) => p.id)).toEqual([4, 3]);
    expect((await store.data.latestBlogPosts()).map((p) => p.id)).toEqual([4, 3, 2]);
    expect((await store.data.getBlogPost(2))?.title).toBe('Why reds sell');
    expect(await store.data.getBlogPost(99)).toBeNull();
  });

  it('pages creators (9 by default) and finds one', async () => {
    expect(await store.data.listCreators()).toMatchObject({ total: 3, pageSize: 9 });
    expect((await store.data.listCreators(2, 2)).items.map((c) => c.id)).toEqual([3]);
    expect((await store.data.getCreator(2))?.name).toBe('Bo Chen');
    expect(await store.data.getCreator(0)).toBeNull();
  });
});
