import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SearchIcon } from '../icon';
import { ChevronEndIcon, HeartIcon } from '../content-icons';

describe('icons', () => {
  it('are decorative by default', () => {
    const { container } = render(<SearchIcon />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('become named images with a title', () => {
    render(<HeartIcon title="Favourite" filled />);
    expect(screen.getByRole('img', { name: 'Favourite' })).toBeInTheDocument();
  });

  it('marks direction-aware chevrons to flip in RTL', () => {
    const { container } = render(<ChevronEndIcon className="extra" />);
    const cls = container.querySelector('svg')?.getAttribute('class') ?? '';
    expect(cls).toContain('flip');
    expect(cls).toContain('extra');
  });
});
