// Favourite / follow state of one item or creator as saved on the device, with its count.
// Starts from what is known without waiting (not pressed, the given count), then reads the
// device through the DeviceSource the app provides; a toggle writes through it and shows an
// error toast when the device refuses (the pressed state then stays as it was). Every card of the same item or creator on
// the page follows a toggle made on any of them (a small in-memory broadcast), and each reads the
// device again when a sync changed it (DeviceChangesContext).
import { useCallback, useContext, useEffect, useState } from 'react';
import { showToast } from '@/components/ui/toast';
import { DeviceChangesContext, DeviceSourceContext, type DeviceSource } from './device-source';

export interface SavedToggle {
  on: boolean;
  count: number;
  busy: boolean;
  toggle: () => void;
}

type Kind = 'favourite' | 'follow';
interface Change {
  kind: Kind;
  id: number;
  on: boolean;
  count: number;
}
const listeners = new Set<(change: Change) => void>();

function broadcast(change: Change): void {
  for (const listener of [...listeners]) listener(change);
}

/** Keeps a card in step with toggles made by other cards of the same id. */
function useBroadcast(kind: Kind, id: number, apply: (on: boolean, count: number) => void): void {
  useEffect(() => {
    const listener = (change: Change) => {
      if (change.kind === kind && change.id === id) apply(change.on, change.count);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [kind, id, apply]);
}

type ToggleState = Omit<SavedToggle, 'toggle'>;

/**
 * The state with `on` and `count`, or the same state object when they are unchanged: React then
 * skips the render. Every card on a page reads the device once it is live, and the answer is
 * nearly always what it shows already (on the home page, 20 cards re-rendered for nothing).
 */
function withSaved(state: ToggleState, on: boolean, count: number): ToggleState {
  return state.on === on && state.count === count ? state : { ...state, on, count };
}

/** The current source; with none (no DeviceSourceContext above) a toggle fails with a message. */
function useSource(): () => Promise<DeviceSource> {
  const source = useContext(DeviceSourceContext);
  return source ?? noSource;
}

function noSource(): Promise<DeviceSource> {
  return Promise.reject(new Error('Saving is not available here.'));
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Please try again.';
}

/**
 * `baseCount`: the item's favourites not counting this device (baseFavouriteCount). Mounting
 * reads only whether this device has it (one small read per card); the device's own count is
 * read after a toggle.
 */
export function useFavourite(itemId: number, baseCount: number): SavedToggle {
  const source = useSource();
  const changes = useContext(DeviceChangesContext);
  const [state, setState] = useState({ on: false, count: baseCount, busy: false });
  useEffect(() => {
    let live = true;
    const read = () =>
      void source()
        .then((data) => data.isFavourite(itemId))
        .then((on) => {
          if (live) setState((s) => withSaved(s, on, baseCount + (on ? 1 : 0)));
        })
        .catch(() => undefined);
    read();
    const unsubscribe = changes?.(read);
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [source, itemId, baseCount, changes]);
  const toggle = useCallback(() => {
    setState((s) => ({ ...s, busy: true }));
    source()
      .then(async (data) => {
        const on = await data.toggleFavourite(itemId);
        const count = await data.favouriteCount(itemId);
        setState({ on, count, busy: false });
        broadcast({ kind: 'favourite', id: itemId, on, count });
      })
      .catch((error: unknown) => {
        setState((s) => ({ ...s, busy: false }));
        showToast({
          tone: 'error',
          title: 'Could not save the favourite',
          description: errorText(error),
        });
      });
  }, [source, itemId]);
  const apply = useCallback(
    (on: boolean, count: number) => setState((s) => withSaved(s, on, count)),
    [],
  );
  useBroadcast('favourite', itemId, apply);
  return { ...state, toggle };
}

/** `followers`: the creator's follower count as read (it already counts this device). */
export function useFollow(creatorId: number, followers: number): SavedToggle {
  const source = useSource();
  const changes = useContext(DeviceChangesContext);
  const [state, setState] = useState({ on: false, count: followers, busy: false });
  useEffect(() => {
    // `followers` is the device's count (the server's last word plus this device's waiting
    // follow): when the screen re-reads it after a sync, the count follows.
    let live = true;
    const read = () =>
      void source()
        .then((data) => data.isFollowing(creatorId))
        .then((on) => {
          if (live) setState((s) => withSaved(s, on, followers));
        })
        .catch(() => undefined);
    read();
    const unsubscribe = changes?.(read);
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [source, creatorId, followers, changes]);
  const toggle = useCallback(() => {
    setState((s) => ({ ...s, busy: true }));
    source()
      .then(async (data) => {
        const on = await data.toggleFollow(creatorId);
        const count = await data.followerCount(creatorId);
        setState({ on, count, busy: false });
        broadcast({ kind: 'follow', id: creatorId, on, count });
      })
      .catch((error: unknown) => {
        setState((s) => ({ ...s, busy: false }));
        showToast({
          tone: 'error',
          title: 'Could not save the follow',
          description: errorText(error),
        });
      });
  }, [source, creatorId]);
  const apply = useCallback(
    (on: boolean, count: number) => setState((s) => withSaved(s, on, count)),
    [],
  );
  useBroadcast('follow', creatorId, apply);
  return { ...state, toggle };
}
