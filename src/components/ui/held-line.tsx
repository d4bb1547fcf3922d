// What a list the device answered alone ran over (docs/database.md "Lists and search"):
// explore, Live Auction, a creator's profile, the creators and the collections lists show it when
// the server could not answer.
import type { HeldItems } from '@shared/types';
import styles from './held-line.module.css';

/** What a list holds, and what its second sentence offers: items are searched, the rest seen. */
export type HeldKind = 'items' | 'creators' | 'collections';

const WORDS: Record<HeldKind, { one: string; many: string; verb: string }> = {
  items: { one: 'item', many: 'items', verb: 'search' },
  creators: { one: 'creator', many: 'creators', verb: 'see' },
  collections: { one: 'collection', many: 'collections', verb: 'see' },
};

/**
 * "Showing 240 items saved on this device. Connect to search all 100,000." (without the second
 * sentence where there is no server to connect to, or the device holds the whole list); null
 * for the server's lists.
 */
export function heldLine(held: HeldItems | undefined, kind: HeldKind = 'items'): string | null {
  if (!held) return null;
  const words = WORDS[kind];
  const count = `${held.count.toLocaleString('en-US')} ${held.count === 1 ? words.one : words.many}`;
  const first = `Showing ${count} saved on this device.`;
  if (!held.connectable || held.catalogue === null || held.catalogue <= held.count) return first;
  return `${first} Connect to ${words.verb} all ${held.catalogue.toLocaleString('en-US')}.`;
}

export function HeldLine({ held, kind }: { held: HeldItems | undefined; kind?: HeldKind }) {
  const line = heldLine(held, kind);
  return line ? <p className={styles.held}>{line}</p> : null;
}
