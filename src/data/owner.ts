// Whose records the device store reads and writes (one device, several accounts).
// Every record of the user's own (favourites, follows, profile, drafts, bids, purchases,
// uploads, the outbox...) carries the owner it was made under; the pulled catalogue is public.
// The session decides the owner (features/account/session-store.ts registers itself as the
// source); the data layer never imports features, so the source is handed in here.

/** 'signed-out', 'device' (an account kept only on this device), or 'account:<server id>'. */
export type Owner = string;

/** Writes made while nobody is signed in: the first account that signs in adopts them. */
export const SIGNED_OUT: Owner = 'signed-out';
/** An account made on the device before the server (no server id): at most one per device. */
export const DEVICE_ACCOUNT: Owner = 'device';
/** Records the server sent to everyone (pulled bids and activity entries). */
export const PUBLIC: Owner = 'public';

export function accountOwner(serverId: number): Owner {
  return `account:${serverId}`;
}

/** The server id of an account owner ('account:<id>'); null for any other owner. */
export function serverIdOfOwner(owner: Owner): number | null {
  const match = /^account:(\d+)$/.exec(owner);
  return match ? Number(match[1]) : null;
}

/** The owner of a signed-in session user (server id, or null for a device-only account). */
export function ownerOfUser(user: { id: number | null } | null): Owner {
  if (!user) return SIGNED_OUT;
  return user.id === null ? DEVICE_ACCOUNT : accountOwner(user.id);
}

/** The owner of an account record (its server id, when it has one). */
export function ownerOfAccount(account: { serverId?: number }): Owner {
  return account.serverId === undefined ? DEVICE_ACCOUNT : accountOwner(account.serverId);
}

/** True for an owner that is an account (server or device-only), not 'signed-out'/'public'. */
export function isAccountOwner(owner: Owner): boolean {
  return owner === DEVICE_ACCOUNT || owner.startsWith('account:');
}

let source: () => Owner = () => SIGNED_OUT;

/** The session store registers how to read who is signed in. */
export function setOwnerSource(next: () => Owner): void {
  source = next;
}

/** Who is signed in on this device now, as an owner. */
export function currentOwner(): Owner {
  return source();
}
