// Changes that arrived on the live stream, for the screens that announce them ("New highest bid
// 4.8 ETH"). Tiny on purpose, like signal.ts: screens import it; the stream loads with the engine.
import type { Change } from '@shared/protocol';

type Listener = (changes: readonly Change[]) => void;
const listeners = new Set<Listener>();

export function emitLiveChanges(changes: readonly Change[]): void {
  if (changes.length === 0) return;
  for (const listener of listeners) listener(changes);
}

export function onLiveChanges(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
