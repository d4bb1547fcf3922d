// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOwner, DEVICE_ACCOUNT, SIGNED_OUT } from '../../owner';
import { BACKGROUND_SYNC_TAG, pushableLater, requestBackgroundSync } from '../background-sync';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser whose registrations have `sync` (Chromium) or not (Firefox, Safari). */
function browserWith(sync: boolean) {
  class Registration {}
  if (sync) Object.defineProperty(Registration.prototype, 'sync', { value: undefined });
  vi.stubGlobal('ServiceWorkerRegistration', Registration);
}

function container(registration: object | undefined) {
  const getRegistration = vi.fn(async () => registration);
  return {
    container: { getRegistration } as unknown as ServiceWorkerContainer,
    getRegistration,
  };
}

describe('asking the browser for a Background Sync', () => {
  it('registers the one tag with the active service worker', async () => {
    browserWith(true);
    const register = vi.fn(async () => undefined);
    const { container: workers } = container({ active: {}, sync: { register } });
    expect(await requestBackgroundSync(workers)).toBe(true);
    expect(register).toHaveBeenCalledWith(BACKGROUND_SYNC_TAG);
  });

  it('changes nothing where the browser has no Background Sync', async () => {
    browserWith(false);
    const { container: workers, getRegistration } = container({ active: {} });
    expect(await requestBackgroundSync(workers)).toBe(false);
    expect(getRegistration).not.toHaveBeenCalled();
    vi.stubGlobal('ServiceWorkerRegistration', undefined);
    expect(await requestBackgroundSync(workers)).toBe(false);
    expect(await requestBackgroundSync(undefined)).toBe(false);
  });

  it('changes nothing with no active service worker, or when the browser refuses', async () => {
    browserWith(true);
    const register = vi.fn(async () => undefined);
    expect(await requestBackgroundSync(container(undefined).container)).toBe(false);
    expect(await requestBackgroundSync(container({ sync: { register } }).container)).toBe(false);
    expect(register).not.toHaveBeenCalled();

    const refused = vi.fn(async () => {
      throw new DOMException('Permission denied.', 'NotAllowedError');
    });
    const { container: workers } = container({ active: {}, sync: { register: refused } });
    await expect(requestBackgroundSync(workers)).resolves.toBe(false);
    expect(refused).toHaveBeenCalledOnce();
  });
});

describe('which waiting changes a Background Sync could push', () => {
  it("an account's, and signed out only what needs no account", () => {
    expect(pushableLater(accountOwner(7), { kind: 'favourite' })).toBe(true);
    expect(pushableLater(SIGNED_OUT, { kind: 'favourite' })).toBe(false);
    expect(pushableLater(SIGNED_OUT, { kind: 'message' })).toBe(true);
    // An account kept on this device only has no session on the server.
    expect(pushableLater(DEVICE_ACCOUNT, { kind: 'follow' })).toBe(false);
  });
});
