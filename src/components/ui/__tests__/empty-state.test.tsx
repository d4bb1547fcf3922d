import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '../empty-state';

describe('EmptyState', () => {
  it('shows a title, description and a way forward', () => {
    render(
      <EmptyState
        title="No favourites yet"
        description="Press the plus on an item to keep it here."
        action={<a href="/explore-one">Explore items</a>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No favourites yet' })).toBeInTheDocument();
    expect(screen.getByText('Press the plus on an item to keep it here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore items' })).toBeInTheDocument();
  });
});
