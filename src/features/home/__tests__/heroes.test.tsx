// docs/product.md "Home pages": the "Buy, sell and showcase NFTs" heroes and the account-area hero
// have Explore Now to /explore-two and Sell Now to /upload-work; the account-area hero's autoplay
// slider links each item to /item-detail/{id}.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeItem } from '@/data/__tests__/fixtures';
import { HeroAccount } from '../components/hero-account';
import { HeroArt } from '../components/hero-art';
import { homeConfigFor } from '../variants';

const items = Array.from({ length: 8 }, (_, i) => makeItem({ id: i + 1, title: `Piece ${i + 1}` }));

function renderIn(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe('home heroes (docs/product.md "Home pages")', () => {
  it.each(['/index-three', '/index-four', '/index-seven'])(
    '%s: Explore Now goes to explore two, Sell Now to upload work',
    (path) => {
      const config = homeConfigFor(path);
      expect(config.hero).toBe('buySell');
      renderIn(<HeroArt config={config} items={items} creatorCount={12} collectionCount={10} />);
      expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveAttribute(
        'href',
        '/explore-two',
      );
      expect(screen.getByRole('link', { name: 'Sell Now' })).toHaveAttribute(
        'href',
        '/upload-work',
      );
    },
  );

  it('index-ten: Explore Now and Sell Now, and the featured slider links to /item-detail/{id}', () => {
    renderIn(<HeroAccount config={homeConfigFor('/index-ten')} items={items} />);
    expect(screen.getByRole('link', { name: 'Explore Now' })).toHaveAttribute(
      'href',
      '/explore-two',
    );
    expect(screen.getByRole('link', { name: 'Sell Now' })).toHaveAttribute('href', '/upload-work');
    const slider = screen.getByRole('region', { name: 'Featured items' });
    for (const id of [1, 2, 3]) {
      const title = within(slider).getAllByRole('link', { name: `Piece ${id}` })[0];
      expect(title).toHaveAttribute('href', `/item-detail/${id}`);
    }
    const buy = within(slider).getAllByRole('link', { name: /^(Buy|Bid) Now\W*Piece 1$/ })[0];
    expect(buy).toHaveAttribute('href', '/item-detail/1');
  });

  it('index-ten: a featured auction that has ended names its buyer instead of Bid Now', () => {
    const ended = new Date(Date.now() - 60_000).toISOString();
    const sold = makeItem({
      id: 1,
      title: 'Piece 1',
      saleKind: 'auctions',
      liveDate: ended,
      settledAt: ended,
      soldTo: 'Bea Bidder',
    });
    renderIn(
      <HeroAccount config={homeConfigFor('/index-ten')} items={[sold, ...items.slice(1)]} />,
    );
    const slider = screen.getByRole('region', { name: 'Featured items' });
    expect(within(slider).getAllByText('Auction ended · sold to Bea Bidder')[0]).toBeVisible();
    expect(
      within(slider).queryByRole('link', { name: /^(Buy|Bid) Now\W*Piece 1$/ }),
    ).not.toBeInTheDocument();
    expect(
      within(slider).getAllByRole('link', { name: /^(Buy|Bid) Now\W*Piece 2$/ })[0],
    ).toBeVisible();
  });
});
