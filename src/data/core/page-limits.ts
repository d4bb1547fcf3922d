// The server's page limits a device list asks within, declared once (shared/list-query.ts), and
// the page a device shows of a server's list.
import { PAGE_MAX } from '@shared/list-query';
import type { Page } from '@shared/types';

/** What the server pages by number and a page's size, at most: a list asked beyond either is
 * this device's. */
export {
  PAGE_MAX as SERVER_PAGE_MAX,
  PAGE_SIZE_MAX as SERVER_PAGE_SIZE_MAX,
} from '@shared/list-query';

/**
 * A page of a server's list with this device's own records before it (`counted` includes
 * them): numbered up to the server's last numbered page, or, after a cursor (`deep`), the page
 * asked, with a next one while the server gives a cursor. A page past the end says which is the
 * last, as the device's own lists do (shared/query.ts paginate).
 */
export function serverPage<T>(
  items: T[],
  at: { counted: number; page: number; pageSize: number; deep: boolean },
  served: { capped?: boolean | undefined; next?: string | undefined },
): Page<T> {
  const { counted, page, pageSize, deep } = at;
  const numbered = Math.max(1, Math.min(PAGE_MAX, Math.ceil(counted / pageSize)));
  const pageCount = deep ? (served.next ? page + 1 : page) : numbered;
  return {
    items,
    total: counted,
    page: deep ? page : Math.min(page, pageCount),
    pageSize,
    pageCount,
    ...(served.capped ? { capped: served.capped } : {}),
    ...(served.next ? { next: served.next } : {}),
  };
}
