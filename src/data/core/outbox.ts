// The outbox of mutations: every write made on the device, queued in the same IndexedDB
// transaction as the write itself, until the server has applied or refused it. The sync
// engine pushes it; the sync panel lists it.
import type { Owner } from '../owner';
import type { LostEdit, Mutation, MutationKind, RefusalCode } from '@shared/protocol';
import { MUTATION_VERSION } from '@shared/version';

export type QueuedState = 'waiting' | 'synced' | 'refused';

/** A mutation as the device keeps it: the mutation itself plus its place in the queue. */
export type QueuedMutation = Mutation & {
  /** The account it was made under (owner.ts): pushed only under that account's session;
   * 'signed-out' until the first account that signs in adopts it. */
  owner: Owner;
  /** The record it changes ("item:5", "follow:3"): mutations of one key go in order. */
  key: string;
  /** What the change was, in words, for the sync panel ("Bid 4.8 ETH on Red Planet"). */
  label: string;
  state: QueuedState;
  /** When the server applied or refused it (ISO). */
  doneAt?: string;
  code?: RefusalCode;
  /** What happened and what to do, from the server (refused only). */
  error?: string;
  /** A profile save's fields another device saved first, which the server kept (synced only;
   * docs/sync.md "Edits merge"). */
  lost?: LostEdit[];
  /** The ids of the waiting saves of the record this one took in (a profile section's,
   * device/forms.ts): one may be on its way to the server, and its answer rebases this one. */
  absorbed?: string[];
};

/** Synced changes kept for the sync panel, at most; older ones are forgotten. */
export const SYNCED_KEEP = 30;

export type MutationArgs<K extends MutationKind> = Extract<Mutation, { kind: K }>['args'];

export interface NewMutation<K extends MutationKind = MutationKind> {
  id: string;
  at: string;
  kind: K;
  args: MutationArgs<K>;
  key: string;
  label: string;
  owner: Owner;
  absorbed?: string[];
}

export function queuedMutation<K extends MutationKind>(m: NewMutation<K>): QueuedMutation {
  const candidate = { ...m, v: MUTATION_VERSION, state: 'waiting' as const };
  // The args were validated by the write; the cast ties kind and args together.
  return candidate as unknown as QueuedMutation;
}

/** The mutation as the server wants it: without the device's bookkeeping. */
export function toWire(q: QueuedMutation): Mutation {
  return { id: q.id, v: q.v, at: q.at, kind: q.kind, args: q.args } as Mutation;
}
