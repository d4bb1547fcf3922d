// What the device reads of the server's answers, one valibot schema per endpoint it asks
// (docs/sync.md: the protocol written once as schemas). The device loads this module with its
// first answer (src/data/core/api.ts), so the app's first code does not carry it. Records in a
// list stay loose objects here: the device checks each one as it lands it.
import * as v from 'valibot';
import { ActivityEntrySchema, ServerBidSchema } from './schemas';

const Records = v.array(v.looseObject({}));
/** The cursor of the page after (none: the last page, or a search ranked by the server). */
const Next = v.pipe(
  v.optional(v.nullable(v.string())),
  v.transform((next) => next ?? undefined),
);
const Counted = { total: v.number(), capped: v.optional(v.boolean(), false), page: v.number() };
/** The cursor of an older page of history, null when this page is the last. */
const Older = v.nullable(v.string());

export const ANSWERS = {
  /** GET /api/items. */
  itemList: v.object({ items: Records, cursor: v.number(), ...Counted, next: Next }),
  /** GET /api/creators. */
  creatorList: v.object({ creators: Records, cursor: v.number(), ...Counted, next: Next }),
  /** GET /api/creators/:id. */
  creator: v.object({ creator: v.looseObject({}), cursor: v.number() }),
  /** GET /api/collections (its page is the one asked). */
  collectionList: v.object({
    collections: v.array(v.unknown()),
    total: v.number(),
    capped: v.optional(v.boolean(), false),
  }),
  /** GET /api/items/:id/bids. */
  bidsPage: v.object({ bids: v.array(ServerBidSchema), next: Older }),
  /** GET /api/activity. */
  activityPage: v.object({ entries: v.array(ActivityEntrySchema), next: Older }),
};

export type AnswerName = keyof typeof ANSWERS;
export type Answer<K extends AnswerName> = v.InferOutput<(typeof ANSWERS)[K]>;

/** The answer `body` as `name`'s schema reads it, or null when it is not one. */
export function readAnswer<K extends AnswerName>(name: K, body: unknown): Answer<K> | null {
  const result = v.safeParse(ANSWERS[name], body);
  return result.success ? (result.output as Answer<K>) : null;
}
