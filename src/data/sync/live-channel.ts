// What the tab (or worker) holding the live stream tells every other tab over the
// BroadcastChannel LIVE_CHANNEL: the server's clock, and the changes it landed, which the
// announcer reads out. Small on purpose: every tab hears it, the stream loads with the engine.
import { setClockOffset } from '@/lib/clock';
import { emitLiveChanges } from './live-signal';
import type { Change } from '@shared/protocol';

export const LIVE_CHANNEL = 'artmint-live';

export type ChannelMessage =
  { type: 'changes'; changes: Change[] } | { type: 'clock'; offsetMs: number } | { type: 'mine' };

/** What the tab holding the stream tells the others: the server's clock, and what it landed
 * (`refreshed`: the screens read the store again; the announcer hears the changes). */
export function hearLive(refreshed: () => void) {
  return (event: MessageEvent<ChannelMessage>) => {
    const message = event.data;
    if (message.type === 'clock') setClockOffset(message.offsetMs);
    else if (message.type === 'changes') {
      refreshed();
      emitLiveChanges(message.changes);
    } else if (message.type === 'mine') refreshed();
  };
}

/** A tab that does not run the engine hears the stream's clock and changes; returns the stop. */
export function followLiveChannel(refreshed: () => void): () => void {
  if (typeof BroadcastChannel !== 'function') return () => undefined;
  const channel = new BroadcastChannel(LIVE_CHANNEL);
  channel.onmessage = hearLive(refreshed);
  return () => channel.close();
}
