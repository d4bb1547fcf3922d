// Hand-written validators for what is read back from the device store. Stored data can be
// corrupt or from another version; a record that fails its guard is deleted and skipped.
import { parseEthToWei } from './decimal';
import {
  PROFILE_SECTIONS,
  type AccountRecord,
  type Draft,
  type FavouriteRecord,
  type FollowRecord,
  type FormValues,
  type ImageRecord,
  type ProfileRecord,
} from './records';
import {
  ACTIVITY_TAGS,
  ACTIVITY_TYPES,
  ITEM_CATEGORIES,
  MARKET_CATEGORIES,
  SALE_KINDS,
  type ActivityEntry,
  type Bid,
  type Creator,
  type Item,
  type OutboxEntry,
  type OutboxKind,
  type Purchase,
} from './types';

type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInteger = (v: unknown): v is number => Number.isInteger(v);
const isTimestamp = (v: unknown): v is string => isString(v) && !Number.isNaN(Date.parse(v));
const isEth = (v: unknown): v is string => isString(v) && parseEthToWei(v) !== null;
const isOptional = (v: unknown, guard: (x: unknown) => boolean) => v === undefined || guard(v);

function oneOf<T extends string>(values: readonly T[]) {
  return (v: unknown): v is T => isString(v) && (values as readonly string[]).includes(v);
}

export const OUTBOX_KINDS: readonly OutboxKind[] = [
  'newsletter',
  'contact',
  'support',
  'reset-password',
];

const isSubImage = (v: unknown) => isObject(v) && isInteger(v.index) && isString(v.image);

export function isItem(v: unknown): v is Item {
  return (
    isObject(v) &&
    isInteger(v.id) &&
    ['image', 'avatar', 'title', 'subtext', 'name', 'liveDate', 'description'].every((k) =>
      isString(v[k]),
    ) &&
    isString(v.contractAddress) &&
    isString(v.tokenId) &&
    isInteger(v.creatorId) &&
    isInteger(v.ownerId) &&
    isInteger(v.collectionId) &&
    isOptional(v.date, isString) &&
    oneOf(ITEM_CATEGORIES)(v.category) &&
    oneOf(MARKET_CATEGORIES)(v.marketCategory) &&
    oneOf(SALE_KINDS)(v.saleKind) &&
    Array.isArray(v.subImage) &&
    v.subImage.every(isSubImage) &&
    isEth(v.priceEth) &&
    isEth(v.highestBidEth) &&
    typeof v.rating === 'number' &&
    v.rating >= 0 &&
    v.rating <= 5 &&
    v.blockchain === 'ETH' &&
    isOptional(v.userCreated, (x) => typeof x === 'boolean') &&
    isOptional(v.settledAt, isTimestamp) &&
    isOptional(v.soldTo, isString) &&
    isOptional(v.unlisted, (x) => typeof x === 'boolean')
  );
}

export function isCreator(v: unknown): v is Creator {
  return (
    isObject(v) &&
    isInteger(v.id) &&
    ['name', 'handle', 'avatar', 'banner', 'bio'].every((k) => isString(v[k])) &&
    typeof v.verified === 'boolean' &&
    isEth(v.volumeEth) &&
    isInteger(v.followers) &&
    v.followers >= 0 &&
    Array.isArray(v.thumbnails) &&
    v.thumbnails.length === 2 &&
    v.thumbnails.every(isString) &&
    isOptional(v.userCreated, (x) => typeof x === 'boolean') &&
    isOptional(v.deleted, (x) => typeof x === 'boolean')
  );
}

export function isBid(v: unknown): v is Bid {
  return (
    isObject(v) &&
    isNonEmptyString(v.id) &&
    isInteger(v.itemId) &&
    isEth(v.priceEth) &&
    isInteger(v.quantity) &&
    v.quantity >= 1 &&
    isString(v.bidder) &&
    isTimestamp(v.at)
  );
}

export function isPurchase(v: unknown): v is Purchase {
  return (
    isObject(v) &&
    isNonEmptyString(v.id) &&
    isInteger(v.itemId) &&
    isEth(v.priceEth) &&
    isString(v.buyer) &&
    isTimestamp(v.at)
  );
}

export function isActivityEntry(v: unknown): v is ActivityEntry {
  return (
    isObject(v) &&
    isNonEmptyString(v.id) &&
    oneOf(ACTIVITY_TYPES)(v.type) &&
    isTimestamp(v.at) &&
    isString(v.description) &&
    isString(v.image) &&
    isInteger(v.itemId) &&
    Array.isArray(v.tags) &&
    v.tags.every(oneOf(ACTIVITY_TAGS)) &&
    isOptional(v.actor, isActivityActor)
  );
}

function isActivityActor(v: unknown): boolean {
  return (
    isObject(v) &&
    (v.id === null || isInteger(v.id)) &&
    isString(v.name) &&
    isString(v.deed) &&
    isOptional(v.lead, isString)
  );
}

export function isFavouriteRecord(v: unknown): v is FavouriteRecord {
  return isObject(v) && isInteger(v.itemId) && isTimestamp(v.at);
}

export function isFollowRecord(v: unknown): v is FollowRecord {
  return isObject(v) && isInteger(v.creatorId) && isTimestamp(v.at);
}

const isFormValue = (v: unknown) =>
  v === null ||
  isString(v) ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v));

export function isFormValues(v: unknown): v is FormValues {
  return isObject(v) && Object.values(v).every(isFormValue);
}

export function isStringFields(v: unknown): v is Record<string, string> {
  return isObject(v) && Object.values(v).every(isString);
}

export function isOutboxEntry(v: unknown): v is OutboxEntry {
  return (
    isObject(v) &&
    isNonEmptyString(v.id) &&
    oneOf(OUTBOX_KINDS)(v.kind) &&
    isTimestamp(v.at) &&
    isStringFields(v.fields)
  );
}

export function isDraft(v: unknown): v is Draft {
  return (
    isObject(v) && isNonEmptyString(v.formId) && isFormValues(v.values) && isTimestamp(v.savedAt)
  );
}

export const isProfileSection = oneOf(PROFILE_SECTIONS);

export function isProfileRecord(v: unknown): v is ProfileRecord {
  return (
    isObject(v) && isProfileSection(v.section) && isFormValues(v.values) && isTimestamp(v.savedAt)
  );
}

export function isAccountRecord(v: unknown): v is AccountRecord {
  return (
    isObject(v) &&
    isString(v.name) &&
    isNonEmptyString(v.email) &&
    isNonEmptyString(v.passwordHash) &&
    isNonEmptyString(v.salt) &&
    isInteger(v.iterations) &&
    v.iterations > 0 &&
    isTimestamp(v.createdAt) &&
    isOptional(v.updatedAt, isTimestamp) &&
    isOptional(v.serverId, isInteger)
  );
}

export function isImageRecord(v: unknown): v is ImageRecord {
  return (
    isObject(v) &&
    isNonEmptyString(v.key) &&
    isString(v.type) &&
    v.data instanceof ArrayBuffer &&
    isTimestamp(v.createdAt)
  );
}
