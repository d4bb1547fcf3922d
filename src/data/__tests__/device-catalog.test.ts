// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { createDbHandle } from '../device/db';
import { applyServerWord } from '../sync/apply';
import { freshStore, makeCreator, makeItem, NOW, type TestStore } from './fixtures';

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
    expect(
      (await store.data.listCreators({ page: 2, pageSize: 2 })).items.map((c) => c.id),
    ).toEqual([3]);
    expect((await store.data.getCreator(2))?.name).toBe('Bo Chen');
    expect(await store.data.getCreator(0)).toBeNull();
  });
});

describe('the neutral creator a deleted account leaves', () => {
  it('is never listed or found, while its item still shows it', async () => {
    // A pull: creator 9's account was deleted; its work, now Bo's, stays.
    const placeholder = {
      ...makeCreator({ id: 9, name: 'Deleted collector', handle: '@deleted' }),
      deleted: true,
    };
    const item = { ...makeItem({ id: 90, title: 'Left behind', creatorId: 9 }), favourites: 0 };
    await applyServerWord(createDbHandle(), {
      changes: [
        { seq: 1, topic: 'creator', key: '9', data: placeholder },
        { seq: 2, topic: 'item', key: '90', data: { ...item, name: 'Deleted collector' } },
      ],
      cursor: 2,
      at: NOW.toISOString(),
    });
    const listed = (await store.data.listCreators({ pageSize: 50 })).items.map((c) => c.name);
    expect(listed).not.toContain('Deleted collector');
    expect(listed).toHaveLength(3);
    expect(await store.data.search('deleted')).toEqual([]);
    // Its item and its page still say who made it.
    expect((await store.data.getItem(90))?.name).toBe('Deleted collector');
    expect((await store.data.getCreator(9))?.name).toBe('Deleted collector');
  });
});
