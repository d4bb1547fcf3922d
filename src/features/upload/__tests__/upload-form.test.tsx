// docs/product.md "Upload and become a creator" / docs/product.md principle 3: a full disk or a
// failed write shows a clear message and keeps what was typed; an invalid submit saves nothing.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDataAccess, setDataAccessForTests } from '@/data/data-access';
import { STORAGE_FULL_MESSAGE, StorageFullError } from '@/data/errors';
import { useSessionStore } from '@/data/session-store';
import { expectSignInLinks } from '@/components/forms/__tests__/sign-in-links';
import { UPLOAD_HINT, UploadForm } from '../components/upload-form';

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0, 0, 0, 0,
]);

function renderForm(form = <UploadForm />, at = '/upload-work') {
  return render(<MemoryRouter initialEntries={[at]}>{form}</MemoryRouter>);
}

/** The upload form with a PNG picked in it; returns the user driving it. */
async function renderWithImage() {
  const user = userEvent.setup();
  renderForm();
  await user.upload(
    screen.getByLabelText(/Upload file/),
    new File([PNG], 'art.png', { type: 'image/png' }),
  );
  expect(await screen.findByText(/Chosen: /)).toBeInTheDocument();
  return user;
}

const signIn = () =>
  useSessionStore
    .getState()
    .signIn({ id: 1, name: 'Mia Chen', email: 'mia@example.com', avatar: null }, false);

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  setDataAccessForTests(null);
  signIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  setDataAccessForTests(null);
  useSessionStore.getState().signOut();
});

describe('UploadForm', () => {
  it('shows the hint verbatim and refuses an empty submit without saving', async () => {
    const user = userEvent.setup();
    const createItem = vi.spyOn(getDataAccess(), 'createItem');
    renderForm();
    expect(screen.getByText(UPLOAD_HINT)).toBeInTheDocument();
    expect(UPLOAD_HINT).toBe('Supports JPG, PNG and MP4 videos. Max file size : 10MB.');
    await user.click(screen.getByRole('button', { name: 'Upload your work' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 2 fields'),
    );
    expect(screen.getByLabelText(/Art Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Upload file/)).toHaveAttribute('aria-invalid', 'true');
    expect(createItem).not.toHaveBeenCalled();
  });

  it('refuses a non-image file with a message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderForm();
    const input = screen.getByLabelText(/Upload file/);
    await user.upload(
      input,
      new File(['just text, no image'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(await screen.findByText(/\.txt files are not supported/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a full disk says so and keeps every typed value', async () => {
    vi.spyOn(getDataAccess(), 'createItem').mockRejectedValue(new StorageFullError());
    const user = await renderWithImage();
    await user.type(screen.getByLabelText(/Art Title/), 'Kept title');
    await user.type(screen.getByLabelText('Description'), 'Kept description');
    await user.type(screen.getByLabelText(/Rate/), '0.5');
    await user.click(screen.getByRole('button', { name: 'Upload your work' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(STORAGE_FULL_MESSAGE));
    expect(screen.getByLabelText(/Art Title/)).toHaveValue('Kept title');
    expect(screen.getByLabelText('Description')).toHaveValue('Kept description');
    expect(screen.getByLabelText(/Rate/)).toHaveValue(0.5);
    expect(screen.getByText(/Chosen: /)).toHaveTextContent('art.png');
  });

  it('creates the item and says where to see it', async () => {
    const createItem = vi.spyOn(getDataAccess(), 'createItem');
    const user = await renderWithImage();
    await user.type(screen.getByLabelText(/Art Title/), 'Saved work');
    await user.click(screen.getByRole('button', { name: 'Upload your work' }));
    expect(await screen.findByRole('heading', { name: /Saved work.* is uploaded/ })).toBeVisible();
    expect(createItem).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Saved work', type: 'gifs', imageType: 'image/png' }),
    );
    expect(screen.getByRole('link', { name: 'See it in Explore' })).toHaveAttribute(
      'href',
      '/explore-one',
    );
    await waitFor(async () => expect(await getDataAccess().loadDraft('upload-work')).toBeNull());
  });
});

// docs/product.md "Online": uploads ask to sign in first. Made signed out, the work would wait on the
// device until whichever account signs in next adopted it as its own. (Become a creator makes
// the account itself: src/app/__tests__/become-creator.test.tsx.)
describe('signed out, the upload form asks to sign in and keeps what was typed', () => {
  it('Upload Your Work saves nothing, links to login and back, and keeps the draft', async () => {
    useSessionStore.getState().signOut();
    const createItem = vi.spyOn(getDataAccess(), 'createItem');
    const user = await renderWithImage();
    await user.type(screen.getByLabelText(/Art Title/), 'Typed signed out');
    await user.click(screen.getByRole('button', { name: 'Upload your work' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign in to upload your work.');
    expectSignInLinks('/upload-work');
    expect(createItem).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Art Title/)).toHaveValue('Typed signed out');
    // The draft is written at once, to survive the trip to login and back.
    await waitFor(async () =>
      expect((await getDataAccess().loadDraft('upload-work'))?.values.title).toBe(
        'Typed signed out',
      ),
    );

    // Signed in, the same form uploads.
    act(() => signIn());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload your work' }));
    expect(
      await screen.findByRole('heading', { name: /Typed signed out.* is uploaded/ }),
    ).toBeVisible();
    expect(createItem).toHaveBeenCalledTimes(1);
  });
});
