// The collection record the server sends (GET /api/collections): a card's picture, title and
// creator, its strip of images and its item count. A module of its own: the device checks the
// server's collections with it in code loaded when a list asks (src/data/device/collection-lists.ts),
// so the app's first code does not carry it.
import * as v from 'valibot';
import { CARD_SUBJECT_ENTRIES } from './schemas';

export const CollectionSchema = v.object({
  ...CARD_SUBJECT_ENTRIES,
  /** How many items the card says it has. */
  items: v.pipe(v.number(), v.integer()),
});
