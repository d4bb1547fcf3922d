// The server's page limits a device list asks within (server/catalog/lists.ts).

/** What the server pages by number and a page's size, at most: a list asked beyond either is
 * this device's. */
export const SERVER_PAGE_MAX = 50;
export const SERVER_PAGE_SIZE_MAX = 60;
