import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageSlots } from '../pagination';

const hrefFor = (page: number) => `/explore-one?q=art&page=${page}`;

function renderAt(page: number, pageCount: number) {
  return render(
    <MemoryRouter>
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </MemoryRouter>,
  );
}

describe('pageSlots', () => {
  it('lists every page when seven or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageSlots(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts gaps where pages are left out', () => {
    expect(pageSlots(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(pageSlots(10, 20)).toEqual([1, 'gap-start', 9, 10, 11, 'gap-end', 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(pageSlots(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('shows fewer numbers with no siblings (phones)', () => {
    expect(pageSlots(3, 5, 0)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlots(2, 12, 0)).toEqual([1, 2, 3, 'gap-end', 12]);
    expect(pageSlots(6, 12, 0)).toEqual([1, 'gap-start', 6, 'gap-end', 12]);
    expect(pageSlots(11, 12, 0)).toEqual([1, 'gap-start', 10, 11, 12]);
  });

  it('clamps an out-of-range page', () => {
    expect(pageSlots(99, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(pageSlots(0, 3)).toEqual([1, 2, 3]);
  });
});

describe('Pagination', () => {
  it('renders nothing for one page or none', () => {
    const { container } = renderAt(1, 1);
    expect(container).toBeEmptyDOMElement();
    renderAt(1, 0);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('links every page and marks the current one', () => {
    renderAt(3, 4);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    for (const n of [1, 2, 3, 4]) {
      expect(screen.getByRole('link', { name: `Page ${n}` })).toHaveAttribute('href', hrefFor(n));
    }
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Page 2' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', hrefFor(2));
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', hrefFor(4));
  });

  it('disables previous on the first page and next on the last', () => {
    renderAt(1, 4);
    const prev = screen.getByRole('link', { name: 'Previous page' });
    expect(prev).toHaveAttribute('aria-disabled', 'true');
    expect(prev).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Next page' })).not.toHaveAttribute('aria-disabled');
  });

  it('disables next on the last page', () => {
    renderAt(4, 4);
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'Previous page' })).toHaveAttribute('href', hrefFor(3));
  });

  it('shows a gap for many pages and uses a custom label', () => {
    render(
      <MemoryRouter>
        <Pagination page={10} pageCount={20} hrefFor={hrefFor} label="Blog pages" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Blog pages' })).toBeInTheDocument();
    const pages = screen
      .getAllByRole('link')
      .map((l) => l.getAttribute('aria-label'))
      .filter((n) => n?.startsWith('Page '));
    expect(pages).toEqual(['Page 1', 'Page 9', 'Page 10', 'Page 11', 'Page 20']);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });
});

describe('Pagination on a phone', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('drops the neighbours of the current page on narrow screens', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 479px)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(
      <MemoryRouter>
        <Pagination page={6} pageCount={12} hrefFor={hrefFor} />
      </MemoryRouter>,
    );
    const pages = screen
      .getAllByRole('link')
      .map((l) => l.getAttribute('aria-label'))
      .filter((n) => n?.startsWith('Page '));
    expect(pages).toEqual(['Page 1', 'Page 6', 'Page 12']);
  });
});
