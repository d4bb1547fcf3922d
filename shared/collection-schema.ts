// The collection record the server sends (GET /api/collections): a card's picture, title and
// creator, its strip of images and its item count. A module of its own: the device checks the
// server's collections with it in code loaded when a list asks (src/data/device/collection-lists.ts),
// so the app's first code does not carry it.
import * as v from 'valibot';
import { SubImageSchema } from './schemas';

const integer = v.pipe(v.number(), v.integer());

export const CollectionSchema = v.object({
  id: integer,
  image: v.string(),
  avatar: v.string(),
  title: v.string(),
  subtext: v.string(),
  name: v.string(),
  creatorId: integer,
  subImage: v.array(SubImageSchema),
  /** How many items the card says it has. */
  items: integer,
});
