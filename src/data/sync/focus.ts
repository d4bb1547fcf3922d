// What the collector looks at, as the snapshot's first page (docs/sync.md "Snapshot"): on a
// first open, the page that was opened is current first, and the rest follows.
import { paths } from '@/config/paths';

/** The snapshot page of the screen at `pathname`: an item's page, the activity; else none. */
export function snapshotFocus(pathname: string): string | undefined {
  const item = new RegExp(`^${paths.itemDetail()}/(\\d{1,10})/?$`).exec(pathname);
  if (item) return `focus:item:${item[1]}`;
  if (pathname === paths.activity || pathname === `${paths.activity}/`) return 'focus:activity';
  return undefined;
}
