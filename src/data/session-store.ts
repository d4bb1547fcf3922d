// Who is signed in on this device (docs/product.md "Writes", Account). Persisted under
// STORAGE_KEYS.session, versioned, validated when read back. "Remember me" decides where it
// lives: checked, localStorage (the session survives closing the browser, until Logout);
// unchecked, sessionStorage (it ends when the browser session ends). Only the display name,
// email, avatar reference and the account's server id are kept: never a password or a hash. Kept tiny: the header
// reads it from the entry chunk.
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ownerOfUser, setOwnerSource } from '@/data/owner';
import { persistOptions, type MigrationSteps } from '@/lib/persisted';

export interface SessionUser {
  /** The account's server id (the signed-in collector); null for an account kept only on this
   * device (made before the server, or on a host with no API). */
  id: number | null;
  name: string;
  email: string;
  /** Avatar URL or `idb:` image reference; null for the default avatar. */
  avatar: string | null;
}

interface SessionPersisted {
  user: SessionUser | null;
  remember: boolean;
}

interface SessionState extends SessionPersisted {
  signIn: (user: SessionUser, remember: boolean) => void;
  /** Logout: the session is locked until the password is given again. */
  signOut: () => void;
  /** Profile edit changed the name or avatar of the signed-in user. */
  updateUser: (patch: Partial<Pick<SessionUser, 'name' | 'avatar'>>) => void;
}

export const SESSION_STORE_VERSION = 2;
export const sessionMigrations: MigrationSteps = {
  // Version 2 records the account's server id; a session from before has none yet.
  1: (state) => {
    const user = state.user;
    if (typeof user !== 'object' || user === null) return state;
    return { ...state, user: { ...user, id: null } };
  },
};

export function toSessionUser(value: unknown): SessionUser | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  const { id, name, email, avatar } = v;
  if (typeof name !== 'string' || !name.trim() || typeof email !== 'string' || !email) {
    return undefined;
  }
  if (avatar !== null && typeof avatar !== 'string') return undefined;
  if (id !== null && !Number.isInteger(id)) return undefined;
  return { id: id as number | null, name, email, avatar };
}

const bool = (value: unknown) => (typeof value === 'boolean' ? value : undefined);

export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      user: null,
      remember: false,
      signIn: (user, remember) => set({ user, remember }),
      signOut: () => set({ user: null, remember: false }),
      updateUser: (patch) => set((s) => (s.user ? { user: { ...s.user, ...patch } } : {})),
    }),
    persistOptions<SessionPersisted, SessionState>({
      name: STORAGE_KEYS.session,
      version: SESSION_STORE_VERSION,
      migrations: sessionMigrations,
      fields: { user: toSessionUser, remember: bool },
      // Remember me: the session outlives the browser (localStorage) or ends with it.
      place: (state) => (state.remember === true ? 'local' : 'session'),
    }),
  ),
);

// The device store keeps each account's records apart: it reads and writes those of whoever
// this session says is signed in (src/data/owner.ts).
setOwnerSource(() => ownerOfUser(useSessionStore.getState().user));
