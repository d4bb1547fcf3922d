// docs/product.md "Home pages": best creators (9), Week/Month/Year selector, All Creators link.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeCreator } from '@/data/__tests__/fixtures';
import { BestCreators } from '../components/best-creators';
import { rankCreators } from '../components/best-creators-ranking';

const creators = Array.from({ length: 12 }, (_, i) =>
  makeCreator({ id: i + 1, name: `Creator ${i + 1}`, volumeEth: String(100 + i * 7) }),
);

describe('rankCreators (docs/product.md "Fixed values": best creators 9)', () => {
  it('returns the best 9, ranked, and each period ranks differently', () => {
    const week = rankCreators(creators, 'week');
    const month = rankCreators(creators, 'month');
    const year = rankCreators(creators, 'year');
    expect(week).toHaveLength(9);
    expect(week.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const list of [week, month, year]) {
      for (let i = 1; i < list.length; i += 1) {
        expect(list[i - 1]?.volume ?? 0).toBeGreaterThanOrEqual(list[i]?.volume ?? 0);
      }
    }
    const ids = (l: typeof week) => l.map((r) => r.creator.id);
    expect(ids(week)).not.toEqual(ids(month));
    expect(ids(month)).not.toEqual(ids(year));
  });
});

describe('BestCreators (docs/product.md "Home pages")', () => {
  it('shows 9 creators linking to profiles; the period radios change the list', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <BestCreators creators={creators} />
      </MemoryRouter>,
    );
    const list = () => screen.getByRole('list', { name: /^Best creators this/ });
    const names = () =>
      within(list())
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
    expect(names()).toHaveLength(9);
    expect(screen.getByRole('link', { name: names()[0] ?? '' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/creator-profile\/\d+$/),
    );
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
    const week = names();
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(list()).toHaveAccessibleName('Best creators this month');
    expect(names()).not.toEqual(week);
    expect(screen.getByRole('link', { name: 'All Creators' })).toHaveAttribute('href', '/creators');
  });
});
