// The service worker's Web Push handlers with a fake scope: a push shows the server's message
// (title, words, icon, picture, tag); a click focuses an open Artmint window and takes it to the
// item, or opens one; a page of another origin is never opened.
import { describe, expect, it, vi } from 'vitest';
import {
  handleWebPush,
  openNotification,
  type ClientsLike,
  type PushScopeLike,
  type WindowLike,
} from '../push/service-worker-push';

const ORIGIN = 'https://artmint.example';

function windowAt(url: string, focused = false) {
  const self: WindowLike & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } =
    {
      url,
      focused,
      focus: vi.fn(async () => self),
      navigate: vi.fn(async (to: string) => {
        self.url = to;
        return self;
      }),
    };
  return self;
}

function fakeClients(windows: WindowLike[]) {
  const clients = {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
  } satisfies ClientsLike;
  return clients;
}

describe('a click on a notification', () => {
  it('focuses the open Artmint window and takes it to the item', async () => {
    const other = windowAt('https://elsewhere.example/');
    const artmint = windowAt(`${ORIGIN}/explore`);
    const clients = fakeClients([other, artmint]);
    await openNotification(clients, ORIGIN, { url: '/item-detail/12' });
    expect(artmint.focus).toHaveBeenCalled();
    expect(artmint.navigate).toHaveBeenCalledWith(`${ORIGIN}/item-detail/12`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused window of several', async () => {
    const first = windowAt(`${ORIGIN}/`);
    const focused = windowAt(`${ORIGIN}/wallet`, true);
    await openNotification(fakeClients([first, focused]), ORIGIN, { url: '/creator-profile/3' });
    expect(focused.navigate).toHaveBeenCalledWith(`${ORIGIN}/creator-profile/3`);
    expect(first.navigate).not.toHaveBeenCalled();
  });

  it('opens a window on the item when none is open, or when the open one cannot go there', async () => {
    const none = fakeClients([]);
    await openNotification(none, ORIGIN, { url: '/item-detail/12' });
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/item-detail/12`);

    const stuck = windowAt(`${ORIGIN}/`);
    stuck.navigate.mockRejectedValue(new TypeError('not controlled'));
    const clients = fakeClients([stuck]);
    await openNotification(clients, ORIGIN, { url: '/item-detail/12' });
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/item-detail/12`);
  });

  it('opens the inbox for a page of another origin or none', async () => {
    const clients = fakeClients([]);
    await openNotification(clients, ORIGIN, { url: 'https://evil.example/phish' });
    await openNotification(clients, ORIGIN, undefined);
    expect(clients.openWindow.mock.calls).toEqual([
      [`${ORIGIN}/notifications`],
      [`${ORIGIN}/notifications`],
    ]);
  });
});

describe('the service worker scope', () => {
  function fakeScope(windows: WindowLike[] = []) {
    const listeners = new Map<string, (event: unknown) => void>();
    const scope = {
      location: { origin: ORIGIN },
      clients: fakeClients(windows),
      registration: { showNotification: vi.fn(async () => undefined) },
      addEventListener: (type: string, listener: (event: unknown) => void) => {
        listeners.set(type, listener);
      },
    };
    handleWebPush(scope as unknown as PushScopeLike);
    const fire = async (type: string, event: object) => {
      const work: Promise<unknown>[] = [];
      listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => work.push(p) });
      await Promise.all(work);
    };
    return { scope, fire };
  }

  it('shows the pushed message with its title, words, picture and tag', async () => {
    const { scope, fire } = fakeScope();
    const message = {
      id: 7,
      kind: 'outbid',
      title: 'You were outbid',
      body: 'Bob bid 5.00 ETH on Dawn.',
      tag: 'item-12',
      url: '/item-detail/12',
      image: '/images/dawn.webp',
      itemTitle: 'Dawn',
    };
    await fire('push', { data: { json: () => message } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('You were outbid', {
      body: 'Bob bid 5.00 ETH on Dawn.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      image: '/images/dawn.webp',
      tag: 'item-12',
      renotify: true,
      data: { url: '/item-detail/12' },
    });
  });

  it('shows nothing for a push that is not one of ours', async () => {
    const { scope, fire } = fakeScope();
    await fire('push', { data: { json: () => ({ hello: 'world' }) } });
    await fire('push', { data: null });
    expect(scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it('a click closes the notification and opens its page', async () => {
    const open = windowAt(`${ORIGIN}/`);
    const { fire } = fakeScope([open]);
    const close = vi.fn();
    await fire('notificationclick', { notification: { data: { url: '/item-detail/4' }, close } });
    expect(close).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${ORIGIN}/item-detail/4`);
  });
});
