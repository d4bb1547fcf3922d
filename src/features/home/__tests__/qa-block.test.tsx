// docs/product.md "Shared blocks" Q&A (4 questions) + "Have Question? Get in touch!"; "States"
// accordion.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { QaBlock } from '../components/qa-block';
import { ThreeStep } from '../components/three-step';

const entries = Array.from({ length: 6 }, (_, i) => ({ title: `Q${i + 1}`, content: `A${i + 1}` }));

describe('QaBlock (docs/product.md "States": Q&A accordion)', () => {
  it('shows 4 questions, the first open; the open one resets to the first', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <QaBlock entries={entries} />
      </MemoryRouter>,
    );
    const headers = screen.getAllByRole('button');
    expect(headers).toHaveLength(4);
    expect(headers[0]).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Q3' }));
    expect(screen.getByRole('button', { name: 'Q3' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Q1' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Q3' }));
    expect(screen.getByRole('button', { name: 'Q1' })).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByRole('heading', { name: 'Have Question? Get in touch!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/helpcenter-support',
    );
  });
});

describe('ThreeStep (docs/product.md "Shared blocks")', () => {
  it('shows Create Item, Collect and Sell Item with links', () => {
    render(
      <MemoryRouter>
        <ThreeStep />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Create Item',
      'Collect',
      'Sell Item',
    ]);
    expect(screen.getByRole('link', { name: /Upload your work/ })).toHaveAttribute(
      'href',
      '/upload-work',
    );
  });
});
