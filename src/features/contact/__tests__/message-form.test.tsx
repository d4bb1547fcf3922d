import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDataAccess } from '@/data/data-access';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '@/data/errors';
import { MessageForm } from '../components/message-form';

function ThankYouProbe() {
  const location = useLocation();
  return <p>Thank-you page {location.search}</p>;
}

function renderForm(kind: 'contact' | 'support' = 'contact') {
  const router = createMemoryRouter(
    [
      {
        path: '/form',
        element: (
          <MessageForm
            kind={kind}
            labels={kind === 'contact' ? { subject: 'Your Question' } : {}}
            submitLabel={kind === 'contact' ? 'Send Message' : 'Submit Request'}
            ariaLabel="Message"
          />
        ),
      },
      { path: '/thankyou', element: <ThankYouProbe /> },
    ],
    { initialEntries: ['/form'] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, subjectLabel = 'Your Question') {
  await user.type(screen.getByLabelText(/Your Name/), 'Ana Lopez');
  await user.type(screen.getByLabelText(/Your Email/), 'ana@example.com');
  await user.type(screen.getByLabelText(new RegExp(subjectLabel)), 'Where is my bid?');
  await user.type(screen.getByLabelText(/Comments/), 'I placed a bid yesterday.');
}

beforeEach(async () => {
  const data = getDataAccess();
  await data.clearOutbox();
  await data.clearDraft('contact-form');
  await data.clearDraft('support-form');
});

describe('MessageForm (docs/product.md "Records and fields", "Error messages")', () => {
  it('an invalid submission shows inline messages and saves nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText(/Your Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please fix the 4 fields marked below.',
    );
    const name = screen.getByLabelText(/Your Name/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Your Name is required.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText(/Your Email/)).toHaveAccessibleDescription(
      /Enter a valid email address/,
    );
    expect(screen.getByLabelText(/Your Question/)).toHaveAccessibleDescription(
      'Your Question is required.',
    );
    expect(await getDataAccess().listOutbox()).toEqual([]);

    // Fixing a field clears its message as you type.
    await user.type(name, 'Ana');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 3 fields marked below.');
  });

  it('a valid contact message is saved to the outbox and opens the thank-you page', async () => {
    const user = userEvent.setup();
    const { router } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText(/Thank-you page/)).toHaveTextContent('?saved=contact');
    expect(router.state.location.pathname).toBe('/thankyou');
    const outbox = await getDataAccess().listOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.kind).toBe('contact');
    expect(outbox[0]?.fields).toEqual({
      name: 'Ana Lopez',
      email: 'ana@example.com',
      subject: 'Where is my bid?',
      comments: 'I placed a bid yesterday.',
    });
    // A successful submit clears the draft.
    await waitFor(async () => expect(await getDataAccess().loadDraft('contact-form')).toBeNull());
  });

  it('a support request goes to the support outbox from a form that posts', async () => {
    const user = userEvent.setup();
    renderForm('support');
    expect(screen.getByRole('form', { name: 'Message' })).toHaveAttribute('method', 'post');
    await fillValid(user, 'Subject');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText(/Thank-you page/)).toHaveTextContent('?saved=support');
    const outbox = await getDataAccess().listOutbox();
    expect(outbox.map((entry) => entry.kind)).toEqual(['support']);
  });

  it('a failed write says why and keeps everything typed', async () => {
    const user = userEvent.setup();
    vi.spyOn(getDataAccess(), 'saveOutbox').mockRejectedValue(new StorageFullError());
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(STORAGE_FULL_MESSAGE));
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('Ana Lopez');
    expect(screen.getByLabelText(/Comments/)).toHaveValue('I placed a bid yesterday.');
    expect(screen.queryByText(/Thank-you page/)).toBeNull();
  });

  it('keeps a draft while typing and puts it back after a reload', async () => {
    const user = userEvent.setup();
    const first = renderForm();
    await user.type(screen.getByLabelText(/Your Name/), 'Half typed');
    await waitFor(
      async () =>
        expect((await getDataAccess().loadDraft('contact-form'))?.values.name).toBe('Half typed'),
      { timeout: 2000 },
    );
    first.unmount();

    renderForm();
    await waitFor(() => expect(screen.getByLabelText(/Your Name/)).toHaveValue('Half typed'));
    expect(screen.getByRole('status')).toHaveTextContent(/kept what you typed/);
  });
});
