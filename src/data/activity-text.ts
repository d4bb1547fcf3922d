// The sentence an Activity entry reads as, for whoever is signed in: their own deeds say "You",
// anyone else's their name. Decided when shown, never stored, so an entry the server sends back
// in place of the device's own still reads "You" to its author and the name to everyone else.
import type { ActivityEntry } from '@shared/types';

/** `accountId`: the signed-in collector's server id (null: none, or an account only on this device). */
export function activityText(entry: ActivityEntry, accountId: number | null): string {
  const { actor } = entry;
  if (!actor) return entry.description;
  // An entry with no account id is the device's own (made before the account had a server id).
  const mine = actor.id === null || actor.id === accountId;
  const sentence = `${mine ? 'You' : actor.name} ${actor.deed}`;
  return actor.lead ? `${actor.lead} ${sentence}` : sentence;
}
