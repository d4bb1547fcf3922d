import { IDB_NAME } from '@/config/storage-keys';

/** The prerendered copy of this very URL's screen while it is still on show, else null. */
export function prerenderedCopy(): HTMLElement | null {
  if (typeof document === 'undefined') return null; // the build's own prerender
  const copy = document.querySelector<HTMLElement>('#root > [data-prerender]');
  return copy?.dataset.prerender === location.pathname && !location.search ? copy : null;
}

/** Whether the device has no database of the app's yet, so no data the copy lacks: once the app
 * has run here its sync and the user's records live there. Rejects where it cannot be told. */
export const deviceIsFresh = async (name = IDB_NAME) =>
  !(await indexedDB.databases()).some((db) => db.name === name);
