import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@/components/ui/toast';
import { Toaster } from '@/components/ui/toaster';
import { APP_BUILD } from '../build-info';
import { PwaStatus } from '../components/pwa-status';
import { usePwaStore } from '../pwa-store';

const register = vi.hoisted(() => ({ startPwa: vi.fn(), applyUpdate: vi.fn() }));
vi.mock('../register', () => register);

let online = true;

function goOffline(value: boolean) {
  online = !value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'offline' : 'online'));
  });
}

function renderStatus() {
  return render(
    <>
      <PwaStatus />
      <Toaster />
    </>,
  );
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  usePwaStore.setState({ needRefresh: false, reloading: false, dismissed: false });
  useToasts.getState().clear();
  register.startPwa.mockClear();
  register.applyUpdate.mockClear();
});

afterEach(() => {
  useToasts.getState().clear();
});

describe('PwaStatus', () => {
  it('starts the service worker once and shows nothing while online and up to date', () => {
    renderStatus();
    expect(register.startPwa).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    expect(screen.queryByText('Back online')).not.toBeInTheDocument();
  });

  it('offers Reload when a new version waits, and reloads only when asked', async () => {
    const user = userEvent.setup();
    renderStatus();
    act(() => usePwaStore.setState({ needRefresh: true }));
    const prompt = screen.getByRole('region', { name: 'A new version is available' });
    expect(prompt).toHaveTextContent('What you have typed is kept.');
    expect(register.applyUpdate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(register.applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('hides the prompt on Later, without updating', async () => {
    const user = userEvent.setup();
    renderStatus();
    act(() => usePwaStore.setState({ needRefresh: true }));
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version is available')).not.toBeInTheDocument();
    expect(register.applyUpdate).not.toHaveBeenCalled();
  });

  it('shows a busy Reload while the new version takes over', () => {
    usePwaStore.setState({ needRefresh: true, reloading: true });
    renderStatus();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Later' })).toBeDisabled();
  });

  it('shows the offline banner while offline, then says "Back online"', () => {
    renderStatus();
    goOffline(true);
    const status = screen.getByRole('status', { name: 'App status' });
    expect(status).toHaveTextContent('You are offline.');
    goOffline(false);
    expect(status).not.toHaveTextContent('You are offline.');
    expect(screen.getByText('Back online')).toBeInTheDocument();
  });

  it('shows the banner at once when the app starts offline', () => {
    online = false;
    renderStatus();
    expect(screen.getByText(/You are offline/)).toBeInTheDocument();
  });

  it('tells which build is running', () => {
    renderStatus();
    expect(screen.getByRole('status', { name: 'App status' })).toHaveAttribute(
      'data-app-build',
      APP_BUILD,
    );
  });
});
