import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from '../breadcrumb';

describe('Breadcrumb', () => {
  it('is an ordered list in a "Breadcrumb" nav with the last item current', () => {
    render(
      <MemoryRouter>
        <Breadcrumb
          items={[
            { label: 'Home', to: '/' },
            { label: 'Help Center', to: '/helpcenter-overview' },
            { label: 'FAQs' },
          ]}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelector('ol')).not.toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute(
      'href',
      '/helpcenter-overview',
    );
    expect(screen.queryByRole('link', { name: 'FAQs' })).toBeNull();
    expect(screen.getByText('FAQs')).toHaveAttribute('aria-current', 'page');
  });
});
