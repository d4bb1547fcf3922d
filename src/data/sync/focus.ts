// What the collector looks at, as the snapshot's first page (docs/sync.md "Snapshot"): on a
// first open, the page that was opened is current first, and the rest follows.
import { ACTIVITY_PATH, ITEM_DETAIL_PATH } from '@/config/paths';
import { parseId } from '@shared/ids';

/** The snapshot page of the screen at `pathname`: an item's page, the activity; else none (an
 * id no item can have included: the screen shows not found). */
export function snapshotFocus(pathname: string): string | undefined {
  const item = parseId(new RegExp(`^${ITEM_DETAIL_PATH}/([^/]+)/?$`).exec(pathname)?.[1]);
  if (item !== null) return `focus:item:${item}`;
  if (pathname === ACTIVITY_PATH || pathname === `${ACTIVITY_PATH}/`) return 'focus:activity';
  return undefined;
}
