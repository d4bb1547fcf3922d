// Accounts live on the server; the device remembers the last login (server id
// and a slow salted hash) so a known login works offline; the server is the authority when it
// answers; a device-only account moves to the server at its next online sign-in; a host with
// no API leaves accounts on the device without retrying.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDataAccess, setDataAccessForTests } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import { resetRemoteAccountStateForTests } from '@/data/remote/account-api';
import {
  changePassword,
  completePasswordReset,
  deleteAccount,
  logIn,
  requestPasswordReset,
  SIGNUP_NEEDS_CONNECTION,
  signUp,
  unlock,
  WRONG_PASSWORD,
} from '../api';
import { NOT_KNOWN_OFFLINE } from '../device-account';
import { TAKEN_WITH_OTHER_PASSWORD } from '../legacy-account';
import { logOut } from '@/data/logout';
import { useSessionStore } from '@/data/session-store';
import type { fakeAuthServer } from './fake-auth-server';
import { leaveDevice, onFreshDevice } from './fresh-device';

const MIA = { name: 'Mia Chen', email: 'mia@example.com', password: 'Violet-Tide-42', terms: true };
const WRONG_LOGIN = 'Wrong email or password.';
let server: ReturnType<typeof fakeAuthServer>;

async function refusalOf(work: Promise<unknown>): Promise<ValidationError> {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

beforeEach(() => {
  server = onFreshDevice();
});
afterEach(leaveDevice);

describe('accounts on the server', () => {
  it('signup creates the account there; the collector is its server id, on the device too', async () => {
    const user = await signUp(MIA);
    const created = server.accounts.get(MIA.email);
    expect(created).toBeDefined();
    expect(user.id).toBe(created?.id);
    expect(useSessionStore.getState().user?.id).toBe(created?.id);
    const record = await getDataAccess().loadAccount();
    expect(record).toMatchObject({ email: MIA.email, serverId: created?.id });
    expect(record?.passwordHash).not.toContain(MIA.password);
  });

  it('signup offline says it needs a connection and saves nothing; a taken email is refused', async () => {
    server.mode = 'offline';
    const offline = await refusalOf(signUp(MIA));
    expect(offline.fieldErrors).toEqual({});
    expect(offline.message).toBe(SIGNUP_NEEDS_CONNECTION);
    expect(await getDataAccess().loadAccount()).toBeNull();
    server.mode = 'server';
    server.addAccount(MIA.email, 'Other-Pass-1');
    expect((await refusalOf(signUp(MIA))).fieldErrors).toEqual({
      email: expect.stringMatching(/already exists/),
    });
  });

  it('the server decides online: an old password is wrong even when the device hash matches it', async () => {
    await signUp(MIA);
    logOut();
    // Changed from another device.
    const account = server.accounts.get(MIA.email);
    if (account) account.password = 'Changed-Elsewhere-7';
    expect((await refusalOf(logIn(MIA.email, MIA.password, true))).fieldErrors).toEqual({
      password: WRONG_LOGIN,
    });
    expect((await refusalOf(unlock(MIA.password, true))).fieldErrors).toEqual({
      password: WRONG_PASSWORD,
    });
    await logIn(MIA.email, 'Changed-Elsewhere-7', true);
    // The device now knows the new password, offline too, and no longer the old one.
    logOut();
    server.mode = 'offline';
    expect((await refusalOf(logIn(MIA.email, MIA.password, true))).fieldErrors).toEqual({
      password: WRONG_PASSWORD,
    });
    await unlock('Changed-Elsewhere-7', true);
    expect(useSessionStore.getState().user?.id).toBe(account?.id);
  });

  it('offline, a login this device knows works; an unknown one needs a connection', async () => {
    await signUp(MIA);
    logOut();
    server.mode = 'offline';
    await logIn(MIA.email, MIA.password, true);
    expect(useSessionStore.getState().user?.name).toBe(MIA.name);
    logOut();
    expect((await refusalOf(logIn('zoe@example.com', MIA.password, true))).fieldErrors).toEqual({
      email: NOT_KNOWN_OFFLINE,
    });
  });

  it('logout ends the server session', async () => {
    await signUp(MIA);
    expect(server.session?.email).toBe(MIA.email);
    logOut();
    await vi.waitFor(() => expect(server.session).toBeNull());
    expect(server.calls).toContain('/api/auth/logout');
  });

  it('logout ends the server session after the sync cycle in flight, and before a sign-in that follows', async () => {
    await signUp(MIA);
    // The sync lock, held by a cycle that is pulling the account's records.
    let release = () => undefined as void;
    const cycle = new Promise<void>((resolve) => {
      release = resolve;
    });
    const locks = {
      request: async (_name: string, _options: unknown, task: () => Promise<void>) => {
        await cycle;
        return task();
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      logOut();
      const login = logIn(MIA.email, MIA.password, true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.calls).not.toContain('/api/auth/logout');
      expect(server.session?.email).toBe(MIA.email);
      release();
      await login;
      expect(server.calls.lastIndexOf('/api/auth/logout')).toBeGreaterThan(-1);
      expect(server.calls.lastIndexOf('/api/auth/logout')).toBeLessThan(
        server.calls.lastIndexOf('/api/auth/login'),
      );
      expect(server.session?.email).toBe(MIA.email);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('change password goes to the server, signing in again when its session ended', async () => {
    await signUp(MIA);
    const change = { oldPassword: 'Not-The-One-1', newPassword: 'Fresh-Pass-99' };
    expect(
      (await refusalOf(changePassword({ ...change, confirmPassword: 'Fresh-Pass-99' })))
        .fieldErrors,
    ).toEqual({ oldPassword: expect.stringMatching(/wrong/) });
    server.endSession();
    await changePassword({
      ...change,
      oldPassword: MIA.password,
      confirmPassword: 'Fresh-Pass-99',
    });
    expect(server.accounts.get(MIA.email)?.password).toBe('Fresh-Pass-99');
    server.mode = 'offline';
    const offline = await refusalOf(
      changePassword({
        oldPassword: 'Fresh-Pass-99',
        newPassword: 'Third-Pass-33',
        confirmPassword: 'Third-Pass-33',
      }),
    );
    expect(offline.message).toMatch(/needs a connection/);
    logOut();
    await logIn(MIA.email, 'Fresh-Pass-99', true);
  });

  it('delete account checks the password, removes it on the server, then clears the device', async () => {
    await signUp(MIA);
    await getDataAccess().saveProfileSection('personal', { firstName: 'Mia' });
    expect((await refusalOf(deleteAccount('Not-The-One-1'))).fieldErrors).toEqual({
      password: expect.stringMatching(/wrong/),
    });
    expect(await getDataAccess().loadAccount()).not.toBeNull();
    await deleteAccount(MIA.password);
    expect(server.accounts.has(MIA.email)).toBe(false);
    expect(await getDataAccess().loadAccount()).toBeNull();
    expect(await getDataAccess().loadProfile()).toEqual({});
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('delete account signs out even when the device cannot be cleared', async () => {
    await signUp(MIA);
    const device = getDataAccess();
    const failure = new Error('The device store is unavailable.');
    setDataAccessForTests({ ...device, deleteAllUserData: () => Promise.reject(failure) });
    await expect(deleteAccount(MIA.password)).rejects.toBe(failure);
    expect(server.accounts.has(MIA.email)).toBe(false);
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('reset: the request goes to the server (offline it waits in the outbox); the token sets a new password', async () => {
    await signUp(MIA);
    logOut();
    expect(await requestPasswordReset(MIA.email)).toBe('sent');
    expect(await getDataAccess().listOutbox()).toEqual([]);
    const [token] = [...server.resetTokens.keys()];
    expect(token).toBeDefined();
    await completePasswordReset(token ?? '', 'Reset-Pass-55');
    const reused = await refusalOf(completePasswordReset(token ?? '', 'Reset-Pass-56'));
    expect(reused.fieldErrors).toEqual({});
    expect(reused.message).toMatch(/expired or was already used/);
    await logIn(MIA.email, 'Reset-Pass-55', true);
    server.mode = 'offline';
    expect(await requestPasswordReset(MIA.email)).toBe('queued');
    expect(await getDataAccess().listOutbox()).toEqual([
      expect.objectContaining({ kind: 'reset-password', fields: { email: MIA.email } }),
    ]);
  });
});

describe('an account made on the device before the server', () => {
  async function makeDeviceAccount() {
    server.mode = 'static';
    await signUp(MIA);
    await getDataAccess().saveProfileSection('personal', { firstName: 'Mia', bio: 'kept' });
    logOut();
    expect((await getDataAccess().loadAccount())?.serverId).toBeUndefined();
    resetRemoteAccountStateForTests();
    server.mode = 'server';
  }

  it('is created on the server at its next online sign-in, with its name and password', async () => {
    await makeDeviceAccount();
    await logIn(MIA.email, MIA.password, true);
    const created = server.accounts.get(MIA.email);
    expect(created).toMatchObject({ name: MIA.name, password: MIA.password });
    expect((await getDataAccess().loadAccount())?.serverId).toBe(created?.id);
    expect(useSessionStore.getState().user?.id).toBe(created?.id);
  });

  it('when its email is taken there, signs in to that account with its password; data kept', async () => {
    await makeDeviceAccount();
    const existing = server.addAccount(MIA.email, 'Server-Pass-88', 'Mia on the web');
    expect((await refusalOf(unlock(MIA.password, true))).fieldErrors).toEqual({
      password: TAKEN_WITH_OTHER_PASSWORD,
    });
    expect((await refusalOf(logIn(MIA.email, 'Neither-One-1', true))).fieldErrors).toEqual({
      password: WRONG_PASSWORD,
    });
    await logIn(MIA.email, 'Server-Pass-88', true);
    expect((await getDataAccess().loadAccount())?.serverId).toBe(existing.id);
    expect((await getDataAccess().loadProfile()).personal).toMatchObject({ bio: 'kept' });
    expect(useSessionStore.getState().user?.id).toBe(existing.id);
  });

  it('offline, it keeps working on the device and moves later', async () => {
    await makeDeviceAccount();
    server.mode = 'offline';
    await logIn(MIA.email, MIA.password, true);
    expect(useSessionStore.getState().user?.id).toBeNull();
    expect(server.accounts.size).toBe(0);
  });
});

describe('a static host with no API', () => {
  it('keeps accounts on the device and stops asking after the first 404', async () => {
    server.mode = 'static';
    await signUp(MIA);
    logOut();
    await logIn(MIA.email, MIA.password, true);
    await changePassword({
      oldPassword: MIA.password,
      newPassword: 'Fresh-Pass-99',
      confirmPassword: 'Fresh-Pass-99',
    });
    await unlock('Fresh-Pass-99', true);
    expect(server.calls).toEqual(['/api/auth/signup']);
    expect(useSessionStore.getState().user).toMatchObject({ name: MIA.name, id: null });
  });
});
