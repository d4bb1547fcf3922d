import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getDataAccess } from '@/data/data-access';
import { subscribeToNewsletter } from '@/data/newsletter';
import { EmailSubscribeForm } from '../email-subscribe-form';

// As the footer composes it: the form with the data layer's newsletter sign-up.
const footerForm = (
  <EmailSubscribeForm onSubscribe={(email) => subscribeToNewsletter(email, 'footer')} />
);

describe('EmailSubscribeForm', () => {
  it('rejects an invalid email with an inline message and saves nothing', async () => {
    const user = userEvent.setup();
    const before = (await getDataAccess().listOutbox()).length;
    render(footerForm);
    const input = screen.getByLabelText('Email address');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'nope');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText(/Enter a valid email address/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect((await getDataAccess().listOutbox()).length).toBe(before);
  });

  it('saves a valid email to the device outbox and confirms', async () => {
    const user = userEvent.setup();
    render(footerForm);
    await user.type(screen.getByLabelText('Email address'), 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText(/fan@example.com is saved on this device and sent to Artmint/),
    ).toBeInTheDocument();
    const outbox = await getDataAccess().listOutbox();
    expect(
      outbox.some(
        (e) =>
          e.kind === 'newsletter' &&
          e.fields.email === 'fan@example.com' &&
          e.fields.source === 'footer',
      ),
    ).toBe(true);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });
});
