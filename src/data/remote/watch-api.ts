// Shares on the server (docs/product.md "Notifications"): an online request through the
// device's one API client (core/api.ts), answering one ApiResult. Watched searches are the
// device's, queued for the server (device/saved-searches.ts), not requests of their own.
import type { ApiResult } from '../contract/data-access';
import { apiRequest } from '../core/api';

/** Records that the signed-in collector shared the item (its owner may be told); signed out or
 * offline nothing is recorded. */
export function recordShare(itemId: number): Promise<ApiResult<null>> {
  return apiRequest('POST', '/api/shares', { answer: null, body: { json: { itemId } } });
}
