// Notifications (docs/product.md "Notifications"): each kind, the profile toggle that governs
// it, the toggles' defaults, the record the inbox carries and the words each kind shows. Written
// once for the server (server/notifications/) and the app.
import * as v from 'valibot';
import type { ProfileSection } from './types';

/** The profile section of each group of toggles. */
export const MARKETPLACE_SECTION = 'marketplace-notifications';
export const ACCOUNT_SECTION = 'account-notifications';
export const MARKETING_SECTION = 'marketing-notifications';
export type ToggleSection =
  typeof MARKETPLACE_SECTION | typeof ACCOUNT_SECTION | typeof MARKETING_SECTION;

/**
 * Each group's toggles and their defaults: the marketplace's all on; the account's and the
 * marketing's as the spec's profile form has them.
 */
export const NOTIFICATION_TOGGLE_DEFAULTS = {
  [MARKETPLACE_SECTION]: {
    outbid: true,
    endingSoon: true,
    auctionResult: true,
    sold: true,
    offers: true,
    offerAccepted: true,
    savedSearches: true,
  },
  [ACCOUNT_SECTION]: { mentions: false, follows: true, shares: false, messages: false },
  [MARKETING_SECTION]: { sale: false, companyNews: false, weeklyJobs: true, unsubscribeNews: true },
} as const satisfies Record<ToggleSection, Record<string, boolean>> &
  Partial<Record<ProfileSection, Record<string, boolean>>>;

/**
 * Each toggle has a mail switch beside it, a field of the same section named after it
 * (`outbid` → `outbidMail`): on, the kinds the toggle governs are mailed too, gathered
 * (docs/product.md "Notifications"). On by default for auction results (won), sold and offer
 * accepted; off for the others. A section stored before the switches has none: the defaults.
 */
export const mailField = (toggle: string) => `${toggle}Mail`;
const MAIL_ON_BY_DEFAULT: ReadonlySet<string> = new Set(['auctionResult', 'sold', 'offerAccepted']);

/** A section's mail switches, each with its default. */
export function mailSwitchDefaults(section: ToggleSection): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const toggle of Object.keys(NOTIFICATION_TOGGLE_DEFAULTS[section])) {
    out[mailField(toggle)] = MAIL_ON_BY_DEFAULT.has(toggle);
  }
  return out;
}

type Toggle<S extends ToggleSection> = keyof (typeof NOTIFICATION_TOGGLE_DEFAULTS)[S];
export type NotificationToggle = {
  [S in ToggleSection]: { section: S; toggle: Toggle<S> };
}[ToggleSection];

const marketplace = (toggle: Toggle<typeof MARKETPLACE_SECTION>) =>
  ({ section: MARKETPLACE_SECTION, toggle }) as const;
const account = (toggle: Toggle<typeof ACCOUNT_SECTION>) =>
  ({ section: ACCOUNT_SECTION, toggle }) as const;
const marketing = (toggle: Toggle<typeof MARKETING_SECTION>) =>
  ({ section: MARKETING_SECTION, toggle }) as const;

/** Every kind and the toggle that governs it: off, nothing of that kind is written. */
export const NOTIFICATION_KINDS = {
  outbid: marketplace('outbid'),
  'ending-soon': marketplace('endingSoon'),
  won: marketplace('auctionResult'),
  lost: marketplace('auctionResult'),
  sold: marketplace('sold'),
  unsold: marketplace('sold'),
  'offer-received': marketplace('offers'),
  'offer-accepted': marketplace('offerAccepted'),
  'search-match': marketplace('savedSearches'),
  follower: account('follows'),
  mention: account('mentions'),
  share: account('shares'),
  message: account('messages'),
  promotion: marketing('sale'),
  'company-news': marketing('companyNews'),
  'weekly-jobs': marketing('weeklyJobs'),
  'unsubscribe-news': marketing('unsubscribeNews'),
} as const satisfies Record<string, NotificationToggle>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_NAMES = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];

/** The newest notifications an account keeps; the housekeeping prunes older ones. */
export const NOTIFICATIONS_KEPT = 500;

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

/** One notification as GET /api/notifications carries it. */
export const NotificationSchema = v.object({
  id,
  kind: v.picklist(NOTIFICATION_KIND_NAMES),
  /** When it was written (ISO). */
  at: v.string(),
  read: v.boolean(),
  /** The item it is about (a link to it), when it is about one. */
  itemId: v.nullable(v.number()),
  /** The item's picture, when it is about one. */
  image: v.nullable(v.string()),
  /** Who caused it (a link to their profile: a creator's id is its account's); null when nobody
   * did or the account is deleted since. */
  actor: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** What its words show besides: the item's title, a price in ETH, a message's text. */
  facts: v.object({
    title: v.optional(v.string()),
    priceEth: v.optional(v.string()),
    text: v.optional(v.string()),
  }),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** GET /api/notifications?before=&limit=: newest first; `next` pages older ones (null: none);
 * `unread` counts every unread notification of the account. */
export const NotificationsPageSchema = v.object({
  notifications: v.array(NotificationSchema),
  next: v.nullable(v.string()),
  unread: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type NotificationsPage = v.InferOutput<typeof NotificationsPageSchema>;

/** The words of a notification: a headline and its line. */
export function notificationWords(n: Notification): { title: string; body: string } {
  const who = n.actor?.name ?? 'A deleted collector';
  const item = n.facts.title ?? 'an item';
  const price = n.facts.priceEth ? `${n.facts.priceEth} ETH` : '';
  const text = n.facts.text ?? '';
  switch (n.kind) {
    case 'outbid':
      return { title: 'You were outbid', body: `${who} bid ${price} on ${item}.` };
    case 'ending-soon':
      return { title: 'An auction ends within the hour', body: `${item} ends soon.` };
    case 'won':
      return { title: 'You won the auction', body: `${item} is yours for ${price}.` };
    case 'lost':
      return { title: 'You lost the auction', body: `${item} went to another bid, ${price}.` };
    case 'sold':
      return { title: 'Your item sold', body: `${item} sold to ${who} for ${price}.` };
    case 'unsold':
      return { title: 'Your auction ended', body: `${item} ended with no bids and stays yours.` };
    case 'offer-received':
      return { title: 'You got an offer', body: `${who} offered ${price} for ${item}.` };
    case 'offer-accepted':
      return { title: 'Your offer was accepted', body: `${item} is yours for ${price}.` };
    case 'search-match':
      return { title: 'A new item matches your search', body: `${item} was just listed.` };
    case 'follower':
      return { title: 'You have a new follower', body: `${who} follows you.` };
    case 'mention':
      return {
        title: 'You were mentioned',
        body: `${who} mentioned you in ${n.itemId === null ? 'their bio' : item}.`,
      };
    case 'share':
      return { title: 'Your work was shared', body: `${who} shared ${item}.` };
    case 'message':
      return { title: 'A message from Artmint', body: text };
    case 'promotion':
      return { title: 'A sale or promotion', body: text };
    case 'company-news':
      return { title: 'Company news', body: text };
    case 'weekly-jobs':
      return { title: 'Weekly jobs', body: text };
    case 'unsubscribe-news':
      return { title: 'Before we unsubscribe you', body: text };
  }
}

/** Whether a notification of `kind` is mailed, given its section's stored fields: its toggle and
 * its mail switch both on (each its default while never saved). */
export function mailsKind(kind: NotificationKind, fields: Record<string, unknown> | undefined) {
  const { section, toggle } = NOTIFICATION_KINDS[kind];
  const defaults: Record<string, boolean> = {
    ...NOTIFICATION_TOGGLE_DEFAULTS[section],
    ...mailSwitchDefaults(section),
  };
  const on = (field: string) => {
    const value = fields?.[field];
    return typeof value === 'boolean' ? value : defaults[field] === true;
  };
  return on(toggle) && on(mailField(toggle));
}
