import type { SessionAccount } from '../core/session-account.ts';
import type { SitePolicy } from './site.ts';

/** What a request carries through the API's middleware. */
export interface AppEnv {
  Variables: {
    /** The signed-in account, or null. */
    account: SessionAccount | null;
    /** The server's origin, hosts and cookie settings (site.ts). */
    site: SitePolicy;
  };
}
