// Web Push (docs/product.md "Notifications"): what a device sends to subscribe, the server's
// public key, the routes, and the message the server sends through the push service and the
// service worker shows. Written once for the server (server/push/), the service worker and the
// app.
import * as v from 'valibot';
import { notificationWords, type Notification } from './notifications.ts';

/** The routes: GET the key; POST a subscription; DELETE one (its endpoint in the body). */
export const PUSH_KEY_PATH = '/api/web-push/key';
export const PUSH_SUBSCRIPTION_PATH = '/api/web-push/subscription';

/** The longest endpoint a push service hands out that the server keeps. */
export const PUSH_ENDPOINT_MAX = 1024;
/** The largest body the subscription routes read (bytes). */
export const PUSH_BODY_MAX = 4096;
/** The devices one account may have subscribed at once: a new one past it drops the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;
/** The largest message sent (bytes of JSON, before encryption): a push service takes 4 KB. */
export const PUSH_PAYLOAD_MAX = 3072;

const base64url = (max: number) =>
  v.pipe(v.string(), v.minLength(1), v.maxLength(max), v.regex(/^[A-Za-z0-9_-]+={0,2}$/));
/** Base64url of exactly `bytes` bytes, padded or not. */
const base64urlOf = (bytes: number) =>
  v.pipe(
    base64url(200),
    v.check((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes),
  );

/** PushSubscription.toJSON() as a device sends it. */
export const PushSubscriptionBodySchema = v.object({
  endpoint: v.pipe(v.string(), v.maxLength(PUSH_ENDPOINT_MAX), v.url()),
  expirationTime: v.optional(v.nullable(v.number())),
  /** The device's P-256 public key (65 bytes) and its auth secret (16 bytes). */
  keys: v.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
});
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = v.object({
  endpoint: v.pipe(v.string(), v.maxLength(PUSH_ENDPOINT_MAX)),
});

/** GET /api/web-push/key: the server's VAPID public key (base64url), the applicationServerKey. */
export const PushKeySchema = v.object({ publicKey: base64url(200) });

/** The message the service worker shows. */
export const PushMessageSchema = v.object({
  id: v.number(),
  kind: v.string(),
  title: v.pipe(v.string(), v.maxLength(200)),
  body: v.pipe(v.string(), v.maxLength(600)),
  /** One per item ("item-12"): a newer message of the same item replaces the shown one. */
  tag: v.string(),
  /** The page to open: the item, the actor's profile or the inbox. */
  url: v.pipe(v.string(), v.startsWith('/')),
  image: v.nullable(v.string()),
  itemTitle: v.nullable(v.string()),
});
export type PushMessage = v.InferOutput<typeof PushMessageSchema>;

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/**
 * The message of a notification: its words (notificationWords), its tag and the page to open
 * (the app's paths, src/config/paths.ts: itemDetail, creatorProfile, notifications).
 */
export function pushMessage(n: Notification): PushMessage {
  const words = notificationWords(n);
  const url =
    n.itemId !== null
      ? `/item-detail/${n.itemId}`
      : n.actor
        ? `/creator-profile/${n.actor.id}`
        : '/notifications';
  const image = n.image !== null && n.image.length <= 500 ? n.image : null;
  return {
    id: n.id,
    kind: n.kind,
    title: clip(words.title, 200),
    body: clip(words.body, 600),
    tag: n.itemId !== null ? `item-${n.itemId}` : `notification-${n.id}`,
    url,
    image,
    itemTitle: n.facts.title === undefined ? null : clip(n.facts.title, 200),
  };
}
