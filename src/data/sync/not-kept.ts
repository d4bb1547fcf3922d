// What the device did not keep of the server's records (docs/sync.md "Pull"), so that an answer
// read before it (a list, a search, an opened item or creator) never lands a record older than
// what the log said since: a log entry skipped because the device does not hold its record (the
// working set), or a deletion. Each is remembered by its record's key with the entry's sequence,
// the newest NOT_KEPT_MAX of them; `since` is where that memory starts (the sequences of the
// ones it let go, the end of a snapshot, a trim of the working set), and an answer read before it
// lands only records the device holds.
import { isObject } from '../schemas';
import type { Tx } from './store-tx';

/** syncMeta: the memory of what the device did not keep. */
export const NOT_KEPT_KEY = 'notKept';
/** Records remembered, at most (the oldest go first, moving `since`). */
export const NOT_KEPT_MAX = 1000;

interface Memory {
  /** Entries up to here are not remembered. */
  since: number;
  /** `<topic>:<key>` → the sequence of the entry not kept. */
  keys: Record<string, number>;
}

function readMemory(value: unknown): Memory {
  if (!isObject(value) || typeof value.since !== 'number' || !isObject(value.keys)) {
    return { since: 0, keys: {} };
  }
  const keys: Record<string, number> = {};
  for (const [key, seq] of Object.entries(value.keys)) if (typeof seq === 'number') keys[key] = seq;
  return { since: value.since, keys };
}

/** The memory, read once a transaction and written back at its end when it changed. */
export class NotKept {
  private memory: Memory | null = null;
  private changed = false;

  constructor(private readonly tx: Tx) {}

  private async load(): Promise<Memory> {
    this.memory ??= readMemory(await this.tx.objectStore('syncMeta').get(NOT_KEPT_KEY));
    return this.memory;
  }

  /** The entry `seq` of `topic:key` was not kept (skipped, or the record deleted). */
  async remember(topic: string, key: string, seq: number): Promise<void> {
    const memory = await this.load();
    const name = `${topic}:${key}`;
    if ((memory.keys[name] ?? -1) >= seq || seq <= memory.since) return;
    memory.keys[name] = seq;
    this.changed = true;
  }

  /** Whether a copy of `topic:key` read when the log's newest entry was `readAt` is at least as
   * new as every entry of it the device did not keep. */
  async allows(topic: string, key: string, readAt: number): Promise<boolean> {
    const memory = await this.load();
    return readAt >= memory.since && (memory.keys[`${topic}:${key}`] ?? -1) <= readAt;
  }

  /** Records may have gone up to `seq` without being remembered one by one (a trim of the
   * working set): the memory starts there. `restart` (a snapshot's end, whose cursor may be
   * behind a log the server no longer has): it starts there afresh, holding nothing. */
  async startAt(seq: number, restart = false): Promise<void> {
    const memory = await this.load();
    if (restart) memory.keys = {};
    memory.since = restart ? seq : Math.max(memory.since, seq);
    for (const [name, kept] of Object.entries(memory.keys)) {
      if (kept <= memory.since) delete memory.keys[name];
    }
    this.changed = true;
  }

  /** Writes the memory back, its NOT_KEPT_MAX newest at most. */
  async save(): Promise<void> {
    if (!this.changed || !this.memory) return;
    const memory = this.memory;
    const entries = Object.entries(memory.keys).sort((a, b) => b[1] - a[1]);
    for (const [, seq] of entries.slice(NOT_KEPT_MAX)) memory.since = Math.max(memory.since, seq);
    memory.keys = Object.fromEntries(entries.slice(0, NOT_KEPT_MAX));
    await this.tx.objectStore('syncMeta').put(memory, NOT_KEPT_KEY);
  }
}
