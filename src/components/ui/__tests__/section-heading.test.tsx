import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionHeading } from '../section-heading';

describe('SectionHeading', () => {
  it('renders the heading level, subtitle, id and action', () => {
    render(
      <SectionHeading
        title="Live Auctions"
        subtitle="Bid before the clock runs out"
        level={3}
        id="live-title"
        action={<a href="/auction">Explore More</a>}
      />,
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Live Auctions' });
    expect(heading).toHaveAttribute('id', 'live-title');
    expect(screen.getByText('Bid before the clock runs out')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore More' })).toBeInTheDocument();
  });

  it('defaults to an h2', () => {
    render(<SectionHeading title="Top Collections" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Top Collections' })).toBeInTheDocument();
  });
});
