// What the collector looks at, as the snapshot's first page (docs/sync.md "Snapshot"): on a
// first open, the page that was opened is current first, and the rest follows.
import { paths } from '@/config/paths';
import { parseId } from '@shared/list-query';

/** The snapshot page of the screen at `pathname`: an item's page, the activity; else none (an
 * id no item can have included: the screen shows not found). */
export function snapshotFocus(pathname: string): string | undefined {
  const item = parseId(new RegExp(`^${paths.itemDetail()}/([^/]+)/?$`).exec(pathname)?.[1]);
  if (item !== null) return `focus:item:${item}`;
  if (pathname === paths.activity || pathname === `${paths.activity}/`) return 'focus:activity';
  return undefined;
}
