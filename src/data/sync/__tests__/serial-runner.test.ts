import { describe, expect, it } from 'vitest';
import { serialRunner } from '../serial-runner';

/** A task whose runs each wait until released, counting how many ran and how many at once. */
function gatedTask() {
  const gates: (() => void)[] = [];
  const state = { runs: 0, inFlight: 0, mostAtOnce: 0 };
  const task = async () => {
    state.runs += 1;
    state.inFlight += 1;
    state.mostAtOnce = Math.max(state.mostAtOnce, state.inFlight);
    await new Promise<void>((resolve) => gates.push(resolve));
    state.inFlight -= 1;
  };
  /** Lets the oldest waiting run finish, once it has started. */
  const release = async () => {
    while (gates.length === 0) await Promise.resolve();
    gates.shift()?.();
  };
  return { task, state, release };
}

describe('serialRunner', () => {
  it('runs once, and is idle after', async () => {
    const { task, state, release } = gatedTask();
    const runner = serialRunner(task);
    expect(runner.busy).toBe(false);
    runner.run();
    expect(runner.busy).toBe(true);
    await release();
    await runner.running;
    expect(runner.busy).toBe(false);
    expect(state.runs).toBe(1);
  });

  it('folds every call made during a run into one more run after it, never two at once', async () => {
    const { task, state, release } = gatedTask();
    const runner = serialRunner(task);
    runner.run();
    runner.run();
    runner.run();
    runner.run();
    const first = runner.running;
    await release();
    await release();
    await first;
    expect(state.runs).toBe(2);
    expect(state.mostAtOnce).toBe(1);
    expect(runner.busy).toBe(false);
  });

  it('goes once more when the task asks for it', async () => {
    let runs = 0;
    const runner = serialRunner(async () => {
      runs += 1;
      if (runs < 3) runner.again();
      await Promise.resolve();
    });
    runner.run();
    await runner.running;
    expect(runs).toBe(3);
  });

  it('asks mayRepeat before each repeat, and a false ends the run', async () => {
    let runs = 0;
    let asked = 0;
    const runner = serialRunner(
      async () => {
        runs += 1;
        runner.again();
        await Promise.resolve();
      },
      () => (asked += 1) <= 2,
    );
    runner.run();
    await runner.running;
    expect(runs).toBe(3);
    expect(asked).toBe(3);
    expect(runner.busy).toBe(false);
  });

  it('ends the run when the task throws, and can run again after', async () => {
    let fail = true;
    const runner = serialRunner(async () => {
      await Promise.resolve();
      if (fail) throw new Error('boom');
    });
    runner.run();
    runner.run();
    await expect(runner.running).rejects.toThrow('boom');
    expect(runner.busy).toBe(false);
    fail = false;
    runner.run();
    await expect(runner.running).resolves.toBeUndefined();
  });
});
