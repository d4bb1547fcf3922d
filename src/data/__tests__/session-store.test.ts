// docs/architecture.md 5: the session store is validated and versioned; remember me decides where it
// lives (localStorage when remembered, sessionStorage otherwise).
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { toSessionUser, useSessionStore } from '@/data/session-store';

afterEach(() => {
  useSessionStore.setState({ user: null, remember: false });
  sessionStorage.clear();
});

const mia = { id: 7, name: 'Mia', email: 'mia@example.com', avatar: null };

describe('session store', () => {
  it('remembered sessions go to localStorage, others to sessionStorage', () => {
    useSessionStore.getState().signIn(mia, true);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toContain('Mia');
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    useSessionStore.getState().signIn(mia, false);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toContain('Mia');
  });

  it('signOut clears the user; updateUser changes only a signed-in user', () => {
    useSessionStore.getState().updateUser({ name: 'Nobody' });
    expect(useSessionStore.getState().user).toBeNull();
    useSessionStore.getState().signIn(mia, true);
    useSessionStore.getState().updateUser({ name: 'Mia Chen', avatar: 'idb:abc' });
    expect(useSessionStore.getState().user).toEqual({
      ...mia,
      name: 'Mia Chen',
      avatar: 'idb:abc',
    });
    useSessionStore.getState().signOut();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('validates what it reads back', () => {
    expect(toSessionUser(null)).toBeNull();
    expect(toSessionUser(mia)).toEqual(mia);
    expect(toSessionUser({ name: '', email: 'a@b.co', avatar: null })).toBeUndefined();
    expect(toSessionUser({ name: 'A', email: 'a@b.co', avatar: 3 })).toBeUndefined();
    expect(toSessionUser('Mia')).toBeUndefined();
    expect(toSessionUser({ ...mia, id: '7' })).toBeUndefined();
    expect(toSessionUser({ ...mia, id: null })).toEqual({ ...mia, id: null });
  });

  it('drops corrupt stored JSON', () => {
    localStorage.setItem(STORAGE_KEYS.session, '{not json');
    expect(useSessionStore.persist.getOptions().storage?.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('rehydrates a valid user and ignores a corrupt one, keeping the rest', async () => {
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ state: { user: { name: 5 }, remember: true }, version: 1 }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().user).toBeNull();
    expect(useSessionStore.getState().remember).toBe(true);
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ state: { user: mia, remember: true }, version: 2 }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().user).toEqual(mia);
  });

  it('migrates a version 1 session (no server id yet) to version 2 with id null', async () => {
    const { id: _id, ...before } = mia;
    void _id;
    localStorage.setItem(
      STORAGE_KEYS.session,
      JSON.stringify({ state: { user: before, remember: true }, version: 1 }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().user).toEqual({ ...before, id: null });
  });
});
