// The server's page limits a device list asks within, declared once (shared/list-query.ts).

/** What the server pages by number and a page's size, at most: a list asked beyond either is
 * this device's. */
export {
  PAGE_MAX as SERVER_PAGE_MAX,
  PAGE_SIZE_MAX as SERVER_PAGE_SIZE_MAX,
} from '@shared/list-query';
