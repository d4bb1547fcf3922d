import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sampleBlogPosts } from '@shared/sample/blog';
import { BlogCard } from '../blog-card';
import { LatestBlog } from '../latest-blog';

describe('BlogCard (docs/product.md "Blog")', () => {
  it('shows category, date, "5 min read" and links to the post and its author', () => {
    const post = sampleBlogPosts[0];
    if (!post) throw new Error('no sample post');
    render(
      <MemoryRouter>
        <BlogCard post={post} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: post.title });
    expect(within(card).getByText(post.category)).toBeInTheDocument();
    expect(within(card).getByText('5 min read')).toBeInTheDocument();
    expect(within(card).getByText('18 Jun 2026')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: post.title })).toHaveAttribute(
      'href',
      `/blog-detail/${post.id}`,
    );
    expect(within(card).getByRole('link', { name: post.subtext })).toHaveAttribute(
      'href',
      `/creator-profile/${post.authorId}`,
    );
    expect(within(card).getByRole('link', { name: `Read More: ${post.title}` })).toHaveAttribute(
      'href',
      `/blog-detail/${post.id}`,
    );
  });
});

describe('LatestBlog (docs/product.md "Fixed values": latest blog 3)', () => {
  it('shows at most three of the posts it is given, newest first, under its heading', () => {
    render(
      <MemoryRouter>
        <LatestBlog posts={sampleBlogPosts.slice(0, 5)} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Latest from the blog' });
    expect(within(section).getAllByRole('article')).toHaveLength(3);
    const titles = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(titles).toEqual(sampleBlogPosts.slice(0, 3).map((p) => p.title));
    expect(within(section).getByRole('link', { name: 'All posts' })).toHaveAttribute(
      'href',
      '/blogs',
    );
  });
});
