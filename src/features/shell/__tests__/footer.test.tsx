// The footer's contact details are the ones the Contact page shows: one constant (issue 31).
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CONTACT_DETAILS } from '@/config/embeds';
import { Footer } from '../components/footer';

describe('the footer', () => {
  it('links the phone and email of CONTACT_DETAILS', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    const address = screen.getByRole('contentinfo');
    expect(within(address).getByRole('link', { name: CONTACT_DETAILS.phone })).toHaveAttribute(
      'href',
      CONTACT_DETAILS.phoneHref,
    );
    expect(within(address).getByRole('link', { name: CONTACT_DETAILS.email })).toHaveAttribute(
      'href',
      CONTACT_DETAILS.emailHref,
    );
  });
});
