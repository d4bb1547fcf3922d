import { startTransition, useEffect, useState } from 'react';

/**
 * An outside store's value whose changes re-render as a transition: React renders what depends
 * on it in short slices that yield to the browser, together with the screen's own re-read.
 *
 * For stores that change while React renders (sync's status moves many times a second while a
 * sync lands): `useSyncExternalStore` renders each change synchronously, and a change during a
 * transition's render restarts that render, so a screen re-read after a sync became one long
 * blocking task (the first open's long tasks, docs/performance.md). The value a render reads is
 * the one of its last commit, never torn within a component.
 */
export function useTransitionStore<T>(
  subscribe: (listener: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const [value, setValue] = useState(getSnapshot);
  useEffect(() => {
    const update = () => startTransition(() => setValue(getSnapshot));
    const unsubscribe = subscribe(update);
    update(); // it may have changed since the render read it
    return unsubscribe;
  }, [subscribe, getSnapshot]);
  return value;
}
