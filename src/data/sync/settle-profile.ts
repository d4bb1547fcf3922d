// A profile save's answer lands (docs/sync.md "Edits merge"): the device keeps the section as
// the server merged it, with its version, but what a later waiting save of the section changed
// stays as typed; the fields another device saved first go on the change, for the sync panel.
import * as v from 'valibot';
import type { PushResult } from '@shared/protocol';
import type { QueuedMutation } from '../core/outbox';
import { isProfileRecord } from '../schemas';
import type { Tx } from './store-tx';

const value = v.union([v.string(), v.number(), v.boolean(), v.null()]);
const ProfileAnswer = v.object({
  version: v.pipe(v.number(), v.integer(), v.minValue(0)),
  fields: v.record(v.string(), value),
  lost: v.optional(v.array(v.object({ field: v.string(), yours: value, kept: value }))),
});

/** The synced change, with the fields it lost when there are any; the device's section takes
 * the server's merge. `queue`: every queued mutation, for the later waiting saves. */
export async function settleProfile(
  tx: Tx,
  m: Extract<QueuedMutation, { kind: 'profile' }>,
  result: Extract<PushResult, { status: 'applied' }>,
  queue: readonly QueuedMutation[],
): Promise<QueuedMutation> {
  const parsed = v.safeParse(ProfileAnswer, result);
  if (!parsed.success) return m;
  const { version, fields, lost } = parsed.output;
  const profile = tx.objectStore('profile');
  const key: [string, string] = [m.owner, m.args.section];
  const stored = await profile.get(key);
  if (isProfileRecord(stored) && (stored.version ?? 0) <= version) {
    const typed = stored.values;
    const values = { ...fields };
    for (const later of queue) {
      if (later.kind !== 'profile' || later.key !== m.key || later.owner !== m.owner) continue;
      if (later.id === m.id || later.state !== 'waiting') continue;
      for (const field of Object.keys(later.args.fields)) {
        const mine = typed[field];
        if (mine !== undefined) values[field] = mine;
      }
    }
    await profile.put({ ...stored, values, version });
  }
  return lost && lost.length > 0 ? { ...m, lost } : m;
}

/**
 * The answer of a save that a later save of the section took in while it was on its way to the
 * server (device/forms.ts): the server has its fields at `version`. When that is the version
 * right after the later save's base, nobody else saved between, and the later save goes against
 * it: a field both changed is not told lost to this device's own save.
 */
export async function rebaseAbsorbed(
  tx: Tx,
  result: Extract<PushResult, { status: 'applied' }>,
  queue: readonly QueuedMutation[],
): Promise<void> {
  const parsed = v.safeParse(ProfileAnswer, result);
  if (!parsed.success) return;
  const later = queue.find((m) => m.state === 'waiting' && m.absorbed?.includes(result.id));
  if (later?.kind !== 'profile' || later.args.base === undefined) return;
  if (parsed.output.version !== later.args.base + 1) return;
  const args = { ...later.args, base: parsed.output.version };
  await tx.objectStore('mutations').put({ ...later, args });
}
