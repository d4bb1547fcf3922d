import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComingSoon } from '../components/coming-soon';

function renderPage() {
  return render(
    <MemoryRouter>
      <ComingSoon />
    </MemoryRouter>,
  );
}

describe('ComingSoon (docs/product.md "Status pages", "Coming-soon countdown")', () => {
  afterEach(() => vi.useRealTimers());

  it('counts down before 13 September 2026 06:00', () => {
    vi.useFakeTimers({ now: new Date(2026, 8, 11, 6, 0, 0) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Something rare');
    expect(screen.getByRole('timer')).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/2 days, 0 hours/),
    );
    expect(screen.queryByRole('link', { name: 'We are live' })).toBeNull();
  });

  it('turns to zeros and a "We are live" link when the date passes', () => {
    vi.useFakeTimers({ now: new Date(2026, 8, 13, 5, 59, 59) });
    renderPage();
    expect(screen.queryByRole('link', { name: 'We are live' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We are live!');
    expect(screen.getByRole('link', { name: 'We are live' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('timer')).toHaveAttribute(
      'aria-label',
      expect.stringMatching(/0 days, 0 hours, 0 minutes, 0 seconds/),
    );
  });
});
