// Logout (docs/product.md "Writes", Account): ends the server session and locks the device session.
// Small on purpose: the header's profile menu imports it.
import { remoteLogout } from '@/data/remote/account-api';
import { useSessionStore } from '@/data/session-store';

/** Nobody is signed in until the password is given again; the server forgets the session (when
 * it answers: offline, the cookie is replaced at the next sign-in). */
export function logOut(): void {
  useSessionStore.getState().signOut();
  void remoteLogout();
}
