// "Notify me on this device": it says in words what this device is (on, off, blocked by the
// browser, not supported), subscribes only when pressed (never on load) with the server's key,
// sends the subscription to the server, says so when offline, and turns off again (the server
// forgets it, then the browser). The browser's push (service worker, PushManager, Notification)
// and the server are fakes; the button, its words and the API client are the real ones.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushButton } from '../push/push-button';

const KEY = 'BPublicKeyOfTheServer_abc';
const subscription = {
  endpoint: 'https://push.example.com/send/1',
  toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: 'p', auth: 'a' } }),
  unsubscribe: vi.fn(async () => true),
};

let held: typeof subscription | null;
let permission: NotificationPermission;
const subscribe = vi.fn(async () => {
  held = subscription;
  return subscription;
});
const requests: { method: string; path: string; body: unknown }[] = [];
const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function browserWithPush() {
  const pushManager = { subscribe, getSubscription: async () => held };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission: vi.fn(async () => permission),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
}

beforeEach(() => {
  held = null;
  permission = 'default';
  requests.length = 0;
  subscribe.mockClear();
  subscription.unsubscribe.mockClear();
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    requests.push({
      method: init.method ?? 'GET',
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (path === '/api/web-push/key') return answer(200, { publicKey: KEY });
    return init.method === 'DELETE'
      ? new Response(null, { status: 204 })
      : answer(201, { ok: true });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('Notify me on this device', () => {
  it('says when this browser cannot, and offers no button', async () => {
    render(<PushButton />);
    expect(await screen.findByText(/Not supported here/)).toHaveRole('status');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('subscribes only when pressed, with the server’s key, and sends the subscription', async () => {
    browserWithPush();
    render(<PushButton />);
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
    expect(subscribe).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    permission = 'granted';
    await userEvent.click(screen.getByRole('button', { name: 'Notify me on this device' }));
    expect(await screen.findByText(/On for this device/)).toBeInTheDocument();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: KEY });
    expect(requests.at(-1)).toEqual({
      method: 'POST',
      path: '/api/web-push/subscription',
      body: subscription.toJSON(),
    });
  });

  it('says the browser blocked it when permission is refused', async () => {
    browserWithPush();
    render(<PushButton />);
    const button = await screen.findByRole('button', { name: 'Notify me on this device' });
    permission = 'denied';
    await userEvent.click(button);
    expect(await screen.findByText(/Blocked by the browser/)).toHaveRole('status');
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('says so when offline, subscribing nothing', async () => {
    browserWithPush();
    render(<PushButton />);
    const button = await screen.findByRole('button', { name: 'Notify me on this device' });
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    await userEvent.click(button);
    expect(await screen.findByText(/You are offline/)).toHaveRole('status');
    expect(subscribe).not.toHaveBeenCalled();
  });

  it('turns off on this device: the server forgets it, then the browser', async () => {
    browserWithPush();
    permission = 'granted';
    held = subscription;
    render(<PushButton />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText('Off for this device.')).toBeInTheDocument();
    expect(requests).toEqual([
      {
        method: 'DELETE',
        path: '/api/web-push/subscription',
        body: { endpoint: subscription.endpoint },
      },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
