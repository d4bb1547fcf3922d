// docs/product.md "Records and fields" / docs/product.md principle 3: a failed write shows a clear
// message and keeps what was typed; a good one says "saved".
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDataAccess, setDataAccessForTests } from '@/data/data-access';
import { STORAGE_FAILED_MESSAGE, StorageError, StorageFullError } from '@/data/errors';
import { PersonalSection } from '../components/personal-section';
import { PERSONAL_DEFAULTS } from '../validation';

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  setDataAccessForTests(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  setDataAccessForTests(null);
});

async function fillAndSave(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First Name/), 'Ana');
  await user.type(screen.getByLabelText(/Last Name/), 'Lopez');
  await user.type(screen.getByLabelText(/Your Email/), 'ana@example.com');
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('PersonalSection', () => {
  it('keeps what was typed when the disk is full', async () => {
    const user = userEvent.setup();
    vi.spyOn(getDataAccess(), 'saveProfileSection').mockRejectedValue(new StorageFullError());
    const onSaved = vi.fn();
    render(<PersonalSection initial={PERSONAL_DEFAULTS} onSaved={onSaved} />);
    await fillAndSave(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/storage is full/));
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Ana');
    expect(screen.getByLabelText(/Your Email/)).toHaveValue('ana@example.com');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says when any other write fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(getDataAccess(), 'saveProfileSection').mockRejectedValue(new StorageError());
    render(<PersonalSection initial={PERSONAL_DEFAULTS} onSaved={vi.fn()} />);
    await fillAndSave(user);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(STORAGE_FAILED_MESSAGE),
    );
    expect(screen.getByLabelText(/Last Name/)).toHaveValue('Lopez');
  });

  it('saves, reports it and tells the header the new name', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    render(<PersonalSection initial={PERSONAL_DEFAULTS} onSaved={onSaved} />);
    await fillAndSave(user);
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Personal details saved.'),
    );
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ firstName: 'Ana' }));
    expect((await getDataAccess().loadProfile()).personal).toMatchObject({
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.com',
    });
  });

  it('refuses missing required fields without saving', async () => {
    const user = userEvent.setup();
    const save = vi.spyOn(getDataAccess(), 'saveProfileSection');
    render(<PersonalSection initial={PERSONAL_DEFAULTS} onSaved={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please fix the 3 fields'),
    );
    expect(screen.getByLabelText(/First Name/)).toHaveFocus();
    expect(save).not.toHaveBeenCalled();
  });

  describe('saved against the version the form showed (docs/sync.md "Edits merge")', () => {
    const v2 = { ...PERSONAL_DEFAULTS, firstName: 'Ada', lastName: 'L', email: 'ada@example.com' };
    // Another device's save landed while the form is open: the page reads version 3.
    const v3 = { ...v2, occupation: 'Painter', description: 'From the phone' };

    it("a field typed before another device's save landed goes against the version it was typed on", async () => {
      const user = userEvent.setup();
      const save = vi.spyOn(getDataAccess(), 'saveProfileSection');
      const { rerender } = render(<PersonalSection initial={v2} version={2} onSaved={vi.fn()} />);
      await user.type(screen.getByLabelText(/Description/), 'From the laptop');
      rerender(<PersonalSection initial={v3} version={3} onSaved={vi.fn()} />);
      // The untouched field takes the new value; what was typed stays.
      await waitFor(() => expect(screen.getByLabelText(/Occupation/)).toHaveValue('Painter'));
      expect(screen.getByLabelText(/Description/)).toHaveValue('From the laptop');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(save).toHaveBeenCalledOnce());
      expect(save.mock.calls[0]?.[2]).toBe(2);
    });

    it('names what the form started from, so only the typed field is sent', async () => {
      const user = userEvent.setup();
      const save = vi.spyOn(getDataAccess(), 'saveProfileSection');
      render(<PersonalSection initial={v2} version={2} onSaved={vi.fn()} />);
      await user.type(screen.getByLabelText(/Occupation/), 'Painter');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(save).toHaveBeenCalledOnce());
      expect(save.mock.calls[0]?.[3]).toMatchObject({ occupation: '' });
      expect(save.mock.calls[0]?.[1]).toMatchObject({ occupation: 'Painter' });
    });

    it('nothing typed before it landed: the new version is the base', async () => {
      const user = userEvent.setup();
      const save = vi.spyOn(getDataAccess(), 'saveProfileSection');
      const { rerender } = render(<PersonalSection initial={v2} version={2} onSaved={vi.fn()} />);
      rerender(<PersonalSection initial={v3} version={3} onSaved={vi.fn()} />);
      await waitFor(() => expect(screen.getByLabelText(/Occupation/)).toHaveValue('Painter'));
      await user.clear(screen.getByLabelText(/Description/));
      await user.type(screen.getByLabelText(/Description/), 'Mine');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(save).toHaveBeenCalledOnce());
      expect(save.mock.calls[0]?.[2]).toBe(3);
    });
  });
});
