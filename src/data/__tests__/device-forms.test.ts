// @vitest-environment node
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { IDB_NAME } from '@/config/storage-keys';
import { ValidationError } from '../errors';
import type { AccountRecord } from '../records';
import type { OutboxKind } from '@shared/types';
import { DEVICE_ACCOUNT } from '../owner';
import { freshStore, pngBlob, type TestStore } from './fixtures';

let store: TestStore;
beforeEach(() => {
  store = freshStore();
});

const account: AccountRecord = {
  name: 'Nia Moon',
  email: 'nia@example.com',
  passwordHash: 'aGFzaA==',
  salt: 'c2FsdA==',
  iterations: 310000,
  createdAt: '2026-03-01T12:00:00.000Z',
};

describe('outbox', () => {
  it('saves messages, lists them newest first and clears them', async () => {
    await store.data.saveOutbox('newsletter', { email: 'a@example.com' });
    store.clock.advance(1000);
    const contact = await store.data.saveOutbox('contact', { name: 'Ana', comments: 'Hi' });
    expect(contact).toMatchObject({ kind: 'contact', fields: { name: 'Ana', comments: 'Hi' } });
    expect((await store.data.listOutbox()).map((e) => e.kind)).toEqual(['contact', 'newsletter']);
    await store.data.clearOutbox();
    expect(await store.data.listOutbox()).toEqual([]);
  });

  it('tells each message waiting, sent or refused from its change in the sync queue, and clears the sent ones only', async () => {
    const sent = await store.data.saveOutbox('newsletter', { email: 'a@example.com' });
    store.clock.advance(1000);
    const forgotten = await store.data.saveOutbox('contact', { name: 'Ana', comments: 'Hi' });
    store.clock.advance(1000);
    const refused = await store.data.saveOutbox('support', { name: 'Bo', comments: 'Help' });
    store.clock.advance(1000);
    const waiting = await store.data.saveOutbox('contact', { name: 'Cy', comments: 'Hello' });
    expect((await store.data.listStoredMessages()).map((m) => m.delivery)).toEqual([
      'waiting',
      'waiting',
      'waiting',
      'waiting',
    ]);
    // What the sync engine leaves in its queue: one synced, one forgotten after syncing, one
    // refused with the server's words.
    const db = await openDB(IDB_NAME);
    const queued = async (id: string) => ({ ...(await db.get('mutations', id)) });
    await db.put('mutations', { ...(await queued(sent.id)), state: 'synced' });
    await db.delete('mutations', forgotten.id);
    await db.put('mutations', {
      ...(await queued(refused.id)),
      state: 'refused',
      code: 'invalid',
      error: 'This change is malformed.',
    });
    db.close();
    const listed = await store.data.listStoredMessages();
    expect(listed.map((m) => [m.id, m.delivery, m.error])).toEqual([
      [waiting.id, 'waiting', undefined],
      [refused.id, 'refused', 'This change is malformed.'],
      [forgotten.id, 'sent', undefined],
      [sent.id, 'sent', undefined],
    ]);
    expect(listed[0]).toMatchObject({ kind: 'contact', fields: { name: 'Cy' } });

    expect(await store.data.clearSentMessages()).toBe(2);
    expect((await store.data.listStoredMessages()).map((m) => m.id)).toEqual([
      waiting.id,
      refused.id,
    ]);
    expect(await store.data.clearSentMessages()).toBe(0);
  });

  it('refuses an unknown kind', async () => {
    await expect(store.data.saveOutbox('spam' as OutboxKind, {})).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});

describe('drafts', () => {
  it('saves, restores and clears a draft per form', async () => {
    await store.data.saveDraft('upload-work', { title: 'Half done', price: 2, auction: true });
    await store.data.saveDraft('contact', { name: 'Ana' });
    expect(await store.data.loadDraft('upload-work')).toEqual({
      formId: 'upload-work',
      values: { title: 'Half done', price: 2, auction: true },
      savedAt: '2026-03-01T12:00:00.000Z',
    });
    await store.data.saveDraft('upload-work', { title: 'Done' });
    expect((await store.data.loadDraft('upload-work'))?.values).toEqual({ title: 'Done' });
    await store.data.clearDraft('upload-work');
    expect(await store.data.loadDraft('upload-work')).toBeNull();
    expect((await store.data.loadDraft('contact'))?.values).toEqual({ name: 'Ana' });
  });
});

describe('profile and account', () => {
  it('saves each profile section on its own', async () => {
    await store.data.saveProfileSection('personal', { firstName: 'Nia', lastName: 'Moon' });
    await store.data.saveProfileSection('account-notifications', {
      follows: true,
      mentions: false,
    });
    await store.data.saveProfileSection('personal', { firstName: 'Nia', lastName: 'Sun' });
    expect(await store.data.loadProfile()).toEqual({
      personal: { firstName: 'Nia', lastName: 'Sun' },
      'account-notifications': { follows: true, mentions: false },
    });
  });

  it('names created items after the profile when there is no creator profile', async () => {
    await store.data.saveProfileSection('personal', { firstName: 'Nia', lastName: 'Moon' });
    const item = await store.data.createItem({
      title: 'Moonrise',
      description: '',
      type: 'Tech',
      image: pngBlob(),
      imageType: 'image/png',
    });
    expect(item.name).toBe('Nia Moon');
  });

  it('saves and loads the account, and refuses one without a password hash', async () => {
    expect(await store.data.loadAccount()).toBeNull();
    await store.data.saveAccount(account);
    expect(await store.data.loadAccount()).toEqual(account);
    await expect(store.data.saveAccount({ ...account, passwordHash: '' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await store.data.loadAccount()).toEqual(account);
  });
});

describe('deleteAllUserData', () => {
  it('clears every store and leaves the sample content', async () => {
    // Signed in with the account (kept on the device only: no server id).
    store = freshStore(undefined, () => DEVICE_ACCOUNT);
    await store.data.saveAccount(account);
    await store.data.saveProfileSection('contact', { phone: '123' });
    await store.data.saveDraft('contact', { name: 'Ana' });
    await store.data.saveOutbox('support', { subject: 'Help' });
    await store.data.placeBid({ itemId: 1, priceEth: '4', quantity: 1 });
    await store.data.checkout({ itemId: 2, priceEth: '3.5' });
    await store.data.toggleFavourite(1);
    await store.data.toggleFollow(1);
    await store.data.createItem({
      title: 'Gone soon',
      description: '',
      type: 'Music',
      image: pngBlob(),
      imageType: 'image/png',
    });
    const before = await store.data.countUserData();
    expect(before).toMatchObject({ items: 1, images: 1, bids: 1, purchases: 1, account: 1 });

    await store.data.deleteAllUserData();

    const after = await store.data.countUserData();
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(Object.keys(after)).toHaveLength(18);
    expect(await store.data.loadAccount()).toBeNull();
    expect(await store.data.loadProfile()).toEqual({});
    expect((await store.data.getItem(1))?.highestBidEth).toBe('3.55');
    expect((await store.data.getItem(2))?.ownerId).toBe(1);
    expect((await store.data.listItems()).total).toBe(5);
    expect(await store.data.getCreator(0)).toBeNull();
    expect((await store.data.listActivity()).map((e) => e.id)).toEqual(['s2', 's1']);
  });
});

describe('storageEstimate', () => {
  it('is null when the browser cannot tell', async () => {
    expect(await store.data.storageEstimate()).toBeNull();
  });
});
