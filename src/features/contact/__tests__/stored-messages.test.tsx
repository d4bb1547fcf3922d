// Settings: the messages kept on this device (docs/product.md "Writes"), listed with where each
// stands, and the sent ones cleared. The device store is the real one (fake IndexedDB); the
// sync queue's states are set as the sync engine leaves them.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDB_NAME } from '@/config/storage-keys';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { StoredMessages } from '../components/stored-messages';

let data: DeviceDataAccess;
beforeEach(() => {
  data = freshStore().data;
  setDataAccessForTests(data);
});
afterEach(() => {
  setDataAccessForTests(null);
});

async function markSynced(id: string) {
  const db = await openDB(IDB_NAME);
  await db.put('mutations', { ...(await db.get('mutations', id)), state: 'synced' });
  db.close();
}

describe('Messages on this device', () => {
  it('says when none are kept, and offers nothing to clear', async () => {
    render(<StoredMessages />);
    expect(await screen.findByText('No messages are kept on this device.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear sent messages' })).toBeDisabled();
  });

  it('lists each message with where it stands, and clears the sent ones only', async () => {
    const user = userEvent.setup();
    const newsletter = await data.saveOutbox('newsletter', { email: 'ana@example.com' });
    await data.saveOutbox('support', {
      name: 'Bo',
      email: 'bo@example.com',
      subject: 'Lost bid',
      comments: 'Where is it?',
    });
    await markSynced(newsletter.id);
    render(<StoredMessages />);

    const list = await screen.findByRole('list', { name: 'Messages on this device' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const support = rows.find((row) => row.textContent?.includes('Support request'));
    const signUp = rows.find((row) => row.textContent?.includes('Newsletter sign-up'));
    expect(support).toHaveTextContent('bo@example.com · Lost bid');
    expect(support).toHaveTextContent('Waiting to be sent');
    expect(signUp).toHaveTextContent('ana@example.com');
    expect(signUp).toHaveTextContent('Sent');

    await user.click(screen.getByRole('button', { name: 'Clear sent messages' }));
    // The status region may be there, empty, before its words: wait for the words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        '1 sent message cleared from this device.',
      ),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(within(list).getByRole('listitem')).toHaveTextContent('Support request');
    expect(screen.getByRole('button', { name: 'Clear sent messages' })).toBeDisabled();
    expect((await data.listStoredMessages()).map((m) => m.kind)).toEqual(['support']);
  });
});
