// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadBlogPage, loadBlogPost, parsePage, parsePostId } from '../api';

describe('blog reads (docs/product.md "Blog", "Fixed values": 12 blog posts)', () => {
  it('reads the page number from the URL, page 1 for anything else', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('2')).toBe(2);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-1')).toBe(1);
    expect(parsePage('two')).toBe(1);
  });

  it('pages the twelve posts six at a time', async () => {
    const first = await loadBlogPage(1);
    expect(first.total).toBe(12);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(6);
    const second = await loadBlogPage(2);
    expect(second.items[0]?.id).toBe(7);
  });

  it('shows the first post without an id, a post by id, and null for an unknown id', async () => {
    expect((await loadBlogPost(undefined))?.post.id).toBe(1);
    const view = await loadBlogPost('5');
    expect(view?.post.id).toBe(5);
    expect(view?.author?.id).toBe(view?.post.authorId);
    expect(view?.body.length).toBeGreaterThan(3);
    expect(await loadBlogPost('999')).toBeNull();
    expect(await loadBlogPost('abc')).toBeNull();
    expect(parsePostId('1.5')).toBeNull();
  });

  it('reads the three newest other posts with the post, for the block under the article', async () => {
    const view = await loadBlogPost('1');
    expect(view?.latest).toHaveLength(3);
    expect(view?.latest.map((post) => post.id)).not.toContain(1);
    const dates = view?.latest.map((post) => Date.parse(post.date)) ?? [];
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});
