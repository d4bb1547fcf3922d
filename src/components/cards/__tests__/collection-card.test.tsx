// docs/product.md "Best Collections": image, avatar, title to /explore-one, creator link, item
// count.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Collection } from '@shared/types';
import { CollectionCard, itemCountText } from '../collection-card';

const collection: Collection = {
  id: 3,
  image: '/images/col-3.webp',
  avatar: '/images/avatar.webp',
  title: 'Orbital Dreams',
  subtext: '@ana',
  name: 'Ana Lopez',
  creatorId: 4,
  items: 25,
  subImage: [
    { index: 1, image: '/a.webp' },
    { index: 2, image: '/b.webp' },
    { index: 3, image: '/c.webp' },
  ],
};

describe('CollectionCard (docs/product.md "Best Collections")', () => {
  it('links the title to explore one and the creator to the profile, with the item count', () => {
    render(
      <MemoryRouter>
        <CollectionCard collection={collection} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Orbital Dreams' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Orbital Dreams' })).toHaveAttribute(
      'href',
      '/explore-one',
    );
    expect(screen.getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute(
      'href',
      '/creator-profile/4',
    );
    expect(screen.getByText('25 Items')).toBeInTheDocument();
  });

  it('reserves the image boxes (width and height) and lazy-loads by default', () => {
    const { container } = render(
      <MemoryRouter>
        <CollectionCard collection={collection} />
      </MemoryRouter>,
    );
    const images = container.querySelectorAll('img');
    expect(images.length).toBe(5);
    for (const img of images) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img).toHaveAttribute('loading', 'lazy');
    }
  });

  it('counts items in words', () => {
    expect(itemCountText(1)).toBe('1 Item');
    expect(itemCountText(25)).toBe('25 Items');
  });
});
