// Checks of what the device reads back from its store or receives from the server. Stored data
// can be corrupt or from another version; a record that fails its check is deleted and skipped.
// The records the server sends are checked with their shared schemas (shared/schemas.ts); the
// records only the device keeps have theirs here.
import * as v from 'valibot';
import {
  ActivityEntrySchema,
  BidSchema,
  CreatorSchema,
  ItemSchema,
  OutboxEntrySchema,
  PurchaseSchema,
} from '@shared/schemas';
import {
  PROFILE_SECTIONS,
  type ActivityEntry,
  type Bid,
  type Creator,
  type FormValues,
  type Item,
  type OutboxEntry,
  type Purchase,
} from '@shared/types';
import type {
  AccountRecord,
  Draft,
  FavouriteRecord,
  FollowRecord,
  ImageRecord,
  ProfileRecord,
  SavedSearchRecord,
} from './records';
import { WatchedSearchSchema } from '@shared/watch';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A type guard from a schema: true when `value` is a valid T. */
const guard =
  <T>(schema: v.GenericSchema<unknown, unknown>) =>
  (value: unknown): value is T =>
    v.is(schema, value);

export const isItem = guard<Item>(ItemSchema);
export const isCreator = guard<Creator>(CreatorSchema);
export const isBid = guard<Bid>(BidSchema);
export const isPurchase = guard<Purchase>(PurchaseSchema);
export const isActivityEntry = guard<ActivityEntry>(ActivityEntrySchema);
export const isOutboxEntry = guard<OutboxEntry>(OutboxEntrySchema);

const integer = v.pipe(v.number(), v.integer());
const nonEmpty = v.pipe(v.string(), v.minLength(1));
const timestamp = v.pipe(
  v.string(),
  v.check((text) => !Number.isNaN(Date.parse(text))),
);
const FormValuesSchema = v.record(
  v.string(),
  v.union([v.null(), v.string(), v.boolean(), v.pipe(v.number(), v.finite())]),
);
const ProfileSectionSchema = v.picklist(PROFILE_SECTIONS);

export const isFormValues = guard<FormValues>(FormValuesSchema);
export const isStringFields = guard<Record<string, string>>(v.record(v.string(), v.string()));
export const isProfileSection = guard<(typeof PROFILE_SECTIONS)[number]>(ProfileSectionSchema);

export const isFavouriteRecord = guard<FavouriteRecord>(
  v.object({ itemId: integer, at: timestamp }),
);

export const isSavedSearchRecord = guard<SavedSearchRecord>(
  v.object({ ...WatchedSearchSchema.entries, key: v.string(), at: timestamp }),
);

export const isFollowRecord = guard<FollowRecord>(v.object({ creatorId: integer, at: timestamp }));

export const isDraft = guard<Draft>(
  v.object({ formId: nonEmpty, values: FormValuesSchema, savedAt: timestamp }),
);

export const isProfileRecord = guard<ProfileRecord>(
  v.object({
    section: ProfileSectionSchema,
    values: FormValuesSchema,
    savedAt: timestamp,
    version: v.optional(v.pipe(integer, v.minValue(0))),
  }),
);

export const isAccountRecord = guard<AccountRecord>(
  v.object({
    name: v.string(),
    email: nonEmpty,
    passwordHash: nonEmpty,
    salt: nonEmpty,
    iterations: v.pipe(integer, v.minValue(1)),
    createdAt: timestamp,
    updatedAt: v.optional(timestamp),
    serverId: v.optional(integer),
  }),
);

export const isImageRecord = guard<ImageRecord>(
  v.object({
    key: nonEmpty,
    type: v.string(),
    data: v.instance(ArrayBuffer),
    createdAt: timestamp,
  }),
);
