import { act, render, screen } from '@testing-library/react';
import { Suspense, useSyncExternalStore } from 'react';
import { describe, expect, it } from 'vitest';
import { useTransitionStore } from '../use-transition-store';

/** A tiny outside store, as sync's status is. */
function makeStore(start: number) {
  let value = start;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    listeners,
  };
}

type Store = ReturnType<typeof makeStore>;
const never = new Promise<never>(() => undefined);

/** Shows the value; at 2 its render waits for data that never comes (a screen re-reading). */
function Shown({ value }: { value: number }) {
  if (value === 2) throw never;
  return <p>value {value}</p>;
}

function InTransition({ store }: { store: Store }) {
  return <Shown value={useTransitionStore(store.subscribe, store.get)} />;
}

function Synchronous({ store }: { store: Store }) {
  return <Shown value={useSyncExternalStore(store.subscribe, store.get)} />;
}

const app = (child: React.ReactNode) => <Suspense fallback={<p>loading</p>}>{child}</Suspense>;

describe('useTransitionStore', () => {
  it('shows the value and follows each change', async () => {
    const store = makeStore(1);
    render(app(<InTransition store={store} />));
    expect(screen.getByText('value 1')).toBeInTheDocument();
    await act(async () => store.set(3));
    expect(screen.getByText('value 3')).toBeInTheDocument();
  });

  it('renders a change as a transition: the screen stays while the new render waits', async () => {
    // A synchronous store update replaces the screen with the fallback...
    const plain = makeStore(1);
    const { unmount } = render(app(<Synchronous store={plain} />));
    await act(async () => plain.set(2));
    expect(screen.getByText('loading')).toBeInTheDocument();
    unmount();
    // ...a transition keeps what the collector sees until the new render is ready.
    const store = makeStore(1);
    render(app(<InTransition store={store} />));
    await act(async () => store.set(2));
    expect(screen.getByText('value 1')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    await act(async () => store.set(4));
    expect(screen.getByText('value 4')).toBeInTheDocument();
  });

  it('reads a change made between its render and its subscription, and unsubscribes', async () => {
    const store = makeStore(1);
    const subscribe = store.subscribe;
    // The change lands as the component subscribes, after its render read 1.
    store.subscribe = (listener) => {
      store.set(5);
      return subscribe(listener);
    };
    const { unmount } = render(app(<InTransition store={store} />));
    await act(async () => undefined);
    expect(screen.getByText('value 5')).toBeInTheDocument();
    expect(store.listeners.size).toBe(1);
    unmount();
    expect(store.listeners.size).toBe(0);
  });
});
