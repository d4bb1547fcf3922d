import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../spinner';

describe('Spinner', () => {
  it('is hidden without a label and a status with one', () => {
    const { container, rerender } = render(<Spinner />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    rerender(<Spinner label="Loading items" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading items');
  });
});
