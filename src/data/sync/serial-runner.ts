// One task, never two at once: a call while it runs asks for one more run after it, and every
// call meanwhile folds into that one run ("busy, run again"). The sync engine runs its cycles
// this way (engine.ts): a write during a push is pushed by the next cycle, not by a second one
// beside it.

export interface SerialRunner {
  /** Runs the task now, or once more after the run in progress. */
  run(): void;
  /** Asks the run in progress to go once more (the task itself knows there is more to do). */
  again(): void;
  /** True while a run is in progress. */
  readonly busy: boolean;
  /** The run in progress, or the last one; resolves when it is over. */
  readonly running: Promise<void>;
}

/**
 * `mayRepeat` is asked before each repeat; false ends the run (a repeat asked for meanwhile is
 * dropped, as the next call to run() starts again). A task that throws ends the run, and
 * `running` rejects with its error.
 */
export function serialRunner(
  task: () => Promise<void>,
  mayRepeat: () => boolean = () => true,
): SerialRunner {
  let busy = false;
  let again = false;
  let running: Promise<void> = Promise.resolve();
  return {
    run() {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      running = (async () => {
        try {
          do {
            again = false;
            await task();
          } while (again && mayRepeat());
        } finally {
          busy = false;
        }
      })();
    },
    again() {
      again = true;
    },
    get busy() {
      return busy;
    },
    get running() {
      return running;
    },
  };
}
