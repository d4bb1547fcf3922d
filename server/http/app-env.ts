import type { SessionAccount } from '../auth/sessions.ts';

/** What a request carries through the API's middleware. */
export interface AppEnv {
  Variables: {
    /** The signed-in account, or null. */
    account: SessionAccount | null;
  };
}
