// Checks a queued mutation read back from the device store (the engine and the panel only, so
// the schema library stays out of the first visit's code).
import * as v from 'valibot';
import { toWire, type QueuedMutation } from '../core/outbox';
import { Mutation } from '@shared/protocol';

const STATES: readonly string[] = ['waiting', 'synced', 'refused'];

/** Guards what is read back from the store: a record that fails is dropped. */
export function isQueuedMutation(value: unknown): value is QueuedMutation {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.key === 'string' &&
    typeof r.owner === 'string' &&
    typeof r.label === 'string' &&
    typeof r.state === 'string' &&
    STATES.includes(r.state) &&
    v.is(Mutation, toWire(r as QueuedMutation))
  );
}
