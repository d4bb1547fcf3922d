// docs/product.md "Shared blocks": an item cards grid shows "Explore More" only when it has a title
// 8 cards unless all-data.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, makeItem } from '@/data/__tests__/fixtures';
import { ItemGrid } from '../item-grid';

const items = Array.from({ length: 10 }, (_, i) =>
  makeItem({ id: i + 1, title: `Piece ${i + 1}` }),
);

beforeEach(() => setDataAccessForTests(freshStore().data));
afterEach(() => setDataAccessForTests(null));

const renderGrid = (props: Partial<Parameters<typeof ItemGrid>[0]> = {}) =>
  render(
    <MemoryRouter>
      <ItemGrid items={items} {...props} />
    </MemoryRouter>,
  );

describe('ItemGrid "Explore More" (docs/product.md "Shared blocks")', () => {
  it('shows Explore More to explore with a title', () => {
    renderGrid({ title: 'Discover Items' });
    expect(screen.getByRole('link', { name: 'Explore More' })).toHaveAttribute(
      'href',
      '/explore-one',
    );
  });

  it('shows no Explore More without a title', () => {
    renderGrid();
    expect(screen.queryByRole('link', { name: 'Explore More' })).toBeNull();
    expect(screen.getAllByRole('link', { name: /^Piece \d+$/ }).length).toBeGreaterThan(0);
  });
});
