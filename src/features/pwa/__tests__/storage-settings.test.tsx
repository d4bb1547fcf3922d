import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StorageSettings } from '../components/storage-settings';

/** A Cache Storage in memory: cache name -> url -> body. */
function fakeCaches(initial: Record<string, Record<string, string>>) {
  const store = new Map(
    Object.entries(initial).map(([name, entries]) => [name, new Map(Object.entries(entries))]),
  );
  const open = async (name: string) => {
    const entries = store.get(name) ?? new Map<string, string>();
    store.set(name, entries);
    return {
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      match: async (request: Request) => {
        const body = entries.get(request.url);
        return body === undefined ? undefined : new Response(body);
      },
    } as unknown as Cache;
  };
  const storage = {
    keys: async () => [...store.keys()],
    open,
    delete: async (name: string) => store.delete(name),
  } as unknown as CacheStorage;
  return { storage, store };
}

let unregister: ReturnType<typeof vi.fn>;

function stubBrowser(estimate: StorageEstimate & { usageDetails?: object }) {
  const caches = fakeCaches({
    'workbox-precache-v2-http://localhost/': {
      'http://localhost/index.html': '<!doctype html>',
      'http://localhost/assets/app.js': 'x'.repeat(2048),
      'http://localhost/images/a.svg': '<svg/>',
    },
  });
  vi.stubGlobal('caches', caches.storage);
  Object.defineProperty(navigator, 'storage', {
    value: { estimate: async () => estimate },
    configurable: true,
  });
  unregister = vi.fn(async () => true);
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistrations: async () => [{ unregister }] },
    configurable: true,
  });
  return caches.store;
}

beforeEach(() => {
  vi.stubGlobal('caches', undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function row(name: string): HTMLElement {
  const term = screen.getByText(name, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${name}`);
  return value;
}

describe('StorageSettings', () => {
  it('shows the offline copy and the user data, as the browser reports them', async () => {
    stubBrowser({
      usage: 3_500_000,
      quota: 2 * 1024 ** 3,
      usageDetails: { caches: 3.2 * 1024 * 1024, indexedDB: 48 * 1024 },
    });
    render(<StorageSettings />);
    await waitFor(() =>
      expect(row('Offline copy of the app')).toHaveTextContent('3.2 MB (3 files)'),
    );
    expect(row('Your data (account, items, bids, forms)')).toHaveTextContent('48 KB');
    expect(row('Space the browser allows')).toHaveTextContent('2.0 GB');
    expect(screen.getByText(/use Delete account in these settings/)).toBeInTheDocument();
  });

  it('measures the caches itself where the browser gives no breakdown', async () => {
    stubBrowser({ usage: 10_000, quota: 1_000_000 });
    render(<StorageSettings />);
    // 15 + 2048 + 6 = 2069 bytes of cached bodies; the other 7931 bytes are the user's data.
    await waitFor(() =>
      expect(row('Offline copy of the app')).toHaveTextContent('2.0 KB (3 files)'),
    );
    expect(row('Your data (account, items, bids, forms)')).toHaveTextContent('7.7 KB');
  });

  it('clears the offline copy after a confirmation, and keeps the user data', async () => {
    const user = userEvent.setup();
    const store = stubBrowser({ usage: 1, quota: 1, usageDetails: { caches: 4096, indexedDB: 1 } });
    localStorage.setItem('artmint:theme', '{"state":{"choice":"light"},"version":1}');
    render(<StorageSettings />);
    await waitFor(() => expect(row('Offline copy of the app')).toHaveTextContent('3 files'));

    await user.click(screen.getByRole('button', { name: 'Clear offline data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clear offline data?' });
    expect(dialog).toHaveTextContent('Your account, items, bids and saved forms are kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(store.size).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Clear offline data' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear offline data' }),
    );
    await waitFor(() => expect(screen.getByText(/Offline data cleared/)).toBeInTheDocument());
    expect(store.size).toBe(0);
    expect(unregister).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('artmint:theme')).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The browser still reports the old figure for a while; no files means nothing stored.
    expect(row('Offline copy of the app')).toHaveTextContent('0 bytes (0 files)');
  });

  it('says so when the browser cannot report storage', async () => {
    Object.defineProperty(navigator, 'storage', {
      value: { estimate: () => Promise.reject(new Error('blocked')) },
      configurable: true,
    });
    render(<StorageSettings />);
    expect(
      await screen.findByText('This browser does not report how much is stored.'),
    ).toBeInTheDocument();
  });
});

describe('StorageSettings while changes wait to sync', () => {
  it('refuses to clear and says why', async () => {
    const { getDataAccess } = await import('@/data/data-access');
    const spy = vi.spyOn(getDataAccess(), 'countWaitingChanges').mockResolvedValue(2);
    render(<StorageSettings />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear offline data' }));
    expect(await screen.findByText(/2 changes are still waiting to sync/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    spy.mockRestore();
  });
});
