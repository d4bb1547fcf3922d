// The gate for costly work (gate.ts): how many run at once, who waits, who is refused.
import { describe, expect, it } from 'vitest';
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
