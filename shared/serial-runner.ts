// One task, never two at once: a call while it runs asks for one more run after it, and every
// call meanwhile folds into that one run ("busy, run again"). The device's sync engine runs its
// cycles this way (src/data/sync/engine.ts: a write during a push is pushed by the next cycle,
// not by a second one beside it), and so do the server's loops: the event hub's reads of the
// change log and each stream's sending (server/sync/event-hub.ts), the log's compaction
// (server/sync/compaction.ts) and the housekeeping (server/housekeeping.ts).

export interface SerialRunner {
  /**
   * Runs the task now, or once more after the run in progress. Resolves when a run that began
   * after this call is over; never rejects (a failure goes to `onError`).
   */
  run(): Promise<void>;
  /** Asks the run in progress to go once more (the task itself knows there is more to do). */
  again(): void;
  /** True while a run is in progress. */
  readonly busy: boolean;
  /** The run in progress, or the last one; resolves when it is over. */
  readonly running: Promise<void>;
}

export interface SerialRunnerOptions {
  /**
   * Where a failure goes: a task that throws ends the run (a repeat asked for meanwhile is
   * dropped, as the next call to run() starts again) and its error is handed here.
   */
  onError: (error: unknown) => void;
  /** Asked before each repeat; false ends the run (the next call to run() starts again). */
  mayRepeat?: () => boolean;
}

export function serialRunner(
  task: () => Promise<void>,
  { onError, mayRepeat = () => true }: SerialRunnerOptions,
): SerialRunner {
  let busy = false;
  let again = false;
  let running: Promise<void> = Promise.resolve();
  return {
    run() {
      if (busy) {
        again = true;
        return running;
      }
      busy = true;
      running = (async () => {
        try {
          do {
            again = false;
            await task();
          } while (again && mayRepeat());
        } catch (error) {
          onError(error);
        } finally {
          busy = false;
        }
      })();
      return running;
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

/**
 * `begin`, run by the first call only; every call gets its promise. One that failed runs again
 * at the next call (a listener that could not be set up, a database that was not there yet).
 */
export function startOnce(begin: () => Promise<void>): () => Promise<void> {
  let started: Promise<void> | null = null;
  return () => {
    started ??= begin().catch((error: unknown) => {
      started = null;
      throw error;
    });
    return started;
  };
}
