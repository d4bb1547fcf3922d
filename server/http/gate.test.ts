// The gate for costly work (gate.ts): how many run at once, who waits, who is refused.
import { describe, expect, it } from 'vitest';
import { Abandoned } from '../db/read-lane.ts';
import { Gate } from './gate.ts';

class Full extends Error {}

/** A piece of work that runs until `finish` is called. */
function held() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish: () => finish() };
}

describe('a gate', () => {
  it('runs `size` at once, lets the next wait in order, and refuses one past the queue', async () => {
    const gate = new Gate(2, 1, () => new Full());
    const started: string[] = [];
    const jobs = ['a', 'b', 'c'].map((name) => {
      const job = held();
      const result = gate.run(async () => {
        started.push(name);
        await job.work();
        return name;
      });
      return { ...job, result };
    });
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    await expect(gate.run(async () => 'd')).rejects.toBeInstanceOf(Full);
    jobs[1]?.finish();
    expect(await jobs[1]?.result).toBe('b');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    jobs[0]?.finish();
    jobs[2]?.finish();
    expect(await Promise.all(jobs.map((job) => job.result))).toEqual(['a', 'b', 'c']);
    // Free again: a failing piece of work gives its turn back too.
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await Promise.all([gate.run(async () => 1), gate.run(async () => 2)])).toEqual([1, 2]);
  });
});

describe('a fair gate', () => {
  /** Starts `work` for `client` through the gate; its start is recorded in `started`. */
  function start(
    gate: Gate,
    started: string[],
    client: string,
    name: string,
    signal?: AbortSignal,
  ) {
    const job = held();
    const result = gate.run(
      async () => {
        started.push(name);
        await job.work();
        return name;
      },
      client,
      signal,
    );
    return { ...job, result };
  }

  it('gives a freed place to the client that holds fewest, not to the flood that came first', async () => {
    const gate = new Gate(2, 10, () => new Full());
    const started: string[] = [];
    const flood = ['f1', 'f2', 'f3', 'f4', 'f5'].map((name) => start(gate, started, 'flood', name));
    const other = start(gate, started, 'other', 'o1');
    await Promise.resolve();
    expect(started).toEqual(['f1', 'f2']);
    flood[0]?.finish();
    await flood[0]?.result;
    await Promise.resolve();
    // The other client waited behind three of the flood's and goes first all the same.
    expect(started).toEqual(['f1', 'f2', 'o1']);
    other.finish();
    for (const job of flood.slice(1)) job.finish();
    expect(await Promise.all(flood.map((job) => job.result))).toHaveLength(5);
    expect(await other.result).toBe('o1');
  });

  it('holds one client to its share of the queue: a newcomer takes the newest place of the flood', async () => {
    const gate = new Gate(1, 3, () => new Full());
    const started: string[] = [];
    const flood = ['f1', 'f2', 'f3', 'f4'].map((name) => start(gate, started, 'flood', name));
    flood.forEach((job) => job.result.catch(() => undefined));
    // One runs, three wait: the queue is full, and the flood's next is refused.
    await expect(gate.run(async () => 'f5', 'flood')).rejects.toBeInstanceOf(Full);
    const other = start(gate, started, 'other', 'o1');
    // The flood's newest waiter gave up its place to the other client.
    await expect(flood[3]?.result).rejects.toBeInstanceOf(Full);
    // Two waiting against one: the flood's next is refused, not the other client's.
    await expect(gate.run(async () => 'f6', 'flood')).rejects.toBeInstanceOf(Full);
    flood[0]?.finish();
    await flood[0]?.result;
    await Promise.resolve();
    expect(started).toEqual(['f1', 'o1']);
    other.finish();
    flood[1]?.finish();
    flood[2]?.finish();
    expect(await Promise.all([flood[1]?.result, flood[2]?.result, other.result])).toEqual([
      'f2',
      'f3',
      'o1',
    ]);
    expect(started).toEqual(['f1', 'o1', 'f2', 'f3']);
  });

  it('lets an abandoned request leave the queue: it never runs and takes no place', async () => {
    const gate = new Gate(1, 2, () => new Full());
    const started: string[] = [];
    const first = start(gate, started, 'a', 'first');
    const leaving = new AbortController();
    const gone = start(gate, started, 'b', 'gone', leaving.signal);
    leaving.abort();
    await expect(gone.result).rejects.toBeInstanceOf(Abandoned);
    // Its place in the queue is free again: two more may wait.
    const next = [start(gate, started, 'c', 'c1'), start(gate, started, 'c', 'c2')];
    first.finish();
    for (const job of next) job.finish();
    expect(await Promise.all(next.map((job) => job.result))).toEqual(['c1', 'c2']);
    expect(started).toEqual(['first', 'c1', 'c2']);
    // A request already abandoned does not even wait.
    await expect(gate.run(async () => 'late', 'd', AbortSignal.abort())).rejects.toBeInstanceOf(
      Abandoned,
    );
  });
});
