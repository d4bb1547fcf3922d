// One Web Push message to one subscription (docs/sync.md "Web Push delivery"): encrypted and
// signed by web-push's generateRequestDetails (RFC 8291, VAPID), with a TTL, a Topic per item
// (a newer message of the same item replaces one the push service still holds) and an urgency;
// sent with our own fetch under a time limit and without following redirects, to an endpoint
// checked again here (endpoint.ts).
import webPush from 'web-push';
import type { NotificationKind } from '../../shared/notifications.ts';
import { PUSH_PAYLOAD_MAX, pushMessage, type PushMessage } from '../../shared/push.ts';
import type { Claimed, Outcome } from './deliveries.ts';
import { endpointAllowed } from './endpoint.ts';
import type { VapidKeys } from './keys.ts';

/** How long the push service may keep a message for an offline device: a day. */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** How long one send may take. */
export const SEND_TIMEOUT_MS = 10_000;

/** Kinds a phone should show at once, even asleep (RFC 8030 Urgency). */
const HIGH: ReadonlySet<NotificationKind> = new Set(['outbid', 'ending-soon', 'won']);

/** The message as JSON within PUSH_PAYLOAD_MAX: past it, the picture and the item's title go. */
export function payloadOf(message: PushMessage): string {
  const json = JSON.stringify(message);
  if (Buffer.byteLength(json) <= PUSH_PAYLOAD_MAX) return json;
  return JSON.stringify({
    ...message,
    image: null,
    itemTitle: null,
    body: message.body.slice(0, 200),
  });
}

/** How long a signed VAPID token is valid for (at most a day, RFC 8292). */
const VAPID_VALID_SECONDS = 12 * 3600;
/** How long one signed token is reused for a push service: it has at least 11 h left then. */
export const VAPID_REUSE_MS = 3600_000;
/** Push services whose token is kept (a few in practice; more are signed again as needed). */
const VAPID_KEPT = 32;

/**
 * The VAPID Authorization header for a push service's origin, signed once an hour per origin and
 * key pair rather than once per message: the signature (ECDSA) is two thirds of a send's CPU.
 */
export function vapidSigner(now: () => number = Date.now) {
  const kept = new Map<string, { header: string; at: number }>();
  return (audience: string, keys: VapidKeys): string => {
    const key = `${keys.publicKey} ${audience}`;
    const found = kept.get(key);
    if (found && now() - found.at < VAPID_REUSE_MS) return found.header;
    const expiration = Math.floor(now() / 1000) + VAPID_VALID_SECONDS;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      keys.subject,
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
      expiration,
    );
    kept.delete(key);
    if (kept.size >= VAPID_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, { header: Authorization, at: now() });
    return Authorization;
  };
}

export interface SendSettings {
  keys: VapidKeys;
  allowOrigins: readonly string[];
  timeoutMs?: number;
  /** Signs (or reuses) the VAPID header; a fresh signer when not given. */
  sign?: ReturnType<typeof vapidSigner>;
}

/** Sends one delivery: sent (2xx), gone (404, 410, or an endpoint no longer allowed), failed. */
export async function sendDelivery(claimed: Claimed, settings: SendSettings): Promise<Outcome> {
  if (!endpointAllowed(claimed.endpoint, settings.allowOrigins)) return 'gone';
  const message = pushMessage(claimed.notification);
  let details: ReturnType<typeof webPush.generateRequestDetails>;
  try {
    details = webPush.generateRequestDetails(
      { endpoint: claimed.endpoint, keys: { p256dh: claimed.p256dh, auth: claimed.auth } },
      payloadOf(message),
      {
        // No vapidDetails (and none set globally): signed below, by a signer that reuses tokens.
        TTL: PUSH_TTL_SECONDS,
        topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        urgency: HIGH.has(claimed.notification.kind) ? 'high' : 'normal',
      },
    );
  } catch {
    // Keys that cannot encrypt (not a P-256 point: the server's own pair is checked at start,
    // settings.ts): this subscription can never be sent to.
    return 'gone';
  }
  // Outside the catch above: a failure of the server's own key is not the subscription's.
  details.headers.Authorization = (settings.sign ?? vapidSigner())(
    new URL(claimed.endpoint).origin,
    settings.keys,
  );
  try {
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body === null ? null : new Uint8Array(details.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs ?? SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return 'sent';
    if (response.status === 404 || response.status === 410) return 'gone';
    return 'failed';
  } catch {
    return 'failed';
  }
}
