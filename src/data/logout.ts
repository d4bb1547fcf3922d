// Logout (docs/product.md "Writes", Account): ends the server session and locks the device session
// (and this device's push subscription).
// Small on purpose: the header's profile menu imports it; the sync client comes with import().
import { currentOwner, serverIdOfOwner } from '@/data/owner';
import { remoteLogout } from '@/data/remote/account-api';
import { useSessionStore } from '@/data/session-store';

/** Nobody is signed in until the password is given again; the server forgets the session (when
 * it answers: offline, the cookie is replaced at the next sign-in). The device stops following
 * the account's own log: its next sign-in reads the account's records as a whole (docs/sync.md
 * "The account's own records on every device"). */
export function logOut(): void {
  const owner = currentOwner();
  useSessionStore.getState().signOut();
  // The server's session ends once the engine has no pull of the account's records in flight
  // (that pull would be answered 401), and before any later sign-in (account-api.ts).
  void remoteLogout(
    serverIdOfOwner(owner) === null
      ? undefined
      : (end) =>
          import('./sync/client').then(
            (client) => client.leaveAccount(owner, end),
            () => end(),
          ),
  ).catch(() => undefined);
  // This device's Web Push ends with the session: the server drops its subscription with the
  // session (server/push/routes.ts), and the browser forgets it here.
  void globalThis.navigator?.serviceWorker
    ?.getRegistration()
    .then((found) => found?.pushManager?.getSubscription())
    .then((subscription) => subscription?.unsubscribe())
    .catch(() => undefined);
}
