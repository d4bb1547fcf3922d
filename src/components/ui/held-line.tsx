// What a list of items the device answered alone ran over (docs/database.md "Lists and search"):
// explore, Live Auction and a creator's profile show it when the server could not answer.
import type { HeldItems } from '@shared/types';
import styles from './held-line.module.css';

/**
 * "Showing 240 items saved on this device. Connect to search all 100,000." (without the second
 * sentence where there is no server to connect to, or the device holds the whole catalogue);
 * null for the server's lists.
 */
export function heldLine(held: HeldItems | undefined): string | null {
  if (!held) return null;
  const count = `${held.count.toLocaleString('en-US')} ${held.count === 1 ? 'item' : 'items'}`;
  const first = `Showing ${count} saved on this device.`;
  if (!held.connectable || held.catalogue === null || held.catalogue <= held.count) return first;
  return `${first} Connect to search all ${held.catalogue.toLocaleString('en-US')}.`;
}

export function HeldLine({ held }: { held: HeldItems | undefined }) {
  const line = heldLine(held);
  return line ? <p className={styles.held}>{line}</p> : null;
}
