import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from '../card';

describe('Card', () => {
  it('renders as the requested element', () => {
    render(
      <ul>
        <Card as="li" interactive>
          Item
        </Card>
      </ul>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Item');
  });

  it('is an article when asked', () => {
    render(
      <Card as="article" aria-label="Hamlet">
        x
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Hamlet' })).toBeInTheDocument();
  });
});
