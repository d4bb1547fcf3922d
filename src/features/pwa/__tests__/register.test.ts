import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from '@/components/ui/toast';
import type * as StoreModule from '../pwa-store';
import type * as RegisterModule from '../register';

// workbox-window, replaced: the test plays the service worker's part through its events.
interface FakeEvent {
  isUpdate?: boolean;
  isExternal?: boolean;
}
const sw = vi.hoisted(() => {
  const state = {
    instances: [] as { url: string; listeners: Map<string, ((event: object) => void)[]> }[],
    registration: { installing: null, update: () => Promise.resolve() },
    messageSkipWaiting: vi.fn(),
  };
  class Workbox {
    listeners = new Map<string, ((event: object) => void)[]>();
    constructor(public url: string) {
      state.instances.push(this);
    }
    addEventListener(type: string, listener: (event: object) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    register() {
      return Promise.resolve(state.registration);
    }
    messageSkipWaiting() {
      state.messageSkipWaiting();
    }
  }
  return { state, Workbox };
});
vi.mock('workbox-window', () => ({ Workbox: sw.Workbox }));

let register: typeof RegisterModule;
let store: typeof StoreModule;
let toasts: typeof ToastModule;
let reload: ReturnType<typeof vi.fn>;

function emit(type: string, event: FakeEvent = {}) {
  const instance = sw.state.instances.at(-1);
  if (!instance) throw new Error('no Workbox was created');
  for (const listener of instance.listeners.get(type) ?? []) listener(event);
}

function toastTitles(): string[] {
  return toasts.useToasts.getState().toasts.map((toast) => toast.title);
}

beforeEach(async () => {
  vi.resetModules();
  vi.stubEnv('PROD', true);
  sw.state.instances.length = 0;
  sw.state.messageSkipWaiting.mockClear();
  reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    pathname: '/',
    search: '',
    reload,
  } as unknown as Location);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  register = await import('../register');
  store = await import('../pwa-store');
  toasts = await import('@/components/ui/toast');
  register.startPwa();
  // workbox-window is loaded on demand.
  await vi.waitFor(() => expect(sw.state.instances).toHaveLength(1));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('startPwa', () => {
  it('registers /sw.js once, however often it is called', async () => {
    register.startPwa();
    await Promise.resolve();
    expect(sw.state.instances.map((instance) => instance.url)).toEqual(['/sw.js']);
  });

  it('registers nothing in development (vite dev has no sw.js)', async () => {
    vi.resetModules();
    vi.stubEnv('PROD', false);
    const fresh = await import('../register');
    fresh.startPwa();
    // A production start would be loading workbox-window now: wait for every import under way
    // to settle, so a Workbox made after it would be counted.
    await vi.dynamicImportSettled();
    expect(sw.state.instances).toHaveLength(1);
  });

  it('says "Ready to work offline" after the first install only', () => {
    emit('installed', { isUpdate: true });
    emit('installed', { isExternal: true });
    expect(toastTitles()).toEqual([]);
    emit('installed', {});
    expect(toastTitles()).toEqual(['Ready to work offline']);
  });

  it('asks before updating, and never reloads by itself', () => {
    emit('waiting');
    expect(store.usePwaStore.getState().needRefresh).toBe(true);
    // Another tab chose Reload: the new version now controls this page too. It still waits.
    emit('controlling', { isUpdate: true, isExternal: true });
    expect(reload).not.toHaveBeenCalled();
    expect(store.usePwaStore.getState().needRefresh).toBe(true);
  });

  it('ignores the first install taking control of the page', () => {
    emit('controlling', { isUpdate: false, isExternal: false });
    expect(store.usePwaStore.getState().needRefresh).toBe(false);
  });
});

describe('applyUpdate', () => {
  it('saves what was typed, lets the new version in, and reloads when it takes over', () => {
    document.body.innerHTML = '<form><input name="email" value="half@typ"></form>';
    emit('waiting');
    register.applyUpdate();
    expect(sessionStorage.getItem('artmint:reload-snapshot')).toContain('half@typ');
    expect(sw.state.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads at once when the new version already took over in another tab', () => {
    emit('waiting');
    emit('controlling', { isUpdate: true, isExternal: true });
    register.applyUpdate();
    expect(sw.state.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads anyway if the new version does not take over within 5 s', () => {
    vi.useFakeTimers();
    emit('waiting');
    register.applyUpdate();
    vi.advanceTimersByTime(4999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
