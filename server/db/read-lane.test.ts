// PGlite's one connection shared in order of need (read-lane.ts): public reads behind writes and
// live reads, never ahead; a bounded queue and wait; nothing started for a client gone.
import { describe, expect, it } from 'vitest';
import { Abandoned, PoolBusy, ReadLane, requestSignal } from './read-lane.ts';

const LIMITS = { readConnections: 1, queue: 2, waitMs: 200, readStatementMs: 0 };

/** Work that runs until `finish` is called, recording its start in `log`. */
function held(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

/** The event loop's next check phase: where the lane gives a read its turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("PGlite's read lane", () => {
  it('starts a public read only when no write and no other read is in flight', async () => {
    const lane = new ReadLane(LIMITS);
    const log: string[] = [];
    const write = held(log, 'write');
    const writing = lane.urgent(write.work);
    const read = held(log, 'read');
    const reading = lane.read(read.work);
    await Promise.resolve();
    expect(log).toEqual(['write']);
    // A write that comes while the read waits goes ahead of it.
    const second = held(log, 'second write');
    const secondWriting = lane.urgent(second.work);
    write.finish();
    await writing;
    await Promise.resolve();
    expect(log).toEqual(['write', 'second write']);
    second.finish();
    await secondWriting;
    await nextTurn();
    expect(log).toEqual(['write', 'second write', 'read']);
    read.finish();
    expect(await reading).toBe('read');
  });

  it('refuses a read past the queue, and one that waited past its time, with PoolBusy', async () => {
    const lane = new ReadLane(LIMITS);
    const log: string[] = [];
    const write = held(log, 'write');
    const writing = lane.urgent(write.work);
    const waiting = [lane.read(async () => 'a'), lane.read(async () => 'b')];
    await expect(lane.read(async () => 'c')).rejects.toBeInstanceOf(PoolBusy);
    // Held past waitMs behind the write: both refused, neither ran.
    for (const read of waiting) await expect(read).rejects.toBeInstanceOf(PoolBusy);
    write.finish();
    await writing;
    expect(await lane.read(async () => 'free again')).toBe('free again');
  });

  it('starts nothing for a request whose client went away', async () => {
    const lane = new ReadLane(LIMITS);
    let ran = false;
    const gone = AbortSignal.abort();
    await expect(
      requestSignal.run(gone, () =>
        lane.read(async () => {
          ran = true;
        }),
      ),
    ).rejects.toBeInstanceOf(Abandoned);
    // Nor for one that left while it waited behind a write.
    const log: string[] = [];
    const write = held(log, 'write');
    const writing = lane.urgent(write.work);
    const leaving = new AbortController();
    const queued = requestSignal.run(leaving.signal, () =>
      lane.read(async () => {
        ran = true;
      }),
    );
    leaving.abort();
    write.finish();
    await writing;
    await expect(queued).rejects.toBeInstanceOf(Abandoned);
    expect(ran).toBe(false);
  });

  it('starts no read in the turn of the event loop that asked for it, so what arrived meanwhile is read first', async () => {
    const lane = new ReadLane({ ...LIMITS, queue: 8 });
    const log: string[] = [];
    // A flood of reads, each of which PGlite would answer within its own turn.
    const reads = ['a', 'b', 'c'].map((name) =>
      lane.read(async () => {
        log.push(name);
        return name;
      }),
    );
    await Promise.resolve();
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['a']);
    // A write that arrives after the first read (a bid read off its socket) goes before the
    // next: the reads left do not run back to back.
    const write = held(log, 'write');
    const writing = lane.urgent(write.work);
    await nextTurn();
    await nextTurn();
    expect(log).toEqual(['a', 'write']);
    write.finish();
    await writing;
    expect(await Promise.all(reads)).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['a', 'write', 'b', 'c']);
  });
});
