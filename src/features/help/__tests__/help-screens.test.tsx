import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { faqSections, qaEntries } from '@/data/sample/faqs';
import { HelpFaqs } from '../components/help-faqs';
import { HelpGuides } from '../components/help-guides';
import { HelpOverview } from '../components/help-overview';

function expanded(region: HTMLElement): boolean[] {
  return within(region)
    .getAllByRole('button', { expanded: undefined })
    .filter((b) => b.hasAttribute('aria-expanded'))
    .map((b) => b.getAttribute('aria-expanded') === 'true');
}

function renderOverview() {
  render(
    <MemoryRouter>
      <HelpOverview data={{ getStarted: qaEntries, faqSections }} supportForm={<p>form</p>} />
    </MemoryRouter>,
  );
}

describe('FAQs page (docs/product.md "States": four indexes, each from 0, never toggles closed)', () => {
  it('opens the first question of each of the four sections and keeps them independent', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpFaqs sections={faqSections} />
      </MemoryRouter>,
    );
    const buying = screen.getByRole('region', { name: 'Buying Questions' });
    const payments = screen.getByRole('region', { name: 'Payments Questions' });
    for (const name of ['Buying', 'General', 'Payments', 'Support']) {
      expect(expanded(screen.getByRole('region', { name: `${name} Questions` }))).toEqual([
        true,
        false,
        false,
        false,
      ]);
    }

    await user.click(within(buying).getByRole('button', { name: /start selling/ }));
    expect(expanded(buying)).toEqual([false, false, true, false]);
    expect(expanded(payments)).toEqual([true, false, false, false]);

    // Choosing the open item again keeps it open.
    await user.click(within(buying).getByRole('button', { name: /start selling/ }));
    expect(expanded(buying)).toEqual([false, false, true, false]);
  });

  it('has a side menu with the four section anchors', () => {
    render(
      <MemoryRouter>
        <HelpFaqs sections={faqSections} />
      </MemoryRouter>,
    );
    const menu = screen.getByRole('navigation', { name: 'FAQ sections' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Buying Questions', '/helpcenter-faqs#buying'],
      ['General Questions', '/helpcenter-faqs#general'],
      ['Payments Questions', '/helpcenter-faqs#payments'],
      ['Support Questions', '/helpcenter-faqs#support'],
    ]);
  });
});

describe('Help overview (docs/product.md "Help centre", "States": reset-to-first accordion)', () => {
  it('Get Started: one open, default first; pressing the open one resets to the first', async () => {
    const user = userEvent.setup();
    renderOverview();
    const section = screen.getByRole('region', { name: 'Get Started' });
    expect(expanded(section)).toEqual([true, false, false, false]);
    await user.click(within(section).getByRole('button', { name: /work offline/ }));
    expect(expanded(section)).toEqual([false, false, true, false]);
    await user.click(within(section).getByRole('button', { name: /work offline/ }));
    expect(expanded(section)).toEqual([true, false, false, false]);
  });

  it('links the three cards to FAQs, Guides and Support Request', () => {
    renderOverview();
    expect(screen.getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/helpcenter-faqs');
    expect(screen.getByRole('link', { name: 'Guides' })).toHaveAttribute(
      'href',
      '/helpcenter-guides',
    );
    expect(screen.getByRole('link', { name: 'Support Request' })).toHaveAttribute(
      'href',
      '/helpcenter-support',
    );
  });

  it('search filters questions and guides as you type, with an empty state', async () => {
    const user = userEvent.setup();
    renderOverview();
    const box = screen.getByPlaceholderText('Search your questions or topic...');
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();

    await user.type(box, 'wallet');
    const results = screen.getByRole('region', { name: 'Results for “wallet”' });
    expect(within(results).getByRole('link', { name: 'Connect a wallet' })).toHaveAttribute(
      'href',
      '/helpcenter-guides#connect-wallet',
    );
    expect(within(results).getAllByText('Payments Questions').length).toBeGreaterThan(0);
    expect(within(results).queryByRole('link', { name: 'Upload your work' })).toBeNull();

    await user.type(box, ' zebra');
    expect(screen.getByRole('heading', { name: 'No questions or guides match your search' }));
    expect(screen.getByRole('link', { name: 'Send a support request' })).toHaveAttribute(
      'href',
      '/helpcenter-support',
    );

    await user.clear(box);
    expect(screen.queryByRole('region', { name: /Results for/ })).toBeNull();
  });
});

describe('Guides (docs/product.md "Help centre": topics under headings; Contact us to support)', () => {
  it('lists the topics under headings and filters them as you type', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <HelpGuides />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Getting started',
      'Buying and bidding',
      'Selling your work',
      'Your data and safety',
      'Have Question? Get in touch!',
    ]);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/helpcenter-support',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search the guides' }), 'upload');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Upload your work',
      'See what is stored on this device',
    ]);
    await user.type(screen.getByRole('searchbox'), 'zzz');
    expect(screen.getByRole('heading', { name: 'No guides match your search' }));
  });
});
