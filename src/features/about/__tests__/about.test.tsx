import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { sampleBlogPosts } from '@shared/sample/blog';
import { teamMembers } from '@/data/sample/team';
import { About } from '../components/about';
import { parseStat, statAt } from '../stats';

describe('About Us counters (docs/product.md "About us and contact")', () => {
  it('splits a counter into prefix, number and suffix', () => {
    expect(parseStat('$40M')).toEqual({ prefix: '$', number: 40, suffix: 'M' });
    expect(parseStat('200+')).toEqual({ prefix: '', number: 200, suffix: '+' });
    expect(parseStat('235K')).toEqual({ prefix: '', number: 235, suffix: 'K' });
  });

  it('counts up from zero and ends on the exact final value', () => {
    expect(statAt('$40M', 0)).toBe('$0M');
    expect(statAt('235K', 0.5)).toBe(`${Math.round(235 * 0.875)}K`);
    expect(statAt('200+', 1)).toBe('200+');
    expect(statAt('200+', 7)).toBe('200+');
  });

  it('shows the heading, the final values for screen readers, the team of four and the blog', () => {
    render(
      <MemoryRouter>
        <About
          data={{ team: teamMembers, latestPosts: sampleBlogPosts.slice(0, 3) }}
          video={<button type="button">Play</button>}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    const trust = screen.getByRole('region', { name: 'Trusted by more than 20K users' });
    for (const [label, value] of [
      ['Trading volume', '$40M'],
      ['NFTs created', '200+'],
      ['Total users', '235K'],
    ] as const) {
      const term = within(trust).getByText(label);
      expect(term.nextElementSibling?.querySelector('.visually-hidden')).toHaveTextContent(value);
    }
    const team = screen.getByRole('region', { name: 'Meet the management team' });
    expect(within(team).getAllByRole('listitem')).toHaveLength(4);
    expect(within(team).getByRole('heading', { name: 'Sofia Marquez' })).toBeInTheDocument();
    expect(within(team).getByText('Co-founder & CEO')).toBeInTheDocument();
    const blog = screen.getByRole('region', { name: 'Latest from the blog' });
    expect(within(blog).getAllByRole('article')).toHaveLength(3);
  });
});
