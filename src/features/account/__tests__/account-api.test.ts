// docs/product.md "Writes", Account: signup creates a device account whose password is kept only
// as a salted slow hash; login and the lock screen check it; logout locks; reset is recorded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDB_NAME, STORAGE_KEYS } from '@/config/storage-keys';
import { getDataAccess } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import {
  changePassword,
  logIn,
  requestPasswordReset,
  signUp,
  unlock,
  WRONG_PASSWORD,
} from '../api';
import { logOut } from '@/data/logout';
import { useSessionStore } from '@/data/session-store';
import { leaveDevice, onFreshDevice } from './fresh-device';

const PASSWORD = 'Plaintext-Secret-42';

/** Every value in every object store of the app's IndexedDB, as text. */
async function dumpIndexedDb(): Promise<string> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(IDB_NAME);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const names = [...db.objectStoreNames];
  const values = await Promise.all(
    names.map(
      (name) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        }),
    ),
  );
  db.close();
  return JSON.stringify(values);
}

async function fieldErrorsOf(work: Promise<unknown>): Promise<Record<string, string>> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).fieldErrors;
}

beforeEach(() => {
  // A plain static host: no API, so accounts live on the device only, as before the server.
  onFreshDevice().mode = 'static';
});
afterEach(leaveDevice);

describe('account on a host with no API (device only, as before the server)', () => {
  it('signup keeps no plain-text password in IndexedDB, localStorage or sessionStorage', async () => {
    await signUp({ name: 'Mia Chen', email: 'Mia@Example.com', password: PASSWORD, terms: true });
    const stored = await dumpIndexedDb();
    expect(stored).toContain('mia@example.com');
    expect(stored).toContain('passwordHash');
    expect(stored).not.toContain(PASSWORD);
    const account = await getDataAccess().loadAccount();
    expect(account?.iterations).toBeGreaterThanOrEqual(100_000);
    expect(account?.passwordHash).not.toBe(PASSWORD);
    const web = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(web).not.toContain(PASSWORD);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toContain('Mia Chen');
    expect(useSessionStore.getState().user?.name).toBe('Mia Chen');
  });

  it('refuses a second account on the device and invalid input, saving nothing', async () => {
    expect(
      await fieldErrorsOf(signUp({ name: '', email: 'bad', password: 'short', terms: false })),
    ).toMatchObject({
      name: expect.any(String),
      email: expect.any(String),
      terms: expect.any(String),
    });
    expect(await getDataAccess().loadAccount()).toBeNull();
    await signUp({ name: 'Mia', email: 'mia@example.com', password: PASSWORD, terms: true });
    expect(
      await fieldErrorsOf(
        signUp({ name: 'Other', email: 'mia@example.com', password: PASSWORD, terms: true }),
      ),
    ).toEqual({ email: expect.stringMatching(/already exists/) });
  });

  it('login checks the password; logout locks; unlock opens again', async () => {
    await signUp({ name: 'Mia', email: 'mia@example.com', password: PASSWORD, terms: true });
    logOut();
    expect(useSessionStore.getState().user).toBeNull();
    expect(await fieldErrorsOf(logIn('mia@example.com', 'wrong-password', true))).toEqual({
      password: WRONG_PASSWORD,
    });
    expect(await fieldErrorsOf(logIn('other@example.com', PASSWORD, true))).toEqual({
      email: expect.stringMatching(/No account/),
    });
    expect(useSessionStore.getState().user).toBeNull();
    await logIn(' MIA@example.com ', PASSWORD, false);
    expect(useSessionStore.getState().user?.email).toBe('mia@example.com');
    // Not remembered: the session lives in sessionStorage only.
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.session)).toContain('mia@example.com');
    logOut();
    expect(await fieldErrorsOf(unlock('nope-nope', true))).toEqual({ password: WRONG_PASSWORD });
    await unlock(PASSWORD, true);
    expect(useSessionStore.getState().user?.name).toBe('Mia');
  });

  it('change password checks the old one and re-hashes', async () => {
    await signUp({ name: 'Mia', email: 'mia@example.com', password: PASSWORD, terms: true });
    const before = await getDataAccess().loadAccount();
    expect(
      await fieldErrorsOf(
        changePassword({
          oldPassword: 'wrong-one',
          newPassword: 'New-Pass-123',
          confirmPassword: 'New-Pass-123',
        }),
      ),
    ).toEqual({ oldPassword: 'The old password is wrong.' });
    expect(
      await fieldErrorsOf(
        changePassword({
          oldPassword: PASSWORD,
          newPassword: 'New-Pass-123',
          confirmPassword: 'New-Pass-124',
        }),
      ),
    ).toEqual({ confirmPassword: 'The two new passwords do not match.' });
    await changePassword({
      oldPassword: PASSWORD,
      newPassword: 'New-Pass-123',
      confirmPassword: 'New-Pass-123',
    });
    const after = await getDataAccess().loadAccount();
    expect(after?.salt).not.toBe(before?.salt);
    expect(after?.updatedAt).toBeDefined();
    expect(await dumpIndexedDb()).not.toContain('New-Pass-123');
    logOut();
    await expect(logIn('mia@example.com', PASSWORD, true)).rejects.toBeInstanceOf(ValidationError);
    await logIn('mia@example.com', 'New-Pass-123', true);
  });

  it('reset password records the request in the outbox', async () => {
    expect(await fieldErrorsOf(requestPasswordReset('nope'))).toHaveProperty('email');
    await requestPasswordReset('Mia@Example.com');
    const outbox = await getDataAccess().listOutbox();
    expect(outbox).toEqual([
      expect.objectContaining({ kind: 'reset-password', fields: { email: 'mia@example.com' } }),
    ]);
  });
});
