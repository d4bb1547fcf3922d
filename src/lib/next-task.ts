// Yielding to the browser between pieces of start-up work, so that they run as several short
// tasks rather than one long one that holds back input and paint. `scheduler.yield()` where the
// browser has it: the rest runs ahead of other queued tasks. Elsewhere a message the page posts
// to itself: a task of its own straight away (a 0 ms timer may be clamped or throttled).

interface YieldingScheduler {
  yield(): Promise<void>;
}

/** Resolves in a later task of the main thread. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return (scheduler as YieldingScheduler).yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
