// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serialRunner } from '../serial-runner';

/** A task whose runs each wait until the test lets them finish. */
function gatedTask(fail?: (run: number) => Error | undefined) {
  const gates: (() => void)[] = [];
  let runs = 0;
  let active = 0;
  let mostAtOnce = 0;
  const task = async () => {
    runs += 1;
    const run = runs;
    active += 1;
    mostAtOnce = Math.max(mostAtOnce, active);
    await new Promise<void>((resolve) => gates.push(resolve));
    active -= 1;
    const error = fail?.(run);
    if (error) throw error;
  };
  /** Lets the waiting run finish, then lets the runner take its next step. */
  const finish = async () => {
    gates.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    task,
    finish,
    get runs() {
      return runs;
    },
    get mostAtOnce() {
      return mostAtOnce;
    },
  };
}

const noError = (error: unknown) => {
  throw new Error(`unexpected: ${String(error)}`);
};

describe('serialRunner', () => {
  it('runs the task once at a time, and calls during a run fold into exactly one more run', async () => {
    const gated = gatedTask();
    const runner = serialRunner(gated.task, { onError: noError });
    const first = runner.run();
    expect(runner.busy).toBe(true);
    const during = [runner.run(), runner.run(), runner.run()];
    expect(gated.runs).toBe(1);

    let duringDone = false;
    void Promise.all(during).then(() => (duringDone = true));
    await gated.finish();
    expect(gated.runs).toBe(2);
    expect(duringDone).toBe(false); // waits for the run that began after it, not the first

    await gated.finish();
    await Promise.all([first, ...during]);
    expect(duringDone).toBe(true);
    expect(gated.runs).toBe(2);
    expect(gated.mostAtOnce).toBe(1);
    expect(runner.busy).toBe(false);
  });

  it('starts a new run for a call after the last run is over', async () => {
    const gated = gatedTask();
    const runner = serialRunner(gated.task, { onError: noError });
    const first = runner.run();
    await gated.finish();
    await first;
    const second = runner.run();
    expect(runner.busy).toBe(true);
    await gated.finish();
    await second;
    expect(gated.runs).toBe(2);
  });

  it('hands a failure to onError, ends that run, and runs again at the next call', async () => {
    const failure = new Error('the database is out of reach');
    const gated = gatedTask((run) => (run === 1 ? failure : undefined));
    const reported: unknown[] = [];
    const runner = serialRunner(gated.task, { onError: (error) => reported.push(error) });
    const first = runner.run();
    const during = runner.run(); // dropped with the failed run: the next call starts again
    await gated.finish();
    await expect(first).resolves.toBeUndefined();
    await expect(during).resolves.toBeUndefined();
    expect(reported).toEqual([failure]);
    expect(gated.runs).toBe(1);
    expect(runner.busy).toBe(false);

    const next = runner.run();
    await gated.finish();
    await next;
    expect(gated.runs).toBe(2);
    expect(reported).toEqual([failure]);
  });

  it('repeats only while mayRepeat says so', async () => {
    const gated = gatedTask();
    let stopped = false;
    const runner = serialRunner(gated.task, { onError: noError, mayRepeat: () => !stopped });
    const first = runner.run();
    void runner.run();
    stopped = true;
    await gated.finish();
    await first;
    expect(gated.runs).toBe(1);
    expect(runner.busy).toBe(false);
  });

  it('keeps the run in progress as `running`', async () => {
    const gated = gatedTask();
    const runner = serialRunner(gated.task, { onError: noError });
    await expect(runner.running).resolves.toBeUndefined(); // none yet
    const first = runner.run();
    expect(runner.running).toBe(first);
    await gated.finish();
    await runner.running;
    expect(runner.busy).toBe(false);
  });

  it('goes once more when the task asks for it', async () => {
    let runs = 0;
    const runner = serialRunner(
      async () => {
        runs += 1;
        if (runs < 3) runner.again();
        await Promise.resolve();
      },
      { onError: noError },
    );
    await runner.run();
    expect(runs).toBe(3);
    expect(runner.busy).toBe(false);
  });
});
