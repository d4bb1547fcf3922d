import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUpdateChecks } from '../update-checks';

function fakeRegistration(
  update = vi.fn(() => Promise.resolve(undefined as unknown as ServiceWorkerRegistration)),
) {
  return { installing: null as ServiceWorker | null, update };
}

function setOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

function setVisibility(value: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(value);
}

describe('startUpdateChecks', () => {
  let stop: () => void = () => undefined;
  let clock = 0;
  const now = () => clock;

  beforeEach(() => {
    vi.useFakeTimers();
    clock = 1_000_000;
    setOnline(true);
    setVisibility('visible');
  });

  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('checks every interval while online, and not while offline', async () => {
    const registration = fakeRegistration();
    stop = startUpdateChecks(registration, { intervalMs: 1000, now });
    expect(registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(registration.update).toHaveBeenCalledTimes(1);
    setOnline(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('checks when the app returns to the foreground, at most once a minute', async () => {
    const registration = fakeRegistration();
    stop = startUpdateChecks(registration, { now });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).toHaveBeenCalledTimes(1);
    clock += 30_000;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).toHaveBeenCalledTimes(1);
    clock += 31_000;
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).toHaveBeenCalledTimes(2);
  });

  it('does not check when the page is hidden', async () => {
    const registration = fakeRegistration();
    stop = startUpdateChecks(registration, { now });
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('checks when the network comes back', async () => {
    const registration = fakeRegistration();
    stop = startUpdateChecks(registration, { now });
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(registration.update).toHaveBeenCalledTimes(1);
  });

  it('skips while a new version is installing, and survives a failed check', async () => {
    const update = vi.fn(() => Promise.reject(new TypeError('Failed to update')));
    const registration = fakeRegistration(update);
    stop = startUpdateChecks(registration, { intervalMs: 1000, now });
    await vi.advanceTimersByTimeAsync(1000);
    expect(update).toHaveBeenCalledTimes(1);
    registration.installing = {} as ServiceWorker;
    await vi.advanceTimersByTimeAsync(1000);
    expect(update).toHaveBeenCalledTimes(1);
    registration.installing = null;
    await vi.advanceTimersByTimeAsync(1000);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('stops listening when stopped', async () => {
    const registration = fakeRegistration();
    startUpdateChecks(registration, { intervalMs: 1000, now })();
    window.dispatchEvent(new Event('online'));
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(registration.update).not.toHaveBeenCalled();
  });
});
